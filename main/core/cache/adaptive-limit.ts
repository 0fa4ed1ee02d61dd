// How many PDFs a bulk job downloads at once, set by the service's own answers: one more
// while they come back quickly and whole, one fewer when they slow down, half as many and a
// pause as long as its Retry-After says when it answers 429 or 503. Bounded above by half of
// an account's connection pool (createAgent's 16), so the person's own requests and the sync
// always find a connection free while a bulk job runs.

export const BULK_MAX_CONCURRENCY = 8;
/** A pause when the service says it is busy without saying for how long; doubled each time, up to the cap. */
const FIRST_BACKOFF_MS = 1_000;
const MAX_BACKOFF_MS = 60_000;
/** An answer this many times slower than the fastest recent ones means the service is saturating. */
const SLOW_FACTOR = 3;

export interface AdaptiveLimitOptions {
  initial?: number;
  max?: number;
  now: () => number;
}

export interface AdaptiveLimit {
  /** How many may run now (0 while paused by the service). */
  allowed(): number;
  /** When a pause ends (ms since the epoch), or null when not paused. */
  pausedUntil(): number | null;
  /** A download ended well, in `elapsedMs`. */
  succeeded(elapsedMs: number): void;
  /** The service said it is busy (429 or 503), with how long to wait if it said. */
  busy(retryAfterMs: number | null): void;
}

export function createAdaptiveLimit(options: AdaptiveLimitOptions): AdaptiveLimit {
  const max = Math.max(1, options.max ?? BULK_MAX_CONCURRENCY);
  let limit = Math.min(max, Math.max(1, options.initial ?? 2));
  let quickInARow = 0;
  let fastestMs: number | null = null;
  let backoffMs = FIRST_BACKOFF_MS;
  let pauseEnds: number | null = null;

  return {
    allowed() {
      if (pauseEnds !== null && options.now() < pauseEnds) return 0;
      pauseEnds = null;
      return limit;
    },
    pausedUntil() {
      return pauseEnds !== null && options.now() < pauseEnds ? pauseEnds : null;
    },
    succeeded(elapsedMs) {
      backoffMs = FIRST_BACKOFF_MS;
      // The fastest answer drifts up slowly, so a service that got slower for good sets a new normal.
      fastestMs = fastestMs === null ? elapsedMs : Math.min(elapsedMs, fastestMs * 1.05);
      if (elapsedMs > fastestMs * SLOW_FACTOR && elapsedMs > 50) {
        limit = Math.max(1, limit - 1);
        quickInARow = 0;
        return;
      }
      // One more after a whole round of quick answers at this width.
      if (++quickInARow >= limit) {
        limit = Math.min(max, limit + 1);
        quickInARow = 0;
      }
    },
    busy(retryAfterMs) {
      limit = Math.max(1, Math.floor(limit / 2));
      quickInARow = 0;
      const waitMs = retryAfterMs !== null && retryAfterMs >= 0 ? Math.min(retryAfterMs, MAX_BACKOFF_MS) : backoffMs;
      if (retryAfterMs === null) backoffMs = Math.min(MAX_BACKOFF_MS, backoffMs * 2);
      pauseEnds = Math.max(pauseEnds ?? 0, options.now() + waitMs);
    },
  };
}

/** A width that never changes (what bulk downloads used before): busy answers still pause it. */
export function createFixedLimit(width: number, now: () => number): AdaptiveLimit {
  const paused = createAdaptiveLimit({ initial: 1, max: 1, now });
  return {
    allowed: () => (paused.allowed() === 0 ? 0 : width),
    pausedUntil: () => paused.pausedUntil(),
    succeeded: () => undefined,
    busy: (retryAfterMs) => paused.busy(retryAfterMs),
  };
}

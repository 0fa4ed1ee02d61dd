import type { Clock } from '../../ports';

export interface IssuedToken {
  accessToken: string;
  /** Lifetime in seconds, as the token endpoint gave it. */
  expiresIn: number;
}

export interface TokenManager {
  /** A token valid for a while yet: the cached one, or a fresh exchange shared by all callers. */
  token(): Promise<string>;
  /** The cached token while it is valid, without waiting; null when token() would exchange. */
  peek(): string | null;
  /** Drops `token` if it is still the current one (after a 401), so the next call exchanges. */
  invalidate(token: string): void;
  /** Milliseconds since the epoch when the current token is due for refresh; null without one. */
  refreshDueAt(): number | null;
}

export interface TokenManagerOptions {
  exchange: () => Promise<IssuedToken>;
  clock: Clock;
  /** Refresh this long before expiry. Default 5 minutes. */
  refreshMarginMs?: number;
  /** Told every new token, e.g. to register it for redaction. */
  onToken?: (accessToken: string) => void;
}

const DEFAULT_REFRESH_MARGIN_MS = 5 * 60_000;

/**
 * Keeps one access token in memory. Expiry is computed on the local clock at the moment the
 * answer arrived, from the returned `expiresIn`, so a skewed server clock does not matter;
 * and it is checked at every use rather than by a timer, so a machine waking from sleep
 * refreshes before its first call. Concurrent callers share one exchange; a failed exchange
 * rejects all of them and the next call starts afresh.
 */
export function createTokenManager(options: TokenManagerOptions): TokenManager {
  const margin = options.refreshMarginMs ?? DEFAULT_REFRESH_MARGIN_MS;
  let current: { accessToken: string; refreshAt: number } | null = null;
  let inFlight: Promise<string> | null = null;

  async function exchange(): Promise<string> {
    const issued = await options.exchange();
    const receivedAt = options.clock.now();
    const lifetimeMs = issued.expiresIn * 1000;
    // A short-lived token (shorter than twice the margin) is refreshed at half its life
    // rather than immediately on every use.
    const earlyBy = Math.min(margin, lifetimeMs / 2);
    current = { accessToken: issued.accessToken, refreshAt: receivedAt + lifetimeMs - earlyBy };
    options.onToken?.(issued.accessToken);
    return issued.accessToken;
  }

  const peek = () => (current && options.clock.now() < current.refreshAt ? current.accessToken : null);

  return {
    token() {
      const valid = peek();
      if (valid !== null) return Promise.resolve(valid);
      if (!inFlight) {
        inFlight = exchange().finally(() => {
          inFlight = null;
        });
      }
      return inFlight;
    },
    peek,
    invalidate(token) {
      if (current?.accessToken === token) current = null;
    },
    refreshDueAt: () => current?.refreshAt ?? null,
  };
}

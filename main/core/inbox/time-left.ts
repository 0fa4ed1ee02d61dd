// "About 12 minutes left" from the measured rate: the quotes done over the last minute or so,
// not since the start, so a job that sped up (or met a busy service) says what is true now.

/** The rate is read over this much of the recent past. */
const WINDOW_MS = 60_000;
/** Fewer seconds of measurement than this, or fewer quotes, give no estimate yet rather than a wild one. */
const MIN_SPAN_MS = 3_000;
const MIN_DONE = 3;

export interface RateEstimate {
  /** Seconds left at the recent rate, once there is enough to measure; null before. */
  secondsLeft(done: number, total: number): number | null;
}

export function createRateEstimate(now: () => number): RateEstimate {
  const samples: { at: number; done: number }[] = [{ at: now(), done: 0 }];
  return {
    secondsLeft(done, total) {
      const at = now();
      samples.push({ at, done });
      while (samples.length > 2 && samples[1]!.at <= at - WINDOW_MS) samples.shift();
      const first = samples[0]!;
      const span = at - first.at;
      const moved = done - first.done;
      if (span < MIN_SPAN_MS || moved < MIN_DONE) return null;
      return Math.round(((total - done) * span) / moved / 1000);
    },
  };
}

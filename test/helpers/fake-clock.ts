import type { Clock } from '../../main/core/ports';

/** A clock that only moves when told; every sleep is recorded and returns at once, advancing time. */
export interface FakeClock extends Clock {
  advance(ms: number): void;
  readonly sleeps: number[];
}

export function createFakeClock(start = Date.parse('2025-03-01T09:00:00Z')): FakeClock {
  let now = start;
  const sleeps: number[] = [];
  return {
    now: () => now,
    sleep: async (ms, signal) => {
      if (signal?.aborted) throw signal.reason;
      sleeps.push(ms);
      now += ms;
    },
    advance: (ms) => {
      now += ms;
    },
    sleeps,
  };
}

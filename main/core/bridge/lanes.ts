// Lanes (CallOptions.lane in preload/contract/plain/api-builder.ts): a page that sends a
// later call of a lane has stopped waiting for the earlier one, which then takes the later
// call's answer. The host therefore neither computes nor answers a superseded call: at each
// keystroke of the inbox's search, a query the next key already replaced costs nothing.

/** What a superseded call comes to: nothing to answer. */
export const SUPERSEDED: unique symbol = Symbol('superseded');

export interface LaneGate {
  /**
   * Runs `work` for a call of `lane` unless a later call of the same lane arrives before it
   * starts; its result is SUPERSEDED instead when a later call arrived before it was done.
   */
  run<T>(lane: string, work: () => Promise<T>): Promise<T | typeof SUPERSEDED>;
}

/** One gate per connection: lanes are a page's own, never shared between pages. */
export function createLaneGate(): LaneGate {
  const latest = new Map<string, object>();
  return {
    async run(lane, work) {
      const ticket = {};
      latest.set(lane, ticket);
      // Frames read together (the keys a busy page sent at once) are all seen before any of
      // them runs: the check waits until the I/O of this turn has been read.
      await new Promise<void>((resolve) => setImmediate(resolve));
      if (latest.get(lane) !== ticket) return SUPERSEDED;
      try {
        const result = await work();
        return latest.get(lane) === ticket ? result : SUPERSEDED;
      } finally {
        if (latest.get(lane) === ticket) latest.delete(lane);
      }
    },
  };
}

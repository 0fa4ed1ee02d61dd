// The page's side of lanes (CallOptions.lane) for a transport that cannot take a call back:
// a call of a lane made while an earlier one is unanswered takes the earlier call's callers
// with it, and the earlier call's own answer, whenever it comes, is dropped. The host, told
// each call's lane, may skip the superseded ones (main/core/bridge/lanes.ts).

export type LaneJoiner = <T>(lane: string, send: () => Promise<T>) => Promise<T>;

export function createLaneJoiner(): LaneJoiner {
  const lanes = new Map<string, { settlers: Array<{ resolve: (value: never) => void; reject: (error: unknown) => void }> }>();
  return <T>(lane: string, send: () => Promise<T>) =>
    new Promise<T>((resolve, reject) => {
      const earlier = lanes.get(lane)?.settlers ?? [];
      const entry = { settlers: [...earlier, { resolve: resolve as (value: never) => void, reject }] };
      lanes.set(lane, entry);
      const settle = (outcome: (settler: (typeof entry.settlers)[number]) => void) => {
        if (lanes.get(lane) !== entry) return;
        lanes.delete(lane);
        for (const settler of entry.settlers) outcome(settler);
      };
      send().then(
        (value) => settle((settler) => settler.resolve(value as never)),
        (error: unknown) => settle((settler) => settler.reject(error)),
      );
    });
}

// Which team entries were told already, kept across restarts: the desk reads the bucket's whole
// history again at each start, re-sync and reconnect, and each entry must be told once. Small
// and bounded: the ids told, and a floor below which nothing is news (raised as old ids are
// dropped), so one whose id was dropped long ago never comes back. When this person's key first
// comes here, what the desk holds then is the team's past: taken as told, not announced.
import { z } from 'zod';
import type { Clock, Logger } from '../ports';
import { createStateWriter, loadStateFile } from './state-file';

const TeamLedgerFile = z.object({
  version: z.literal(1),
  me: z.string(),
  floor: z.number(),
  told: z.array(z.tuple([z.string(), z.number()])),
});

export interface TeamLedger {
  /**
   * Whose entries are told from now. A key not seen here before starts a new ledger: `present`
   * (what its desk holds now) taken as told, the floor a little before now.
   */
  begin(me: string, present: readonly { id: string; at: number }[]): void;
  /** True the first time an entry (by id, signed at `at`) is offered and is not older than the floor; it is then remembered. */
  claim(id: string, at: number): boolean;
  flush(): Promise<void>;
}

export interface TeamLedgerOptions {
  path: string;
  clock: Clock;
  logger: Logger;
  /** How many ids are kept; dropping one raises the floor to it. */
  capacity?: number;
}

/** How far behind ours a teammate's clock may be. */
export const CLOCK_SKEW_MS = 10 * 60_000;

export function createTeamLedger(options: TeamLedgerOptions): TeamLedger {
  const capacity = options.capacity ?? 5_000;
  const loaded = loadStateFile(options.path, TeamLedgerFile, options.logger, options.clock.now);
  let me = loaded?.me ?? null;
  let floor = loaded?.floor ?? 0;
  const told = new Map<string, number>(loaded?.told ?? []);
  const writer = createStateWriter(options.path, options.logger, () => ({ version: 1, me, floor, told: [...told] }));

  return {
    begin(key, present) {
      if (me === key) return;
      me = key;
      // Only a little before now: a teammate's clock may be behind ours, and an entry that arrives
      // later (this computer was offline when it joined) is still news.
      floor = options.clock.now() - CLOCK_SKEW_MS;
      told.clear();
      for (const { id, at } of present) told.set(id, at);
      writer.save();
    },
    claim(id, at) {
      if (me === null) return false;
      if (at < floor || told.has(id)) return false;
      told.set(id, at);
      // The oldest told go first; nothing signed before them can be news again.
      for (const [oldId, oldAt] of told) {
        if (told.size <= capacity) break;
        told.delete(oldId);
        floor = Math.max(floor, oldAt);
      }
      writer.save();
      return true;
    },
    flush: () => writer.flush(),
  };
}

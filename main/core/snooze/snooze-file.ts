// The snoozes on disk: one JSON object of snoozes by quote id, written atomically (one write
// at a time, each with everything known then). Read tolerantly: a file that is not JSON is
// set aside by the data-file loader and reported; a snooze in it that no longer reads is
// dropped alone, the file copied aside first, and that is reported too: the others stay.
import { copyFileSync } from 'node:fs';
import { Snooze } from '../../../preload/contract/bridge/snooze';
import { m } from '../../../i18n/paraglide/messages.js';
import { loadJsonDataFile, problemSaidWhenRead, writeFileAtomic } from '../data-files';
import type { DataFileProblem, Logger } from '../ports';

export interface SnoozeFile {
  /** The snoozes read at start. */
  readonly loaded: Snooze[];
  /** What was wrong with the file at start, or null. */
  readonly problem: DataFileProblem | null;
  /** Writes these snoozes (the whole set); rejects when they could not be written (they stay in memory and go with the next write). */
  write(snoozes: readonly Snooze[]): Promise<void>;
  /** Resolves once every write asked for has ended. */
  flush(): Promise<void>;
}

export function openSnoozeFile(path: string, deps: { logger: Logger; now: () => number }): SnoozeFile {
  const { logger, now } = deps;
  const read = loadJsonDataFile(path, { file: 'snoozes', now, logger });
  const loaded: Snooze[] = [];
  let unreadable = 0;
  for (const [quoteId, entry] of read.entries) {
    const snooze = Snooze.safeParse(entry);
    if (snooze.success && snooze.data.quoteId === quoteId) loaded.push(snooze.data);
    else unreadable += 1;
  }
  let problem = read.problem;
  if (unreadable > 0) problem = keepCopy(path, unreadable, now(), logger);
  let queue: Promise<void> = Promise.resolve();

  return {
    loaded,
    problem,
    write(snoozes) {
      if (!read.writable) return Promise.reject(new Error(m.main_data_snoozes_not_overwritten({ path })));
      const content = `${JSON.stringify(Object.fromEntries(snoozes.map((snooze) => [snooze.quoteId, snooze])), null, 2)}\n`;
      const write = queue.then(() => writeFileAtomic(path, content));
      queue = write.catch(() => undefined);
      return write;
    },
    flush: () => queue,
  };
}

/** The file as it was, kept beside it before the next write drops its unreadable snoozes. */
function keepCopy(path: string, unreadable: number, at: number, logger: Logger): DataFileProblem {
  let keptAt: string | null = `${path}.damaged-${new Date(at).toISOString().replace(/[:.]/g, '-')}`;
  try {
    copyFileSync(path, keptAt);
  } catch {
    keptAt = null;
  }
  logger.error('the snoozes file held unreadable snoozes', { path, keptAt, unreadable });
  return problemSaidWhenRead({ file: 'snoozes' as const, path, keptAt }, () => m.main_data_snoozes_unreadable_entries({ count: unreadable }));
}

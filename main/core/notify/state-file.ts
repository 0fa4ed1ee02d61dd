// Small JSON state files of the notification feature (the dedupe memory, unread flags):
// read once at start, written through the one atomic writer, one write at a time and only
// the latest state. A file that cannot be read is set aside and the feature starts empty:
// at worst a change is announced again or a quote shows as read, never a crash.
import { readFileSync, renameSync } from 'node:fs';
import type { z } from 'zod';
import type { Logger } from '../ports';
import { writeFileAtomic } from '../data-files';

export function loadStateFile<T>(path: string, schema: z.ZodType<T>, logger: Logger, now: () => number): T | null {
  let text: string;
  try {
    text = readFileSync(path, 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') logger.warn('state file could not be read; starting empty', { path, error: (error as Error).message });
    return null;
  }
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    parsed = undefined;
  }
  const checked = schema.safeParse(parsed);
  if (checked.success) return checked.data;
  const keptAt = `${path}.damaged-${now()}`;
  try {
    renameSync(path, keptAt);
    logger.warn('state file was damaged; it was set aside and the feature starts empty', { path, keptAt });
  } catch (error) {
    logger.warn('state file was damaged and could not be set aside; starting empty', { path, error: (error as Error).message });
  }
  return null;
}

export interface StateWriter {
  /** Schedules a write of the current state; calls while a write runs collapse into one more write. */
  save(): void;
  /** Resolves when everything saved so far is on disk (or its failure was logged). */
  flush(): Promise<void>;
}

/** `snapshot` gives the state as it is when the write starts, so the file always gets the latest. */
export function createStateWriter(path: string, logger: Logger, snapshot: () => unknown): StateWriter {
  let pending = false;
  let running: Promise<void> | null = null;

  async function drain(): Promise<void> {
    while (pending) {
      pending = false;
      try {
        await writeFileAtomic(path, JSON.stringify(snapshot()));
      } catch (error) {
        // The state in memory is still right; the next change writes it again.
        logger.warn('state file could not be written', { path, error: (error as Error).message });
      }
    }
  }

  return {
    save() {
      pending = true;
      if (!running) {
        running = drain().finally(() => {
          running = null;
        });
      }
    },
    async flush() {
      while (running) await running;
    },
  };
}

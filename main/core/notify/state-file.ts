// Small JSON state files of the notification feature (the dedupe memory, unread flags):
// read once at start, written through the one atomic writer, one write at a time and only
// the latest state. A file that cannot be read is set aside and the feature starts empty:
// at worst a change is announced again or a quote shows as read, never a crash.
import { readFileSync, renameSync } from 'node:fs';
import type { z } from 'zod';
import type { Logger } from '../ports';
import { writeFileAtomic } from '../storage';

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

export interface StateWriter<T> {
  /** Schedules a write of this state; later calls replace earlier pending ones. */
  save(state: T): void;
  /** Resolves when everything saved so far is on disk (or its failure was logged). */
  flush(): Promise<void>;
}

export function createStateWriter<T>(path: string, logger: Logger, serialise: (state: T) => unknown = (state) => state): StateWriter<T> {
  let pending: { state: T } | null = null;
  let running: Promise<void> | null = null;

  async function drain(): Promise<void> {
    while (pending) {
      const { state } = pending;
      pending = null;
      try {
        await writeFileAtomic(path, JSON.stringify(serialise(state)));
      } catch (error) {
        // The state in memory is still right; the next change writes it again.
        logger.warn('state file could not be written', { path, error: (error as Error).message });
      }
    }
  }

  return {
    save(state) {
      pending = { state };
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

import { existsSync, renameSync } from 'node:fs';
import { basename, dirname, join } from 'node:path';

/** The suffix of database files set aside; they are kept for support, never read again. */
export const QUARANTINE_MARK = '.unreadable-';

/**
 * Moves a database that could not be read (and its WAL and shared-memory files, which
 * belong to it) aside under a dated name. Returns where the main file went, or null when
 * it could not be moved (then the caller deletes nothing and starts in memory).
 */
export function quarantineDatabase(path: string, now: number): string | null {
  const stamp = new Date(now).toISOString().replace(/[:.]/g, '-');
  const target = join(dirname(path), `${basename(path)}${QUARANTINE_MARK}${stamp}`);
  try {
    renameSync(path, target);
  } catch {
    return null;
  }
  for (const suffix of ['-wal', '-shm']) {
    if (!existsSync(path + suffix)) continue;
    try {
      renameSync(path + suffix, target + suffix);
    } catch {
      // A stray WAL next to a fresh database would be replayed into it: that must not stay.
      throw new Error(`The unreadable cache's ${suffix.slice(1)} file could not be moved aside`);
    }
  }
  return target;
}

// Bounded retention for the logo folder. Nothing else ever removes a logo file, and addresses
// change (a company's new logo, a service that moves), so without this `logos/` only grows.
// A file's mtime says when it was last used (written when fetched, touched when read), so
// there is no index that could be lost or disagree with the folder.
import { readdir, stat, unlink } from 'node:fs/promises';
import { join } from 'node:path';
import type { Logger } from '../ports';

const DAY_MS = 24 * 60 * 60_000;
/**
 * A logo not shown for a month belongs to a company whose quotes are no longer opened; if one
 * is opened again, the logo costs one small request (initials while offline).
 */
export const LOGO_UNUSED_FOR_MS = 30 * DAY_MS;
/** Far more companies than a person deals with in a month, and each file is small. */
export const LOGO_MAX_FILES = 500;
/** Room for hundreds of typical logos (a few KiB each), and still 40 of the largest allowed (512 KiB). */
export const LOGO_MAX_FOLDER_BYTES = 20 * 1024 * 1024;

/** A logo file's name: the hash of its address, and the kind of image it holds. */
export const LOGO_FILE_NAME = /^[0-9a-f]{32}\.(png|jpg|gif|webp|svg)$/;

export interface LogoRetentionOptions {
  folder: string;
  /** Milliseconds since the epoch, from the core's clock. */
  now: number;
  logger: Logger;
  /**
   * Asked right before a file is removed, and in the same tick as the removal starts: true
   * keeps the file (the cache is reading or has used it in this run). The cache forgets the
   * file before answering false, so a read starting later fetches the logo again instead.
   */
  claim(name: string): boolean;
}

interface LogoFile {
  name: string;
  size: number;
  usedAt: number;
}

/**
 * Removes logo files unused for LOGO_UNUSED_FOR_MS, then the least recently used ones while
 * the folder holds more than LOGO_MAX_FILES or LOGO_MAX_FOLDER_BYTES. Never rejects: a
 * problem is logged, and at worst a logo is kept longer than it needed to be.
 */
export async function pruneLogoFolder(options: LogoRetentionOptions): Promise<void> {
  const { folder, now, logger } = options;
  let names: string[];
  try {
    names = await readdir(folder);
  } catch (error) {
    // No logo was ever kept: nothing to do, nothing to report.
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') logger.warn('the logo folder could not be read to remove unused logos', { error: (error as Error).message });
    return;
  }
  const files = await Promise.all(
    names
      .filter((name) => LOGO_FILE_NAME.test(name))
      .map(async (name): Promise<LogoFile | null> => {
        const stats = await stat(join(folder, name)).catch(() => null);
        return stats?.isFile() ? { name, size: stats.size, usedAt: stats.mtimeMs } : null;
      }),
  );
  let count = 0;
  let bytes = 0;
  const unused: string[] = [];
  // Most recently used first: once a bound is passed, everything older goes.
  for (const file of files.filter((file) => file !== null).sort((a, b) => b.usedAt - a.usedAt)) {
    count += 1;
    bytes += file.size;
    if (now - file.usedAt > LOGO_UNUSED_FOR_MS || count > LOGO_MAX_FILES || bytes > LOGO_MAX_FOLDER_BYTES) unused.push(file.name);
  }
  let removed = 0;
  const failures: string[] = [];
  for (const name of unused) {
    if (options.claim(name)) continue;
    try {
      await unlink(join(folder, name));
      removed += 1;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'ENOENT') failures.push((error as Error).message);
    }
  }
  if (removed > 0) logger.info('unused company logos removed', { removed, kept: count - removed });
  if (failures.length > 0) logger.warn('unused company logos could not be removed', { failed: failures.length, error: failures[0] });
}

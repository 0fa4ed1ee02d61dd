// What the open checks of the database file itself, before SQLite reads it: cheap checks
// only (its mode, its length against its header, the mark the background check leaves).
import { chmodSync, closeSync, openSync, readFileSync, readSync, statSync } from 'node:fs';

/**
 * The file and its WAL for the owner only, from the first byte: quotes are a client
 * company's business. SQLite gives the WAL and shared-memory files the database's mode.
 */
export function ownerOnly(path: string): void {
  closeSync(openSync(path, 'a', 0o600));
  for (const file of [path, `${path}-wal`, `${path}-shm`]) {
    try {
      chmodSync(file, 0o600);
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
    }
  }
}

const SQLITE_MAGIC = 'SQLite format 3\u0000';

/**
 * A file cut short is found at open by its length alone (the header says how many pages the
 * main file holds), so the open never reads the whole file.
 */
export function checkLength(path: string): void {
  const size = statSync(path).size;
  if (size < 100) return;
  const header = Buffer.alloc(100);
  const fd = openSync(path, 'r');
  try {
    readSync(fd, header, 0, 100, 0);
  } finally {
    closeSync(fd);
  }
  if (header.toString('latin1', 0, 16) !== SQLITE_MAGIC) return; // SQLite says "not a database" itself.
  const pageSize = header.readUInt16BE(16) === 1 ? 65_536 : header.readUInt16BE(16);
  const pages = header.readUInt32BE(28);
  // The page count is valid only when the change counter matches "version valid for".
  if (header.readUInt32BE(24) !== header.readUInt32BE(92)) return;
  if (pages * pageSize > size) throw new Error(`the file is cut short (${size} bytes of the ${pages * pageSize} its header names)`);
}

/** Beside the database: the background check found it damaged, so the next start sets it aside. */
export const damageMark = (path: string) => `${path}.damaged`;

export function readDamageMark(path: string): string | null {
  try {
    return readFileSync(damageMark(path), 'utf8') || 'the last integrity check found the file damaged';
  } catch {
    return null;
  }
}

// Start-up care of a data folder: remove what a crash left half-written and make sure only
// the folder's owner can read what is in it, now rather than at the next write.
import * as fs from 'node:fs';
import { join } from 'node:path';
import type { Logger } from '../ports';
import { TEMPORARY_FILE_PATTERN } from './atomic-file';

// Only the group's and others' bits are taken away: the owner keeps what it had (an
// executable stays executable if a folder was chosen carelessly).
const NOT_OWNER = 0o077;
// Deep enough for logs/ and a cache with a subfolder per account; deeper than this is not ours.
const MAX_DEPTH = 3;
// A temporary file whose writer may still be alive (another process on the same folder) is
// left alone unless it is this old: no write of ours takes an hour.
const ABANDONED_AFTER_MS = 60 * 60 * 1000;

// Temporary files of earlier versions, which wrote settings through conf (its `atomically`
// names them `settings.json.tmp-<16>`) and credentials as `.secrets.json.<12 hex>.tmp`. They
// carry no pid, so only their age says the writer is gone.
const LEGACY_LEFTOVERS = [/^(settings\.json)\.tmp-\d{10}[a-f0-9]{6}$/, /^\.(secrets\.json)\.[0-9a-f]{12}\.tmp$/];
const LEGACY_ABANDONED_AFTER_MS = 10 * 60 * 1000;

function describeLeftover(name: string): { target: string; pid: number | null } | null {
  const ours = TEMPORARY_FILE_PATTERN.exec(name);
  if (ours) return { target: ours[1]!, pid: Number(ours[2]) };
  for (const pattern of LEGACY_LEFTOVERS) {
    const legacy = pattern.exec(name);
    if (legacy) return { target: legacy[1]!, pid: null };
  }
  return null;
}

export interface SweepOptions {
  /** Only the temporary files of this target name (e.g. 'settings.json'), in this folder only. */
  target?: string;
  /** Whether the process that wrote a temporary file still runs. Default: asks the system. */
  isProcessAlive?: (pid: number) => boolean;
  now?: () => number;
}

/**
 * Removes temporary files of the atomic writer whose writing process is gone (a crash or a
 * kill mid-write). Returns the removed paths. Never throws: what cannot be removed stays.
 */
export function sweepTemporaryFiles(folder: string, options: SweepOptions = {}): string[] {
  const alive = options.isProcessAlive ?? isProcessAlive;
  const now = options.now ?? Date.now;
  const removed: string[] = [];
  const visit = (dir: string, depth: number) => {
    for (const entry of readEntries(dir)) {
      const path = join(dir, entry.name);
      if (entry.isDirectory() && options.target === undefined && depth < MAX_DEPTH) {
        visit(path, depth + 1);
        continue;
      }
      if (!entry.isFile()) continue;
      const leftover = describeLeftover(entry.name);
      if (!leftover || (options.target !== undefined && leftover.target !== options.target)) continue;
      if (leftover.pid === null) {
        if (!olderThan(path, LEGACY_ABANDONED_AFTER_MS, now())) continue;
      } else if (alive(leftover.pid) && !olderThan(path, ABANDONED_AFTER_MS, now())) {
        // A live writer (this process included) may be mid-write; a pid reused by an
        // unrelated process after a crash is caught by the age.
        continue;
      }
      try {
        fs.unlinkSync(path);
        removed.push(path);
      } catch {
        // Already gone, or not ours to remove.
      }
    }
  };
  visit(folder, 0);
  return removed;
}

/**
 * Takes away every permission of the group and others from one file or folder, so app data
 * files end 0600 and folders 0700. Returns whether it changed anything; symbolic links are
 * left alone, and on Windows (no Unix modes) it does nothing.
 */
export function makeOwnerOnly(path: string, onFailure?: (path: string, error: unknown) => void): boolean {
  if (process.platform === 'win32') return false;
  try {
    const stat = fs.lstatSync(path);
    if (stat.isSymbolicLink()) return false;
    if ((stat.mode & NOT_OWNER) === 0) return false;
    fs.chmodSync(path, stat.mode & 0o777 & ~NOT_OWNER);
    return true;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') onFailure?.(path, error);
    return false;
  }
}

/**
 * makeOwnerOnly for a folder, everything in it and its subfolders, so data written by an
 * older version or another tool is not left readable by others. Returns the changed paths.
 */
export function restrictToOwner(folder: string, onFailure?: (path: string, error: unknown) => void): string[] {
  const changed: string[] = [];
  const visit = (path: string, depth: number) => {
    if (makeOwnerOnly(path, onFailure)) changed.push(path);
    for (const entry of readEntries(path)) {
      const inner = join(path, entry.name);
      if (entry.isDirectory()) {
        if (depth < MAX_DEPTH) visit(inner, depth + 1);
      } else if (entry.isFile() && makeOwnerOnly(inner, onFailure)) {
        changed.push(inner);
      }
    }
  };
  visit(folder, 0);
  return changed;
}

/**
 * What every host does with its data folder before opening any store: create it owner-only,
 * sweep temporary files left by a crash, tighten permissions. Never throws for what it
 * cannot fix; it logs it.
 */
export function prepareDataFolder(folder: string, logger?: Logger): { removed: string[]; tightened: string[] } {
  fs.mkdirSync(folder, { recursive: true, mode: 0o700 });
  const removed = sweepTemporaryFiles(folder);
  const tightened = restrictToOwner(folder, (path, error) =>
    logger?.warn('could not make a data file private to its owner', { path, error: (error as Error).message }),
  );
  if (removed.length > 0) logger?.warn('removed temporary files left by an interrupted save', { files: removed });
  if (tightened.length > 0) logger?.info('made data files readable by their owner only', { files: tightened });
  return { removed, tightened };
}

function readEntries(dir: string): fs.Dirent[] {
  try {
    return fs.readdirSync(dir, { withFileTypes: true });
  } catch {
    return [];
  }
}

function olderThan(path: string, ms: number, now: number): boolean {
  try {
    return now - fs.statSync(path).mtimeMs > ms;
  } catch {
    return false;
  }
}

function isProcessAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    // EPERM: it exists but belongs to someone else.
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

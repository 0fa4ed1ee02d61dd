// Opening a JSON data file (settings, credentials) without ever losing what is in it. A file
// that cannot be read as a JSON object is moved aside and kept, the store starts empty, and
// the problem is recorded for the app to tell the person. If it cannot even be moved, the
// store must never overwrite it: `writable` is false.
import * as fs from 'node:fs';
import { basename, dirname, join } from 'node:path';
import type { DataFileProblem, Logger } from '../ports';
import { m } from '../../../i18n/paraglide/messages.js';
import { reasonOfCode } from './errors';

export interface DataFileIo {
  readFileSync(path: string): Buffer;
  renameSync(from: string, to: string): void;
  existsSync(path: string): boolean;
}

const nodeIo: DataFileIo = {
  readFileSync: (path) => fs.readFileSync(path),
  renameSync: (from, to) => fs.renameSync(from, to),
  existsSync: (path) => fs.existsSync(path),
};

export interface LoadDataFileOptions {
  /** Which store's file, for the problem report. */
  file: DataFileProblem['file'];
  /** Why parsed content is not acceptable (e.g. a credential that is not text), as a whole sentence said when shown, or null when it is. */
  check?: (value: Record<string, unknown>) => (() => string) | null;
  now?: () => number;
  logger?: Logger;
  io?: DataFileIo;
}

export interface LoadedDataFile {
  /** The file's entries; empty when it was missing or set aside. */
  entries: Map<string, unknown>;
  problem: DataFileProblem | null;
  /** False when a damaged file could not be moved aside: it must then never be overwritten. */
  writable: boolean;
}

/** Each store's file, as the start of a sentence. */
export const FILE_LABEL: Record<DataFileProblem['file'], () => string> = {
  settings: m.main_data_label_settings,
  secrets: m.main_data_label_secrets,
  cache: m.main_data_label_cache,
  receipts: m.main_data_label_receipts,
  outbox: m.main_data_label_outbox,
  snoozes: m.main_data_label_snoozes,
};

/**
 * A problem whose reason is worded each time it is read: the stores open before main knows its
 * language (the choice lives in the settings), and the problem is shown later, in the language
 * chosen by then. Copies (`{ ...problem }`, the bridge's parse) take the words of their moment.
 */
export function problemSaidWhenRead<T extends object>(fields: T, reason: () => string): T & { reason: string } {
  return Object.defineProperty({ ...fields }, 'reason', { get: reason, enumerable: true }) as T & { reason: string };
}

export function loadJsonDataFile(path: string, options: LoadDataFileOptions): LoadedDataFile {
  const io = options.io ?? nodeIo;
  let bytes: Buffer;
  try {
    bytes = io.readFileSync(path);
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code ?? '';
    if (code === 'ENOENT') return { entries: new Map(), problem: null, writable: true };
    return setAside(path, (file) => m.main_data_file_unreadable({ file, reason: reasonOfCode(code) ?? (code || m.main_disk_unknown()) }), options, io);
  }
  const damage = describeDamage(bytes);
  if (damage) return setAside(path, damage, options, io);
  let parsed: unknown;
  try {
    parsed = JSON.parse(bytes.toString('utf8'));
  } catch {
    return setAside(path, (file) => m.main_data_file_not_json({ file }), options, io);
  }
  if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) {
    return setAside(path, (file) => m.main_data_file_not_object({ file }), options, io);
  }
  const wrong = options.check?.(parsed as Record<string, unknown>);
  if (wrong) return setAside(path, wrong, options, io);
  return { entries: new Map(Object.entries(parsed)), problem: null, writable: true };
}

/** What is wrong with a file, as a sentence about the file it is given the name of (a check's sentence names it itself). */
type Damage = (file: string) => string;

function describeDamage(bytes: Buffer): Damage | null {
  if (bytes.length === 0 || bytes.toString('utf8').trim() === '') return (file) => m.main_data_file_empty({ file });
  if (bytes.every((byte) => byte === 0)) return (file) => m.main_data_file_zeroed({ file });
  return null;
}

function setAside(path: string, damage: Damage, options: LoadDataFileOptions, io: DataFileIo): LoadedDataFile {
  const keptAt = moveAside(path, (options.now ?? Date.now)(), io);
  const problem: DataFileProblem = problemSaidWhenRead({ file: options.file, path, keptAt }, () => damage(FILE_LABEL[options.file]()));
  options.logger?.error(
    keptAt ? 'a damaged data file was set aside; starting with an empty one' : 'a damaged data file could not be moved; it will not be overwritten',
    { file: options.file, path, keptAt, reason: problem.reason },
  );
  return { entries: new Map(), problem, writable: keptAt !== null };
}

/** `settings.json` -> `settings.json.damaged-2026-11-22T22-01-05-123Z`; null when it cannot be moved. */
function moveAside(path: string, now: number, io: DataFileIo): string | null {
  const stamp = new Date(now).toISOString().replace(/[:.]/g, '-');
  for (let attempt = 0; attempt < 100; attempt += 1) {
    const candidate = `${path}.damaged-${stamp}${attempt === 0 ? '' : `-${attempt}`}`;
    if (io.existsSync(candidate)) continue;
    try {
      io.renameSync(path, candidate);
    } catch {
      return null;
    }
    // It may hold credentials: keep the copy as private as the original was meant to be.
    try {
      fs.chmodSync(candidate, 0o600);
    } catch {
      // A folder moved aside, or a file system without modes.
    }
    return candidate;
  }
  return null;
}

/** The copies set aside next to `path`, newest last (for support and tests). */
export function damagedCopiesOf(path: string): string[] {
  const prefix = `${basename(path)}.damaged-`;
  try {
    return fs
      .readdirSync(dirname(path))
      .filter((name) => name.startsWith(prefix))
      .sort()
      .map((name) => join(dirname(path), name));
  } catch {
    return [];
  }
}

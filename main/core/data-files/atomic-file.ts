// The one writer for every file of app data (settings, credentials, caches, event logs).
// A reader of the target sees the old content or the new one, never a torn mix, and a
// write that did not fully reach the disk is reported as an error, never as a success:
//   1. write a temporary file beside the target (owner-only, exclusive create),
//   2. check that every byte was accepted (a nearly full disk may accept only some),
//   3. fsync the file, 4. rename it over the target, 5. fsync the folder (the rename itself).
// Any failure removes the temporary file and throws a DataWriteError; the target is untouched.
import { randomBytes } from 'node:crypto';
import * as fs from 'node:fs';
import { basename, dirname, join } from 'node:path';
import { DataWriteError } from './errors';
import type { WriteStep } from './errors';

/** The few synchronous file calls the writer makes; tests pass one that fails on cue. */
export interface SyncFileSystem {
  openSync(path: string, flags: string, mode?: number): number;
  writeSync(fd: number, buffer: Uint8Array, offset: number, length: number, position: number | null): number;
  fsyncSync(fd: number): void;
  closeSync(fd: number): void;
  renameSync(from: string, to: string): void;
  unlinkSync(path: string): void;
  mkdirSync(path: string, options: { recursive: true; mode: number }): unknown;
}

/** The asynchronous counterpart of SyncFileSystem, on plain file descriptors. */
export interface AsyncFileSystem {
  open(path: string, flags: string, mode?: number): Promise<number>;
  write(fd: number, buffer: Uint8Array, offset: number, length: number, position: number | null): Promise<number>;
  fsync(fd: number): Promise<void>;
  close(fd: number): Promise<void>;
  rename(from: string, to: string): Promise<void>;
  unlink(path: string): Promise<void>;
  mkdir(path: string, options: { recursive: true; mode: number }): Promise<unknown>;
}

export const nodeSyncFileSystem: SyncFileSystem = {
  openSync: (path, flags, mode) => fs.openSync(path, flags, mode),
  writeSync: (fd, buffer, offset, length, position) => fs.writeSync(fd, buffer, offset, length, position),
  fsyncSync: (fd) => fs.fsyncSync(fd),
  closeSync: (fd) => fs.closeSync(fd),
  renameSync: (from, to) => fs.renameSync(from, to),
  unlinkSync: (path) => fs.unlinkSync(path),
  mkdirSync: (path, options) => fs.mkdirSync(path, options),
};

function callback<T>(run: (done: (error: NodeJS.ErrnoException | null, value?: T) => void) => void): Promise<T> {
  return new Promise<T>((resolve, reject) => run((error, value) => (error ? reject(error) : resolve(value as T))));
}

export const nodeAsyncFileSystem: AsyncFileSystem = {
  open: (path, flags, mode) => callback<number>((done) => fs.open(path, flags, mode, done)),
  write: (fd, buffer, offset, length, position) => callback<number>((done) => fs.write(fd, buffer, offset, length, position, done)),
  fsync: (fd) => callback<void>((done) => fs.fsync(fd, done)),
  close: (fd) => callback<void>((done) => fs.close(fd, done)),
  rename: (from, to) => fs.promises.rename(from, to),
  unlink: (path) => fs.promises.unlink(path),
  mkdir: (path, options) => fs.promises.mkdir(path, options),
};

export interface AtomicWriteOptions {
  /** Permissions of the written file. Default 0o600: app data is for its owner only. */
  mode?: number;
  /** Permissions of the folder if it has to be created. Default 0o700. */
  folderMode?: number;
}

/** Temporary files are `.<target name>.<pid>-<random>.tmp`, so a start-up sweep can tell ours (and whose) apart. */
export const TEMPORARY_FILE_PATTERN = /^\.(.+)\.(\d+)-[0-9a-f]{12}\.tmp$/;

export function temporaryPathFor(path: string): string {
  return join(dirname(path), `.${basename(path)}.${process.pid}-${randomBytes(6).toString('hex')}.tmp`);
}

function toBytes(data: string | Uint8Array): Uint8Array {
  return typeof data === 'string' ? Buffer.from(data, 'utf8') : data;
}

// Folders cannot be opened or fsynced on some platforms (Windows) and file systems: the
// rename is still atomic there, only its durability across a power cut is the system's.
const FOLDER_SYNC_UNSUPPORTED = new Set(['EISDIR', 'EPERM', 'EINVAL', 'ENOTSUP', 'EACCES']);

/** Writes `data` to `path` atomically and durably, or throws DataWriteError leaving `path` as it was. */
export function writeFileAtomicSync(path: string, data: string | Uint8Array, options: AtomicWriteOptions & { fs?: SyncFileSystem } = {}): void {
  const io = options.fs ?? nodeSyncFileSystem;
  const bytes = toBytes(data);
  const folder = dirname(path);
  const temporary = temporaryPathFor(path);
  let step: WriteStep = 'create';
  let fd: number | null = null;
  let created = false;
  try {
    io.mkdirSync(folder, { recursive: true, mode: options.folderMode ?? 0o700 });
    fd = io.openSync(temporary, 'wx', options.mode ?? 0o600);
    created = true;
    step = 'write';
    let written = 0;
    while (written < bytes.length) {
      const count = io.writeSync(fd, bytes, written, bytes.length - written, written);
      if (count <= 0) throw DataWriteError.shortWrite(path, written, bytes.length);
      written += count;
    }
    step = 'sync';
    io.fsyncSync(fd);
    const closing = fd;
    fd = null;
    io.closeSync(closing);
    step = 'rename';
    io.renameSync(temporary, path);
    created = false;
  } catch (error) {
    if (fd !== null) ignoreFailure(() => io.closeSync(fd!));
    if (created) ignoreFailure(() => io.unlinkSync(temporary));
    throw DataWriteError.from(error, path, step);
  }
  syncFolderSync(io, folder, path);
}

/** The asynchronous variant of writeFileAtomicSync, same guarantees. */
export async function writeFileAtomic(path: string, data: string | Uint8Array, options: AtomicWriteOptions & { fs?: AsyncFileSystem } = {}): Promise<void> {
  const io = options.fs ?? nodeAsyncFileSystem;
  const bytes = toBytes(data);
  const folder = dirname(path);
  const temporary = temporaryPathFor(path);
  let step: WriteStep = 'create';
  let fd: number | null = null;
  let created = false;
  try {
    await io.mkdir(folder, { recursive: true, mode: options.folderMode ?? 0o700 });
    fd = await io.open(temporary, 'wx', options.mode ?? 0o600);
    created = true;
    step = 'write';
    let written = 0;
    while (written < bytes.length) {
      const count = await io.write(fd, bytes, written, bytes.length - written, written);
      if (count <= 0) throw DataWriteError.shortWrite(path, written, bytes.length);
      written += count;
    }
    step = 'sync';
    await io.fsync(fd);
    const closing = fd;
    fd = null;
    await io.close(closing);
    step = 'rename';
    await io.rename(temporary, path);
    created = false;
  } catch (error) {
    if (fd !== null) await io.close(fd).catch(() => undefined);
    if (created) await io.unlink(temporary).catch(() => undefined);
    throw DataWriteError.from(error, path, step);
  }
  await syncFolder(io, folder, path);
}

function syncFolderSync(io: SyncFileSystem, folder: string, path: string): void {
  let fd: number;
  try {
    fd = io.openSync(folder, 'r');
  } catch (error) {
    if (FOLDER_SYNC_UNSUPPORTED.has((error as NodeJS.ErrnoException).code ?? '')) return;
    throw DataWriteError.from(error, path, 'sync-folder');
  }
  try {
    io.fsyncSync(fd);
  } catch (error) {
    if (!FOLDER_SYNC_UNSUPPORTED.has((error as NodeJS.ErrnoException).code ?? '')) throw DataWriteError.from(error, path, 'sync-folder');
  } finally {
    ignoreFailure(() => io.closeSync(fd));
  }
}

async function syncFolder(io: AsyncFileSystem, folder: string, path: string): Promise<void> {
  let fd: number;
  try {
    fd = await io.open(folder, 'r');
  } catch (error) {
    if (FOLDER_SYNC_UNSUPPORTED.has((error as NodeJS.ErrnoException).code ?? '')) return;
    throw DataWriteError.from(error, path, 'sync-folder');
  }
  try {
    await io.fsync(fd);
  } catch (error) {
    if (!FOLDER_SYNC_UNSUPPORTED.has((error as NodeJS.ErrnoException).code ?? '')) throw DataWriteError.from(error, path, 'sync-folder');
  } finally {
    await io.close(fd).catch(() => undefined);
  }
}

function ignoreFailure(run: () => void): void {
  try {
    run();
  } catch {
    // Clean-up after a failure: the first error is the one worth reporting, and a temporary
    // file that could not be removed is swept at the next start.
  }
}

// Log lines appended to a file that is capped in size: past the cap it becomes `<name>.1`,
// `.1` becomes `.2` and so on, and the oldest beyond `keep` goes. Lines are only ever
// appended (O_APPEND) and files only renamed, so a crash or a full disk can cost at most the
// line being written, never older ones. Writes are synchronous: a line is on its way to the
// disk before the call returns, so the lines before a crash are there to read after it.
import * as fs from 'node:fs';
import { dirname } from 'node:path';
import { makeOwnerOnly } from '../data-files';

export interface RotatingFileOptions {
  /** Size at which the file is rotated. Default 2 MiB. */
  maxBytes?: number;
  /** Rotated files kept besides the current one. Default 3. */
  keep?: number;
  /** For tests: the file calls the sink makes. */
  fs?: RotatingFileSystem;
  now?: () => number;
}

export interface RotatingFileSystem {
  openSync(path: string, flags: string, mode?: number): number;
  writeSync(fd: number, buffer: Uint8Array, offset: number, length: number): number;
  fstatSync(fd: number): { size: number };
  closeSync(fd: number): void;
  renameSync(from: string, to: string): void;
  mkdirSync(path: string, options: { recursive: true; mode: number }): unknown;
}

const nodeFs: RotatingFileSystem = {
  openSync: (path, flags, mode) => fs.openSync(path, flags, mode),
  writeSync: (fd, buffer, offset, length) => fs.writeSync(fd, buffer, offset, length),
  fstatSync: (fd) => fs.fstatSync(fd),
  closeSync: (fd) => fs.closeSync(fd),
  renameSync: (from, to) => fs.renameSync(from, to),
  mkdirSync: (path, options) => fs.mkdirSync(path, options),
};

export interface RotatingFileSink {
  write(line: string): void;
  /** Lines that could not be written since the last one that could. */
  readonly dropped: number;
  close(): void;
}

export function createRotatingFileSink(path: string, options: RotatingFileOptions = {}): RotatingFileSink {
  const io = options.fs ?? nodeFs;
  const maxBytes = options.maxBytes ?? 2 * 1024 * 1024;
  const keep = Math.max(1, options.keep ?? 3);
  const now = options.now ?? Date.now;
  let fd: number | null = null;
  let size = 0;
  let dropped = 0;
  // After a failed rotation, the next attempt waits for the file to grow a little more,
  // rather than retrying (and failing) at every line.
  let rotateAt = maxBytes;

  function open(): number {
    if (fd !== null) return fd;
    io.mkdirSync(dirname(path), { recursive: true, mode: 0o700 });
    fd = io.openSync(path, 'a', 0o600);
    size = io.fstatSync(fd).size;
    return fd;
  }

  function rotate(): void {
    if (fd !== null) {
      const closing = fd;
      fd = null;
      io.closeSync(closing);
    }
    try {
      for (let index = keep - 1; index >= 1; index -= 1) renameIfPresent(`${path}.${index}`, `${path}.${index + 1}`);
      io.renameSync(path, `${path}.1`);
      rotateAt = maxBytes;
    } catch {
      rotateAt = size + Math.max(1024, maxBytes / 4);
    }
  }

  function renameIfPresent(from: string, to: string): void {
    try {
      io.renameSync(from, to);
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
    }
  }

  function append(text: string): void {
    const bytes = Buffer.from(text, 'utf8');
    if (size > 0 && size + bytes.length > rotateAt) rotate();
    const target = open();
    let written = 0;
    while (written < bytes.length) {
      const count = io.writeSync(target, bytes, written, bytes.length - written);
      if (count <= 0) throw Object.assign(new Error('no progress writing the log'), { code: 'ENOSPC' });
      written += count;
      size += count;
    }
  }

  try {
    makeOwnerOnly(path);
    open();
  } catch {
    // No log folder (read-only disk, permissions): every line counts as dropped until it works.
  }

  return {
    write(line) {
      try {
        if (dropped > 0) {
          append(`${JSON.stringify({ time: new Date(now()).toISOString(), level: 'warn', message: `${dropped} log lines could not be written (the disk may be full)` })}\n`);
          dropped = 0;
        }
        append(line);
      } catch {
        // A log line that cannot be written must not take the app down; it is counted and
        // reported once writing works again.
        dropped += 1;
        if (fd !== null) {
          try {
            io.closeSync(fd);
          } catch {
            // Already unusable.
          }
          fd = null;
        }
      }
    },
    get dropped() {
      return dropped;
    },
    close() {
      if (fd === null) return;
      const closing = fd;
      fd = null;
      io.closeSync(closing);
    },
  };
}

// The event log's files: the few file-system calls it makes (a seam, so tests can fill the
// disk or cut a write short without root), its line format, and reading a file back.
import { constants as fsConstants, createReadStream } from 'node:fs';
import { mkdir, open, rename, unlink } from 'node:fs/promises';

/** The calls the log makes on an open file; node's FileHandle has them. */
export interface LogFile {
  write(buffer: Uint8Array, offset: number, length: number, position: number): Promise<{ bytesWritten: number }>;
  truncate(length: number): Promise<void>;
  datasync(): Promise<void>;
  close(): Promise<void>;
}

/** Every file-system call of the event log; tests pass one that fails on cue. */
export interface EventLogFileSystem {
  open(path: string, flags: number, mode: number): Promise<LogFile>;
  /** The file's bytes a chunk at a time (a long history is never in memory whole); rejects with ENOENT when it is not there. */
  readChunks(path: string): AsyncIterable<Uint8Array>;
  rename(from: string, to: string): Promise<void>;
  unlink(path: string): Promise<void>;
  /** Resolves with the first folder it created, like fs.mkdir with `recursive`. */
  mkdir(path: string, options: { recursive: true; mode: number }): Promise<string | undefined>;
  /** Makes the folder's entries (a created or renamed file) durable. */
  syncFolder(path: string): Promise<void>;
}

// Folders cannot be opened or fsynced on Windows and some file systems: a rename there is
// still atomic, only its durability across a power cut is the system's.
const FOLDER_SYNC_UNSUPPORTED = new Set(['EISDIR', 'EPERM', 'EINVAL', 'ENOTSUP', 'EACCES']);

export const nodeEventLogFileSystem: EventLogFileSystem = {
  open: (path, flags, mode) => open(path, flags, mode),
  readChunks: (path) => createReadStream(path, { highWaterMark: 256 * 1024 }),
  rename: (from, to) => rename(from, to),
  unlink: (path) => unlink(path),
  mkdir: (path, options) => mkdir(path, options),
  syncFolder: async (path) => {
    let folder;
    try {
      folder = await open(path, fsConstants.O_RDONLY);
      await folder.sync();
    } catch (error) {
      if (!FOLDER_SYNC_UNSUPPORTED.has((error as NodeJS.ErrnoException).code ?? '')) throw error;
    } finally {
      await folder?.close().catch(() => undefined);
    }
  },
};

export type Line =
  | { t: 'event'; key: string; account: string; at: number; event: string; headers: Record<string, string>; body: string }
  | { t: 'done'; key: string; caused: string | null };

export interface ReadFile {
  skipped: number;
  /** Bytes up to the end of the last whole line. */
  validBytes: number;
  totalBytes: number;
  /** False when the file is not there. */
  exists: boolean;
}

export const MISSING_FILE: ReadFile = { skipped: 0, validBytes: 0, totalBytes: 0, exists: false };

/**
 * Reads a log file line by line, handing each readable line to `onLine` as it comes: only one
 * chunk and the line being cut are in memory at a time. Everything after the last newline was
 * being written when the process died: counted as skipped in the live file, never read.
 */
export async function readLines(io: EventLogFileSystem, path: string, live: boolean, onLine: (line: Line) => void): Promise<ReadFile> {
  let skipped = 0;
  let validBytes = 0;
  let totalBytes = 0;
  let partial: Buffer[] = [];
  try {
    for await (const chunk of io.readChunks(path)) {
      const bytes = Buffer.from(chunk.buffer, chunk.byteOffset, chunk.byteLength);
      let start = 0;
      for (let end = bytes.indexOf(0x0a); end !== -1; end = bytes.indexOf(0x0a, start)) {
        const text = (partial.length === 0 ? bytes.subarray(start, end) : Buffer.concat([...partial, bytes.subarray(start, end)])).toString('utf8');
        partial = [];
        start = end + 1;
        validBytes = totalBytes + start;
        if (text === '') continue;
        const line = parseLine(text);
        if (line) onLine(line);
        else skipped += 1;
      }
      if (start < bytes.length) partial.push(Buffer.from(bytes.subarray(start)));
      totalBytes += bytes.length;
    }
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return MISSING_FILE;
    throw error;
  }
  if (partial.length > 0 && live) skipped += 1;
  return { skipped, validBytes, totalBytes, exists: true };
}

function parseLine(text: string): Line | null {
  try {
    const value = JSON.parse(text) as Partial<Record<string, unknown>>;
    if (typeof value.key !== 'string') return null;
    if (value.t === 'done') return { t: 'done', key: value.key, caused: typeof value.caused === 'string' ? value.caused : null };
    if (value.t !== 'event' || typeof value.account !== 'string' || typeof value.at !== 'number' || typeof value.event !== 'string' || typeof value.body !== 'string') return null;
    const headers = typeof value.headers === 'object' && value.headers !== null ? (value.headers as Record<string, string>) : {};
    return { t: 'event', key: value.key, account: value.account, at: value.at, event: value.event, headers, body: value.body };
  } catch {
    return null;
  }
}

/** The line JSON.stringify would make of an event's Line, built without the object in between. */
export function eventLine(event: { key: string; accountId: string; receivedAt: number; event: string; headers: Record<string, string>; body: Buffer }): string {
  return `{"t":"event","key":${JSON.stringify(event.key)},"account":${JSON.stringify(event.accountId)},"at":${event.receivedAt},"event":${JSON.stringify(event.event)},"headers":${JSON.stringify(event.headers)},"body":"${event.body.toString('base64')}"}\n`;
}

/** The same line as JSON.stringify({ t: 'done', key, caused }), without building the object. */
export function doneLine(key: string, caused: string | null): string {
  return `{"t":"done","key":${JSON.stringify(key)},"caused":${JSON.stringify(caused)}}\n`;
}

// The event log's file system with failures on cue, at the boundary the log writes through:
// a disk that fills up (a write takes what fits, then ENOSPC), short writes, a truncate or a
// folder sync that fails. Runs without root, unlike the real 64 KiB tmpfs of full-disk.test.ts.
import { nodeEventLogFileSystem } from '../../../../main/core/webhooks/event-log-file';
import type { EventLogFileSystem, LogFile } from '../../../../main/core/webhooks/event-log-file';

export interface FaultyLogFs extends EventLogFileSystem {
  /** Bytes the disk still takes (null: no limit). A write past it stores what fits, then fails with ENOSPC. */
  room: number | null;
  /** At most this many bytes per write call (null: all). */
  writeChunk: number | null;
  /** truncate() fails with EIO while set. */
  failTruncate: boolean;
  /** Every call, in order: 'open events.jsonl', 'rename events.jsonl events.1.jsonl', 'sync-folder', ... */
  readonly calls: string[];
  /** The flags of every open(), by file name, in order. */
  readonly openFlags: Array<{ name: string; flags: number }>;
  /** How many datasync() calls the log made. */
  datasyncs: number;
}

function failure(code: string, message: string): NodeJS.ErrnoException {
  return Object.assign(new Error(`${code}: ${message}`), { code });
}

const name = (path: string) => path.split(/[\\/]/).pop() ?? path;

export function createFaultyLogFs(): FaultyLogFs {
  const real = nodeEventLogFileSystem;
  const faulty: FaultyLogFs = {
    room: null,
    writeChunk: null,
    failTruncate: false,
    calls: [],
    openFlags: [],
    datasyncs: 0,
    open: async (path, flags, mode) => {
      faulty.calls.push(`open ${name(path)}`);
      faulty.openFlags.push({ name: name(path), flags });
      const file = await real.open(path, flags, mode);
      const wrapped: LogFile = {
        write: async (buffer, offset, length, position) => {
          if (faulty.room === 0) throw failure('ENOSPC', 'no space left on device, write');
          let take = length;
          if (faulty.room !== null) take = Math.min(take, faulty.room);
          if (faulty.writeChunk !== null) take = Math.min(take, faulty.writeChunk);
          const result = await file.write(buffer, offset, take, position);
          if (faulty.room !== null) faulty.room -= result.bytesWritten;
          return result;
        },
        truncate: async (length) => {
          if (faulty.failTruncate) throw failure('EIO', 'i/o error, ftruncate');
          await file.truncate(length);
        },
        datasync: () => {
          faulty.datasyncs += 1;
          return file.datasync();
        },
        close: () => file.close(),
      };
      return wrapped;
    },
    readChunks: (path) => real.readChunks(path),
    rename: async (from, to) => {
      faulty.calls.push(`rename ${name(from)} ${name(to)}`);
      await real.rename(from, to);
    },
    unlink: (path) => real.unlink(path),
    mkdir: (path, options) => real.mkdir(path, options),
    syncFolder: async (path) => {
      faulty.calls.push('sync-folder');
      await real.syncFolder(path);
    },
  };
  return faulty;
}

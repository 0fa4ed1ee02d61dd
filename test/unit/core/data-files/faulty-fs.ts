// Failing file systems for the atomic writer: a full or broken disk at the step asked for.
import { nodeAsyncFileSystem, nodeSyncFileSystem } from '../../../../main/core/data-files';
import type { AsyncFileSystem, SyncFileSystem } from '../../../../main/core/data-files';

export function errno(code: string): NodeJS.ErrnoException {
  return Object.assign(new Error(`${code}: injected`), { code });
}

/** A file system that fails as a full or broken disk would, at the step asked for. */
export type Fault =
  | { at: 'write'; afterBytes: number; error?: string }
  | { at: 'fsync'; error: string }
  | { at: 'rename'; error: string }
  | { at: 'open'; error: string };

export function faultySync(fault: Fault): SyncFileSystem {
  let written = 0;
  return {
    ...nodeSyncFileSystem,
    openSync: (path, flags, mode) => {
      if (fault.at === 'open' && flags !== 'r') throw errno(fault.error);
      return nodeSyncFileSystem.openSync(path, flags, mode);
    },
    writeSync: (fd, buffer, offset, length, position) => {
      if (fault.at !== 'write') return nodeSyncFileSystem.writeSync(fd, buffer, offset, length, position);
      const room = fault.afterBytes - written;
      if (room <= 0) {
        if (fault.error) throw errno(fault.error);
        return 0;
      }
      const count = nodeSyncFileSystem.writeSync(fd, buffer, offset, Math.min(length, room), position);
      written += count;
      return count;
    },
    fsyncSync: (fd) => {
      if (fault.at === 'fsync') throw errno(fault.error);
      nodeSyncFileSystem.fsyncSync(fd);
    },
    renameSync: (from, to) => {
      if (fault.at === 'rename') throw errno(fault.error);
      nodeSyncFileSystem.renameSync(from, to);
    },
  };
}

export function faultyAsync(fault: Fault): AsyncFileSystem {
  const sync = faultySync(fault);
  return {
    ...nodeAsyncFileSystem,
    open: async (path, flags, mode) => sync.openSync(path, flags, mode),
    write: async (fd, buffer, offset, length, position) => sync.writeSync(fd, buffer, offset, length, position),
    fsync: async (fd) => sync.fsyncSync(fd),
    rename: async (from, to) => sync.renameSync(from, to),
  };
}

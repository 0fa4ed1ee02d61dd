import { join } from 'node:path';
import { m } from '../../../i18n/paraglide/messages.js';
import type { DataFileProblem, Logger, SettingsStore } from '../ports';
import { DataWriteError, loadJsonDataFile, makeOwnerOnly, sweepTemporaryFiles, writeFileAtomicSync } from '../data-files';
import type { DataFileIo, SyncFileSystem } from '../data-files';

export interface JsonSettingsOptions {
  /** The folder holding the settings file (the host's data folder). */
  folder: string;
  /** Default 'settings.json', the name conf and electron-store used, so existing settings load. */
  fileName?: string;
  logger?: Logger;
  now?: () => number;
  /** For tests: the file calls of the writer and of the loader. */
  writerFs?: SyncFileSystem;
  loaderIo?: DataFileIo;
}

/**
 * Plain settings in one JSON object of literal keys (a dot in a key is not a path), the
 * format conf and electron-store wrote. Every change is written through the atomic writer
 * before it is taken: a change that could not be written throws and is not kept, so memory
 * and disk never disagree. A damaged file is set aside and reported by problems(); the store
 * then starts empty and never throws at construction.
 *
 * One process owns the file at a time (every host takes the data folder's lock first:
 * data-files/folder-lock.ts), so the content is read once and kept in memory.
 */
export function createJsonSettingsStore(options: JsonSettingsOptions): SettingsStore & { readonly path: string } {
  const fileName = options.fileName ?? 'settings.json';
  const path = join(options.folder, fileName);
  sweepTemporaryFiles(options.folder, { target: fileName });
  makeOwnerOnly(options.folder);
  makeOwnerOnly(path);
  const loaded = loadJsonDataFile(path, { file: 'settings', now: options.now, logger: options.logger, io: options.loaderIo });
  let entries = loaded.entries;
  const problems: DataFileProblem[] = loaded.problem ? [loaded.problem] : [];

  function commit(next: Map<string, unknown>): void {
    if (!loaded.writable) {
      // The damaged file could not be moved aside: writing would destroy the only copy.
      throw new DataWriteError(path, m.main_data_settings_left_untouched(), {
        step: 'refused',
      });
    }
    writeFileAtomicSync(path, `${JSON.stringify(Object.fromEntries(next), null, '\t')}\n`, { fs: options.writerFs });
    entries = next;
  }

  function remove(key: string): void {
    if (!entries.has(key)) return;
    const next = new Map(entries);
    next.delete(key);
    commit(next);
  }

  return {
    path,
    get<T>(key: string): T | undefined {
      const value = entries.get(key);
      // A copy, so a caller changing what it read cannot change the store behind its back.
      return value === undefined ? undefined : (structuredClone(value) as T);
    },
    set(key, value) {
      if (value === undefined) return remove(key);
      const next = new Map(entries);
      // Through JSON now, so what is kept in memory is exactly what the file will give back.
      next.set(key, JSON.parse(JSON.stringify(value)) as unknown);
      commit(next);
    },
    delete: remove,
    problems: () => problems.map((problem) => ({ ...problem })),
  };
}

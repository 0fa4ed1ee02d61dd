import { basename, dirname } from 'node:path';
import { m } from '../../../i18n/paraglide/messages.js';
import type { DataFileProblem, Logger, SecretStore } from '../ports';
import { DataWriteError, loadJsonDataFile, makeOwnerOnly, sweepTemporaryFiles, writeFileAtomic } from '../data-files';
import type { AsyncFileSystem, DataFileIo } from '../data-files';

export interface FileSecretStoreOptions {
  path: string;
  logger?: Logger;
  now?: () => number;
  /** For tests: the file calls of the writer and of the loader. */
  writerFs?: AsyncFileSystem;
  loaderIo?: DataFileIo;
}

/**
 * Secrets in a JSON file readable only by its owner (0600), for hosts without an OS keychain
 * (browser mode), and the file under the safeStorage store's encrypted blobs. The file is read
 * once, at construction (a damaged one is set aside and reported by problems(), never
 * thrown); every change goes through the atomic writer and is kept only once written, one at
 * a time, so two changes cannot lose each other and a failed one never looks successful.
 */
export function createFileSecretStore(options: FileSecretStoreOptions): SecretStore {
  const { path } = options;
  sweepTemporaryFiles(dirname(path), { target: basename(path) });
  makeOwnerOnly(dirname(path));
  makeOwnerOnly(path);
  const loaded = loadJsonDataFile(path, {
    file: 'secrets',
    check: (value) => (Object.values(value).every((entry) => typeof entry === 'string') ? null : () => m.main_data_secrets_wrong_form()),
    now: options.now,
    logger: options.logger,
    io: options.loaderIo,
  });
  let values = loaded.entries as Map<string, string>;
  const problems: DataFileProblem[] = loaded.problem ? [loaded.problem] : [];
  let queue: Promise<unknown> = Promise.resolve();

  function serialised<T>(task: () => Promise<T>): Promise<T> {
    const run = queue.then(task, task);
    queue = run.catch(() => undefined);
    return run;
  }

  async function commit(next: Map<string, string>): Promise<void> {
    if (!loaded.writable) {
      throw new DataWriteError(path, m.main_data_secrets_left_untouched(), {
        step: 'refused',
      });
    }
    await writeFileAtomic(path, JSON.stringify(Object.fromEntries(next)), { fs: options.writerFs });
    values = next;
  }

  return {
    // Reads wait for the changes asked before them: a get after set sees the new value.
    get: (name) => serialised(async () => values.get(name) ?? null),
    set: (name, value) =>
      serialised(async () => {
        const next = new Map(values);
        next.set(name, value);
        await commit(next);
      }),
    delete: (name) =>
      serialised(async () => {
        if (!values.has(name)) return;
        const next = new Map(values);
        next.delete(name);
        await commit(next);
      }),
    names: () => serialised(async () => [...values.keys()]),
    problems: () => problems.map((problem) => ({ ...problem })),
    describe: () => ({
      backend: 'file',
      weak: true,
      message: m.main_secrets_file_weak({ path }),
    }),
  };
}

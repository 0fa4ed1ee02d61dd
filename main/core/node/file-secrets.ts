import { randomBytes } from 'node:crypto';
import { chmod, mkdir, open, readFile, rename, rm } from 'node:fs/promises';
import { basename, dirname, join } from 'node:path';
import type { SecretStore } from '../ports';

export interface FileSecretStoreOptions {
  path: string;
}

/** The store's file could not be read or parsed; the file is left untouched for recovery. */
export class SecretFileError extends Error {
  constructor(path: string, why: string) {
    super(`The credentials file ${path} ${why}. It was left as it is; move it away to start afresh.`);
    this.name = 'SecretFileError';
  }
}

/**
 * Secrets in a JSON file readable only by its owner (0600), for hosts without an OS
 * keychain (browser mode, the CLI). Every write goes to a temporary file that is synced and
 * then renamed over the old one, so a crash leaves either the old or the new file, never a
 * torn one. Writes are serialised so two changes cannot lose each other.
 */
export function createFileSecretStore(options: FileSecretStoreOptions): SecretStore {
  const { path } = options;
  let queue: Promise<unknown> = Promise.resolve();

  function serialised<T>(task: () => Promise<T>): Promise<T> {
    const run = queue.then(task, task);
    queue = run.catch(() => undefined);
    return run;
  }

  async function load(): Promise<Record<string, string>> {
    let text: string;
    try {
      text = await readFile(path, 'utf8');
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return {};
      throw new SecretFileError(path, `could not be read (${(error as NodeJS.ErrnoException).code ?? 'error'})`);
    }
    let parsed: unknown;
    try {
      parsed = JSON.parse(text);
    } catch {
      throw new SecretFileError(path, 'is damaged (not JSON)');
    }
    if (!parsed || typeof parsed !== 'object' || Array.isArray(parsed) || Object.values(parsed).some((v) => typeof v !== 'string')) {
      throw new SecretFileError(path, 'is damaged (not a map of names to values)');
    }
    return parsed as Record<string, string>;
  }

  async function save(values: Record<string, string>): Promise<void> {
    const dir = dirname(path);
    await mkdir(dir, { recursive: true, mode: 0o700 });
    const temp = join(dir, `.${basename(path)}.${randomBytes(6).toString('hex')}.tmp`);
    const handle = await open(temp, 'wx', 0o600);
    try {
      await handle.writeFile(JSON.stringify(values), 'utf8');
      await handle.sync();
    } finally {
      await handle.close();
    }
    try {
      // The umask cannot widen 0600, but be explicit in case the file system ignores the mode.
      await chmod(temp, 0o600);
      await rename(temp, path);
    } catch (error) {
      await rm(temp, { force: true });
      throw error;
    }
    await syncDirectory(dir);
  }

  return {
    get: (name) => serialised(async () => (await load())[name] ?? null),
    set: (name, value) =>
      serialised(async () => {
        const values = await load();
        values[name] = value;
        await save(values);
      }),
    delete: (name) =>
      serialised(async () => {
        const values = await load();
        if (!(name in values)) return;
        delete values[name];
        await save(values);
      }),
    names: () => serialised(async () => Object.keys(await load())),
    problems: () => [],
    describe: () => ({
      backend: 'file',
      weak: true,
      message: `Credentials are stored in ${path}, protected only by file permissions (readable by your user account alone), not encrypted by the operating system.`,
    }),
  };
}

/** Makes the rename durable; some platforms (Windows) cannot open a directory, which is fine. */
async function syncDirectory(dir: string): Promise<void> {
  try {
    const handle = await open(dir, 'r');
    try {
      await handle.sync();
    } finally {
      await handle.close();
    }
  } catch {
    // Best effort: the rename itself is already atomic.
  }
}

// The CLI's one way into a data folder (browser mode's, found the same way: --data-dir, else
// the platform's folder): every command that reads or writes stored accounts opens it here,
// so a guard for the folder (one process at a time) has one place to go.
import { homedir } from 'node:os';
import { join, resolve } from 'node:path';
import { createSilentLogger } from '../core/log';
import { createFileSecretStore, createJsonSettingsStore } from '../core/settings-and-secrets';
import type { Logger, SecretStore, SettingsStore } from '../core/ports';
import { prepareDataFolder } from '../core/data-files';
import { defaultDataDir } from '../web/data-dir';
import { lockDataFolderForCli } from './data-folder-lock';

export interface DataFolder {
  readonly dir: string;
  readonly settings: SettingsStore;
  readonly secrets: SecretStore;
  /** Lets go of the folder. */
  close(): Promise<void>;
}

/** Where the data folder is: --data-dir, else browser mode's default folder. */
export function dataFolderPath(given: string | undefined, env: Record<string, string | undefined>, cwd: string): string {
  if (given !== undefined) return resolve(cwd, given);
  return defaultDataDir(process.platform, env as NodeJS.ProcessEnv, env.HOME || homedir());
}

/** Takes the folder for this process (the lock the desktop app and browser mode take), then opens it as browser mode does: owner-only, leftovers of a crash swept, the JSON settings and the 0600 secrets file. */
export async function openDataFolder(dir: string, logger: Logger = createSilentLogger()): Promise<DataFolder> {
  // Taken before anything is read: a refusal (CliFailure) names the process that holds the folder.
  const lock = lockDataFolderForCli(dir);
  try {
    prepareDataFolder(dir, logger);
    const settings = createJsonSettingsStore({ folder: dir, logger });
    const secrets = createFileSecretStore({ path: join(dir, 'secrets.json'), logger });
    return { dir, settings, secrets, close: async () => lock.release() };
  } catch (error) {
    lock.release();
    throw error;
  }
}

// The command line's side of "one process per data folder": a command that opens a data
// folder (its accounts, settings or event log) takes the folder first, the same lock the
// desktop app and browser mode take, and a refusal names the process that holds it.
import { DataFolderBusyError, lockDataFolder } from '../core/data-files';
import type { FolderLock } from '../core/data-files';
import { CliFailure } from './report';
import { m } from '../../i18n/paraglide/messages.js';

/**
 * Takes `folder` for this command, released when the process exits (or by `release()`).
 * Throws CliFailure (exit 1) with a sentence naming the holder when another process has it.
 */
export function lockDataFolderForCli(folder: string): FolderLock {
  try {
    return lockDataFolder(folder, { kind: 'cli' });
  } catch (error) {
    if (error instanceof DataFolderBusyError) {
      const open = error.holder.url ? ` ${m.cli_folder_open_at({ url: error.holder.url })}` : '';
      throw new CliFailure(`${error.message}${open}`);
    }
    throw new CliFailure(m.cli_folder_lock_failed({ folder, problem: (error as Error).message }));
  }
}

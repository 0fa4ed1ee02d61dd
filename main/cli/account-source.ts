// `--account NAME|ID` for list, show, accept, decline and pdf: the stored account of a data
// folder. While the app runs on that folder (this computer), the command goes through the app;
// otherwise it opens the folder itself (taking its lock, a stale one included) and uses the
// account's stored credentials. Either way no credential is printed, passed or written.
import { createAccountsService } from '../core/accounts';
import { holderAlive, readFolderHolder } from '../core/data-files';
import type { Timeouts } from '../core/api';
import type { Clock, Logger } from '../core/ports';
import type { KeyAccess } from '../../preload/contract';
import { m } from '../../i18n/paraglide/messages.js';
import { pickAccount } from './account';
import { openDataFolder } from './data-folder';
import { appSource, clientSource } from './quote-source';
import type { QuoteSource } from './quote-source';
import { appWords, findRunningApp } from './running-app';

export interface AccountSource {
  source: QuoteSource;
  access: KeyAccess;
  /** The account's name, and how it was reached, for a person. */
  label: string;
  /** True when the running app does the work. */
  throughApp: boolean;
  close(): Promise<void>;
}

export async function openAccountSource(dataDir: string, nameOrId: string, deps: { clock: Clock; logger: Logger; timeouts: Partial<Timeouts> }): Promise<AccountSource> {
  const app = await findRunningApp(dataDir);
  if (app !== null) {
    const account = pickAccount(await app.request({ command: 'accounts' }), nameOrId, dataDir);
    return { source: appSource(app, account.id), access: account.access, label: m.cli_account_through_app({ account: account.name, host: appWords(app) }), throughApp: true, close: async () => undefined };
  }
  const folder = await openDataFolder(dataDir, deps.logger);
  const accounts = createAccountsService({ settings: folder.settings, secrets: folder.secrets, clock: deps.clock, logger: deps.logger });
  const close = async () => {
    await accounts.close();
    await folder.close();
  };
  try {
    const account = pickAccount(await accounts.list(), nameOrId, dataDir);
    const client = await accounts.client(account.id);
    return { source: clientSource(client, deps.timeouts), access: account.access, label: account.name, throughApp: false, close };
  } catch (error) {
    await close();
    throw error;
  }
}

/** Whether a live process on this computer (or one that cannot be checked) holds the folder: then a command that needs the folder itself must go through it or stop. */
export function folderHeld(dataDir: string): boolean {
  const holder = readFolderHolder(dataDir);
  return holder !== null && holderAlive(holder);
}

// Whose events `quotedesk listen` receives: a stored account of the data folder (by name or
// id), or the connection the other commands use (--base-url / --api-key ..., or the QUOTEDESK_*
// variables). Either way: a client for the registration, a dedupe scope, a name to print.
import { createHash } from 'node:crypto';
import { createAccountsService } from '../../core/accounts';
import { createQuotingClient } from '../../core/api';
import type { QuotingClient } from '../../core/api';
import type { Clock, Logger } from '../../core/ports';
import { WebhookKeyring } from '../../core/webhooks';
import { openDataFolder } from '../data-folder';
import { pickAccount } from '../account';
import { credentialsFrom, requireBaseUrl } from '../options';
import type { CliValues } from '../options';

export interface ListenAccount {
  /** The stored account's id, or null for a connection from the environment. */
  accountId: string | null;
  /** Dedupe scope and owner of this account's pending events in the log. */
  scope: string;
  /** What to call it in the output. */
  label: string;
  client: QuotingClient;
  /** The data folder's webhook keys (stored accounts only). */
  keyring: WebhookKeyring | null;
  /** The data folder, when the account came from one. */
  dataDir: string | null;
  close(): Promise<void>;
}

export async function storedAccount(dataDir: string, nameOrId: string, deps: { clock: Clock; logger: Logger }): Promise<ListenAccount> {
  const folder = await openDataFolder(dataDir, deps.logger);
  const accounts = createAccountsService({ settings: folder.settings, secrets: folder.secrets, clock: deps.clock, logger: deps.logger });
  try {
    const account = pickAccount(await accounts.list(), nameOrId, dataDir);
    const client = await accounts.client(account.id);
    const keyring = await WebhookKeyring.load(folder.secrets, deps.clock, deps.logger);
    return {
      accountId: account.id,
      scope: account.id,
      label: account.name,
      client,
      keyring,
      dataDir,
      close: async () => {
        await accounts.close();
        await folder.close();
      },
    };
  } catch (error) {
    await accounts.close();
    await folder.close();
    throw error;
  }
}

export function environmentAccount(values: CliValues, env: Record<string, string | undefined>, deps: { clock: Clock }): ListenAccount {
  const baseUrl = requireBaseUrl(values, env);
  const credentials = credentialsFrom(values, env);
  const who = credentials.mechanism === 'api-key' ? credentials.apiKey : credentials.clientId;
  // Per key, never the key itself: a hash is all the log keeps.
  const scope = `key:${createHash('sha256').update(`${baseUrl}\n${who}`).digest('hex').slice(0, 16)}`;
  const client = createQuotingClient({ baseUrl, credentials, clock: deps.clock, userAgent: 'quotedesk-cli' });
  return { accountId: null, scope, label: baseUrl, client, keyring: null, dataDir: null, close: () => client.close() };
}

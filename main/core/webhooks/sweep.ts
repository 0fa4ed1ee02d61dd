// Webhook keys of accounts that no longer exist: a crash between removing an account and
// deleting its keys leaves them behind (a signing secret of nobody). Swept once at start.
import { unlistedAccounts } from '../accounts/unlisted';
import type { AccountsService } from '../accounts/types';
import type { Logger, SecretStore } from '../ports';
import { secretName } from './keyring';
import type { WebhookKeyring } from './keyring';
import { errorText } from '../errors';

const PREFIX = secretName('');

export interface KeySweepDeps {
  secrets: Pick<SecretStore, 'names'>;
  keyring: Pick<WebhookKeyring, 'forget'>;
  accounts: Pick<AccountsService, 'list' | 'unreadable'>;
  logger: Logger;
}

/** Deletes the keys of every account not in the list, unless the list could not be read whole. Returns the ids swept. */
export async function sweepOrphanKeys(deps: KeySweepDeps): Promise<string[]> {
  const { logger } = deps;
  const held = async () => (await deps.secrets.names()).filter((name) => name.startsWith(PREFIX)).map((name) => name.slice(PREFIX.length));
  const unlisted = await unlistedAccounts(deps.accounts, held);
  if (unlisted === null) {
    // Accounts may exist that the list does not show: their keys are not ours to judge.
    logger.warn('webhook keys not swept: the account list could not be read completely');
    return [];
  }
  const swept: string[] = [];
  for (const id of unlisted) {
    try {
      await deps.keyring.forget(id);
      swept.push(id);
      logger.info('deleted the webhook keys of an account that no longer exists', { accountId: id });
    } catch (error) {
      logger.warn('webhook keys of a removed account could not be deleted; trying again at next start', { accountId: id, error: errorText(error) });
    }
  }
  return swept;
}

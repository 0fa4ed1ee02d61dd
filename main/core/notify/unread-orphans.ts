// Unread quotes of accounts that no longer exist would keep counting in the title, the tray
// and the badge while no sidebar entry shows them: the demo accounts of the last run (they
// lived in memory) and accounts removed while Quotedesk was closed. At start they are
// forgotten, as a removal forgets them while it runs.
import { unlistedAccounts } from '../accounts/unlisted';
import type { AccountsService } from '../accounts/types';
import type { Logger } from '../ports';
import type { UnreadState } from './unread';

/** Forgets the unread quotes of accounts not in the list; returns their ids. Skipped when the accounts could not all be read. */
export async function forgetUnreadOfMissingAccounts(deps: {
  unread: Pick<UnreadState, 'accountIds' | 'forgetAccounts'>;
  accounts: Pick<AccountsService, 'list' | 'unreadable'>;
  logger: Logger;
}): Promise<string[]> {
  const missing = (await unlistedAccounts(deps.accounts, () => deps.unread.accountIds())) ?? [];
  deps.unread.forgetAccounts(missing);
  if (missing.length > 0) deps.logger.info('unread quotes of accounts that no longer exist were forgotten', { accounts: missing.length });
  return missing;
}

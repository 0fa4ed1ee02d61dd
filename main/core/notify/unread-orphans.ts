// Unread quotes of accounts that no longer exist would keep counting in the title, the tray
// and the badge while no sidebar entry shows them: the demo accounts of the last run (they
// lived in memory) and accounts removed while Quotedesk was closed. At start they are
// forgotten, as a removal forgets them while it runs.
import type { AccountsService } from '../accounts/types';
import type { Logger } from '../ports';
import type { UnreadState } from './unread';

/** Forgets the unread quotes of accounts not in the list; returns their ids. Skipped when the accounts could not all be read. */
export async function forgetUnreadOfMissingAccounts(deps: {
  unread: Pick<UnreadState, 'accountIds' | 'forgetAccounts'>;
  accounts: Pick<AccountsService, 'list' | 'unreadable'>;
  logger: Logger;
}): Promise<string[]> {
  // A damaged settings file must not cost the person what they had not read yet.
  const unreadable = await deps.accounts.unreadable();
  if (unreadable.files.length > 0 || unreadable.damagedList || unreadable.keptCredentials.length > 0) return [];
  // The unread accounts first, the list after: an account added in between is in the list,
  // so what turned unread in it meanwhile is never taken for a missing account's.
  const withUnread = deps.unread.accountIds();
  const known = new Set((await deps.accounts.list()).map((account) => account.id));
  const missing = withUnread.filter((accountId) => !known.has(accountId));
  deps.unread.forgetAccounts(missing);
  if (missing.length > 0) deps.logger.info('unread quotes of accounts that no longer exist were forgotten', { accounts: missing.length });
  return missing;
}

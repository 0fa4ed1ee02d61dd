import type { AccountsService } from './types';

/**
 * Which of the account ids something keeps (cached quotes, unread marks, webhook keys) belong
 * to no listed account: demo accounts of the last run, accounts removed while Quotedesk was
 * closed. Null when some are held and the list could not be read whole: a damaged settings file must not cost
 * the person what is kept for accounts it hides. `held` is read before the list, so an account
 * added in between is listed and never taken for a missing one.
 */
export async function unlistedAccounts(
  accounts: Pick<AccountsService, 'list' | 'unreadable'>,
  held: () => string[] | Promise<string[]>,
): Promise<string[] | null> {
  const ids = await held();
  if (ids.length === 0) return [];
  const unreadable = await accounts.unreadable();
  if (unreadable.files.length > 0 || unreadable.damagedList || unreadable.keptCredentials.length > 0) return null;
  const listed = new Set((await accounts.list()).map((account) => account.id));
  return ids.filter((accountId) => !listed.has(accountId));
}

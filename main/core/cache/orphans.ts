import type { AccountsService } from '../accounts/types';
import type { DomainBus } from '../events';
import type { Logger } from '../ports';
import type { QuoteCache } from './quotes';

/**
 * At start, drops what the cache holds for accounts that no longer exist: demo accounts
 * (memory-only, gone with the last run) and accounts removed while the cache was closed.
 * Each is announced as 'account.removed', so the quotes, the PDF files and sync forget it
 * the way they do for a removal. Skipped when the accounts could not all be read: a
 * damaged settings file must not cost the person their cached quotes.
 */
export async function forgetOrphanAccounts(deps: {
  cache: Pick<QuoteCache, 'cachedAccounts'>;
  accounts: Pick<AccountsService, 'list' | 'unreadable'>;
  bus: DomainBus;
  logger: Logger;
}): Promise<string[]> {
  const unreadable = await deps.accounts.unreadable();
  if (unreadable.files.length > 0 || unreadable.damagedList || unreadable.keptCredentials.length > 0) return [];
  // The cache first, the accounts after: an account added in between is in the list, so
  // whatever it cached meanwhile is never taken for an orphan's.
  const cached = deps.cache.cachedAccounts();
  const known = new Set((await deps.accounts.list()).map((account) => account.id));
  const orphans = cached.filter((accountId) => !known.has(accountId));
  for (const accountId of orphans) deps.bus.publish('account.removed', { accountId });
  if (orphans.length > 0) deps.logger.info('cached quotes of accounts that no longer exist were dropped', { accounts: orphans.length });
  return orphans;
}

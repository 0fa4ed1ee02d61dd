import { unlistedAccounts } from '../accounts/unlisted';
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
  const orphans = (await unlistedAccounts(deps.accounts, () => deps.cache.cachedAccounts())) ?? [];
  for (const accountId of orphans) deps.bus.publish('account.removed', { accountId });
  if (orphans.length > 0) deps.logger.info('cached quotes of accounts that no longer exist were dropped', { accounts: orphans.length });
  return orphans;
}

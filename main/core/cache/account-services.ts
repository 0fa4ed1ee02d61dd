// Which service each account is on is kept once, in the cache (accounts on one service list a
// quote they share once, and the unread total counts it once), and fed from this one place: a
// read of the accounts when the inbox opens, then every 'accounts.changed' on the bus. Never
// on a read's path: a query only reads what is known.
import type { AccountsService } from '../accounts/types';
import { errorText } from '../errors';
import type { DomainBus } from '../events';
import type { Logger } from '../ports';
import type { QuoteCache } from './quotes';

export interface FollowedServices {
  /** Settles once the accounts were read (or could not be: logged); never rejects. */
  known: Promise<void>;
  stop(): void;
}

export function followAccountServices(deps: { cache: Pick<QuoteCache, 'setServices'>; accounts: Pick<AccountsService, 'list'>; bus: DomainBus; logger: Logger }): FollowedServices {
  let heard = false;
  const stop = deps.bus.subscribe('accounts.changed', ({ accounts }) => {
    heard = true;
    deps.cache.setServices(accounts);
  });
  const known = deps.accounts.list().then(
    // A change heard meanwhile is newer than this read.
    (accounts) => {
      if (!heard) deps.cache.setServices(accounts);
    },
    (error: unknown) => deps.logger.warn('the accounts could not be read for their services', { error: errorText(error) }),
  );
  return { known, stop };
}

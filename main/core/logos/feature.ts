// Company logos of cached quotes, kept in their own folder and pruned once per start.
import { join } from 'node:path';
import type { AccountsService } from '../accounts/types';
import type { QuoteCache } from '../cache';
import { createLogoHandlers } from './bridge';
import { createLogoCache } from './logo-cache';
import type { Clock, Logger } from '../ports';
import type { Feature } from '../bridge/feature';

export function createLogosFeature(deps: { userData: string; cache: QuoteCache; accounts: AccountsService; clock: Clock; logger: Logger }): Feature {
  const logos = createLogoCache({ folder: join(deps.userData, 'logos'), clock: deps.clock, logger: deps.logger });
  const serviceBaseUrl = (accountId: string) => deps.accounts.get(accountId).then((account) => account.baseUrl, () => null);
  return {
    name: 'logos',
    handlers: createLogoHandlers({ cache: deps.cache, logos, serviceBaseUrl }),
    // In the background: a logo asked for meanwhile is shown as usual, and kept.
    start: () => void logos.prune(),
    // The same prune (it runs once): the folder is left whole.
    close: () => logos.prune(),
  };
}

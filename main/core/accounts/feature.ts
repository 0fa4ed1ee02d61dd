// Accounts: the accounts.* methods and their moves pushed to the renderer.
import type { Feature } from '../bridge/feature';
import type { DomainBus } from '../events';
import { createAccountHandlers, projectAccountEvents } from './bridge';
import type { AccountsService } from './types';

export function createAccountsFeature(deps: { accounts: AccountsService; bus: DomainBus }): Feature {
  return {
    name: 'accounts',
    handlers: createAccountHandlers(deps.accounts),
    project: (hub) => projectAccountEvents(deps.bus, hub),
    // Last of all: every other feature has let go of its clients.
    close: () => deps.accounts.close(),
  };
}

// Accounts: the accounts.* methods, their moves pushed to the renderer, and app.info (what
// the host and its data files report: read at each ask).
import type { AppInfo } from '../../../preload/contract';
import type { AccountsService } from './types';
import { projectAccountEvents } from '../inbox/projection';
import type { DomainBus } from '../events';
import type { Feature } from '../bridge/feature';

export function createAccountsFeature(deps: { accounts: AccountsService; bus: DomainBus; appInfo: () => Promise<AppInfo> }): Feature {
  const { accounts } = deps;
  return {
    name: 'accounts',
    handlers: {
      'app.info': () => deps.appInfo(),
      'accounts.list': () => accounts.list(),
      'accounts.add': (draft) => accounts.add(draft),
      'accounts.update': (update) => accounts.update(update),
      'accounts.remove': ({ id }) => accounts.remove(id),
      'accounts.test': ({ id }) => accounts.test(id),
      'accounts.testDraft': (draft) => accounts.testDraft(draft),
    },
    project: (hub) => projectAccountEvents(deps.bus, hub),
    // Last of all: every other feature has let go of its clients.
    close: () => accounts.close(),
  };
}

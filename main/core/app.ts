import type { AppInfo, Handlers } from '../../preload/contract';
import type { AccountsService } from './accounts/types';

export interface AppHandlerDeps {
  accounts: AccountsService;
  appInfo: () => Promise<AppInfo>;
}

/** The use cases the bridge exposes, one per contract method. */
export function createAppHandlers(deps: AppHandlerDeps): Handlers {
  const { accounts } = deps;
  return {
    'app.info': () => deps.appInfo(),

    'accounts.list': () => accounts.list(),
    'accounts.add': (draft) => accounts.add(draft),
    'accounts.update': (update) => accounts.update(update),
    'accounts.remove': ({ id }) => accounts.remove(id),
    'accounts.test': ({ id }) => accounts.test(id),
    'accounts.testDraft': (draft) => accounts.testDraft(draft),

    'quotes.list': async ({ accountId, page, limit, status, search }) => {
      const account = await accounts.get(accountId);
      const client = await accounts.client(accountId);
      const result = await client.quotes.list({ page, limit, ...(status ? { status } : {}), ...(search ? { search } : {}) });
      return { items: result.data, pagination: result.pagination, access: account.access };
    },
  };
}

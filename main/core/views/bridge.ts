// The views namespace of the bridge: the inbox's saved views and its last view, over the
// store in main/core/views. Inputs and outputs are validated by the dispatcher against
// preload/contract/bridge/views.ts.
import type { Handlers } from '../../../preload/contract';
import type { SavedViewsStore } from './saved-views';

export type ViewMethod = 'views.list' | 'views.save' | 'views.rename' | 'views.remove' | 'views.remember';
export type ViewHandlers = Pick<Handlers, ViewMethod>;

export function createViewHandlers(store: SavedViewsStore): ViewHandlers {
  return {
    'views.list': async () => ({ views: store.list(), last: store.last() }),
    'views.save': async ({ name, query }) => store.save(name, query),
    'views.rename': async ({ id, name }) => store.rename(id, name),
    'views.remove': async ({ id }) => store.remove(id),
    'views.remember': async (query) => store.remember(query),
  };
}

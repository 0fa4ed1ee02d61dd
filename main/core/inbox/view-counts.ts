// 'views.counts': every saved view's count in one call, from the cache's inbox index, so the
// sidebar's counts cost one round trip whatever the number of views.
import type { Handlers } from '../../../preload/contract';
import type { InboxFilterInput } from '../../../preload/contract/bridge/inbox';
import type { QuoteCache } from '../cache';
import type { Clock } from '../ports';
import { teamSelectionOf } from './team-filter';
import type { TeamQuotes } from './team-filter';

export type ViewCountHandlers = Pick<Handlers, 'views.counts'>;

export interface ViewCountDeps {
  cache: Pick<QuoteCache, 'inbox'>;
  clock: Pick<Clock, 'now'>;
  /** As inbox.query reads "expiring soon". */
  expiringSoonDays: number;
  /** As inbox.query leaves them out: the snoozed. */
  hidden?: () => ReadonlySet<string>;
  /** As inbox.query reads a team view. */
  teamQuotes?: TeamQuotes;
}

/** How many quotes each selection holds, read as inbox.query reads it: the total of its first row's window. */
export function countSelections(deps: ViewCountDeps, selections: readonly InboxFilterInput[]): number[] {
  const now = deps.clock.now();
  const hidden = deps.hidden?.();
  return selections.map((selection) => deps.cache.inbox({ ...teamSelectionOf(selection, { expiringSoonDays: deps.expiringSoonDays, now, hidden, teamQuotes: deps.teamQuotes }), sort: 'newest', offset: 0, limit: 1 }).total);
}

export function createViewCountHandlers(deps: ViewCountDeps): ViewCountHandlers {
  return {
    async 'views.counts'({ selections }) {
      return { counts: countSelections(deps, selections) };
    },
  };
}

// The team desk's views as a filter of the inbox ('Assigned to me', 'Waiting for my approval',
// 'My requests'): the bridge names the view, the team's state gives its quotes, and every
// reading of a view (its rows, facet counts, the sidebar's count, a selection in it) narrows
// to them here, so they all count the same quotes.
import type { InboxFilterInput, TeamInboxView } from '../../../preload/contract/bridge/inbox';
import type { InboxFacetQuery } from '../cache';
import { selectionOf } from '../cache/inbox';

/** The quote ids in one of my team views now; an empty set when this folder is on no team. */
export type TeamQuotes = (view: TeamInboxView) => ReadonlySet<string>;

export interface TeamSelectionOptions {
  expiringSoonDays: number;
  now: number;
  hidden?: ReadonlySet<string>;
  /** Absent: no team desk in this core, so a team view holds nothing. */
  teamQuotes?: TeamQuotes;
}

/** The cache's filters for a bridge input, a team view read as the quotes it holds (and those named, when both are). */
export function teamSelectionOf(input: InboxFilterInput, options: TeamSelectionOptions): InboxFacetQuery {
  const { team, ...rest } = input;
  const filters = selectionOf(rest, options);
  if (team === undefined) return filters;
  const inView = options.teamQuotes?.(team) ?? new Set<string>();
  filters.quoteIds = rest.quoteIds ? rest.quoteIds.filter((id) => inView.has(id)) : [...inView];
  return filters;
}

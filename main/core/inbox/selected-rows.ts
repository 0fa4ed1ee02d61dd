// A selection resolved against the view it was made in, the way inbox.query reads it, so an
// action touches exactly the rows the person selected, in the order they see them: the
// selection's actions, its keep-offline job and inbox.export's `selection` all read it here.
import { setImmediate as nextTurn } from 'node:timers/promises';
import type { z } from 'zod';
import type { InboxFilterInput, InboxRow, InboxSort } from '../../../preload/contract/bridge/inbox';
import type { QuoteSelection } from '../../../preload/contract/bridge/selection';
import type { QuoteCache } from '../cache';
import type { Clock } from '../ports';
import { DEFAULT_INBOX_OPTIONS } from './bridge';
import { teamSelectionOf } from './team-filter';
import type { TeamQuotes } from './team-filter';

/** Rows read from the cache at a time: a selection is not bound by the inbox's window. */
const PAGE = 1000;

/** A view (inbox.query's filters and order, parsed) and, optionally, the quotes selected in it. */
export type ViewInput = z.output<typeof InboxFilterInput> & { sort: InboxSort; selection?: z.output<typeof QuoteSelection> };

export interface SelectedRowsDeps {
  cache: Pick<QuoteCache, 'inbox'>;
  clock: Clock;
  /** "Expiring soon" must mean what it means in the inbox, or the rows would not be the view's. */
  expiringSoonDays?: number;
  /** The quotes the view leaves out (the snoozed): never selected with it. */
  hidden?: () => ReadonlySet<string>;
  /** A team view's quotes: a selection in it holds only those. */
  teamQuotes?: TeamQuotes;
}

/**
 * The rows of a view, or of the quotes selected in it, in the view's order; `range` keeps
 * rows [offset, offset + limit) of those. The quotes named are looked up by the index itself
 * (any number of them); "all but" and ranges page through the view.
 */
export async function selectedRows(deps: SelectedRowsDeps, input: ViewInput, range?: { offset: number; limit: number }): Promise<{ rows: InboxRow[]; total: number }> {
  const { sort, selection, ...view } = input;
  const filters = teamSelectionOf(view, { expiringSoonDays: deps.expiringSoonDays ?? DEFAULT_INBOX_OPTIONS.expiringSoonDays, now: deps.clock.now(), hidden: deps.hidden?.(), teamQuotes: deps.teamQuotes });
  if (selection?.kind === 'quotes') {
    // Within a view that shows only some quotes (a notification's), only those can be selected.
    const shown = filters.quoteIds ? new Set(filters.quoteIds) : null;
    filters.quoteIds = shown ? selection.quoteIds.filter((id) => shown.has(id)) : selection.quoteIds;
  }
  const pick = picker(selection);
  if (range && !pick) {
    const window = deps.cache.inbox({ ...filters, sort, offset: range.offset, limit: range.limit });
    return { rows: window.rows, total: window.total };
  }
  const rows: InboxRow[] = [];
  for (let offset = 0; ; offset += PAGE) {
    // A turn of the event loop between pages: reading 100,000 rows never holds the core at once.
    if (offset > 0) await nextTurn();
    const window = deps.cache.inbox({ ...filters, sort, offset, limit: PAGE });
    rows.push(...window.rows);
    if (window.rows.length < PAGE || offset + window.rows.length >= window.total) break;
  }
  const picked = pick ? pick(rows) : rows;
  return range ? { rows: picked.slice(range.offset, range.offset + range.limit), total: picked.length } : { rows: picked, total: picked.length };
}

type Selection = NonNullable<ViewInput['selection']>;

/** Which of the view's rows (all of them, in order) a selection keeps; null when it keeps every row the index gives. */
function picker(selection: Selection | undefined): ((rows: readonly InboxRow[]) => InboxRow[]) | null {
  if (selection?.kind === 'all' && selection.except.length > 0) {
    const except = new Set(selection.except);
    return (rows) => rows.filter((row) => !except.has(row.quoteId));
  }
  if (selection?.kind !== 'ranges') return null;
  const { ranges, quoteIds, except } = selection;
  const named = new Set(quoteIds);
  const left = new Set(except);
  return (rows) => {
    const at = new Map(rows.map((row, index) => [row.quoteId, index]));
    const inRange = new Uint8Array(rows.length);
    for (const { from, to } of ranges) {
      const ends = [at.get(from), at.get(to)].filter((index) => index !== undefined);
      // An end that left the view: only the end still there is kept.
      if (ends.length === 0) continue;
      for (let index = Math.min(...ends); index <= Math.max(...ends); index++) inRange[index] = 1;
    }
    return rows.filter((row, index) => (inRange[index] === 1 || named.has(row.quoteId)) && !left.has(row.quoteId));
  };
}

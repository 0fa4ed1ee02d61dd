// The selection namespace of the bridge: several quotes picked in the inbox, marked read or
// unread, or their PDFs kept offline. The selection is resolved here against the view it was
// made in, the way inbox.query reads it, so an action touches exactly the rows the person
// selected, in the order they see them (inbox.export's `selection` uses the same function).
import type { z } from 'zod';
import type { InboxFilterInput, InboxSort } from '../../../preload/contract/bridge/inbox';
import type { InboxRow } from '../../../preload/contract/bridge/inbox';
import type { QuoteSelection, selectionMethods } from '../../../preload/contract/bridge/selection';
import { sameServiceAccounts } from '../accounts/same-service';
import type { AccountsService } from '../accounts/types';
import type { QuoteCache } from '../cache';
import { selectionOf } from '../cache/inbox';
import type { UnreadState } from '../notify/unread';
import type { Clock } from '../ports';
import { DEFAULT_INBOX_OPTIONS } from './bridge';
import type { KeepOfflineJobs } from './keep-offline';

type Methods = typeof selectionMethods;
export type SelectionHandlers = {
  [M in keyof Methods]: (input: z.output<Methods[M]['input']>) => Promise<z.output<Methods[M]['output']>>;
};

/** Rows read from the cache at a time: a selection is not bound by the inbox's window. */
const PAGE = 1000;

/** A view (inbox.query's filters and order, parsed) and, optionally, the quotes selected in it. */
export type ViewInput = z.output<typeof InboxFilterInput> & { sort: InboxSort; selection?: z.output<typeof QuoteSelection> };

export interface SelectedRowsDeps {
  cache: Pick<QuoteCache, 'inbox' | 'setServices'>;
  accounts: Pick<AccountsService, 'list'>;
  clock: Clock;
  /** "Expiring soon" must mean what it means in the inbox, or the rows would not be the view's. */
  expiringSoonDays?: number;
}

/**
 * The rows of a view, or of the quotes selected in it, in the view's order; `range` keeps
 * rows [offset, offset + limit) of those. The quotes named are looked up by the index itself
 * (any number of them); "all but" pages through the view leaving the exceptions out.
 */
export async function selectedRows(deps: SelectedRowsDeps, input: ViewInput, range?: { offset: number; limit: number }): Promise<{ rows: InboxRow[]; total: number }> {
  const { sort, selection, ...view } = input;
  // Services first, as inbox.query does: quotes two accounts share are one row.
  deps.cache.setServices(await deps.accounts.list());
  const filters = selectionOf(view, { expiringSoonDays: deps.expiringSoonDays ?? DEFAULT_INBOX_OPTIONS.expiringSoonDays, now: deps.clock.now() });
  if (selection?.kind === 'quotes') {
    // Within a view that shows only some quotes (a notification's), only those can be selected.
    const shown = view.quoteIds ? new Set(view.quoteIds) : null;
    filters.quoteIds = shown ? selection.quoteIds.filter((id) => shown.has(id)) : selection.quoteIds;
  }
  const except = selection?.kind === 'all' && selection.except.length > 0 ? new Set(selection.except) : null;
  if (range && !except) {
    const window = deps.cache.inbox({ ...filters, sort, offset: range.offset, limit: range.limit });
    return { rows: window.rows, total: window.total };
  }
  const rows: InboxRow[] = [];
  for (let offset = 0; ; offset += PAGE) {
    const window = deps.cache.inbox({ ...filters, sort, offset, limit: PAGE });
    for (const row of window.rows) if (!except?.has(row.quoteId)) rows.push(row);
    if (window.rows.length < PAGE || offset + window.rows.length >= window.total) break;
  }
  return range ? { rows: rows.slice(range.offset, range.offset + range.limit), total: rows.length } : { rows, total: rows.length };
}

export interface SelectionHandlerDeps extends SelectedRowsDeps {
  unread: Pick<UnreadState, 'markReadMany' | 'markUnreadMany'>;
  /** The keep-offline job, which outlives the page that starts it. */
  keepOffline: KeepOfflineJobs;
}

/** Each row's quote under the account it is shown for, grouped by that account. */
function byAccount(rows: readonly InboxRow[]): Map<string, string[]> {
  const groups = new Map<string, string[]>();
  for (const row of rows) {
    const quoteIds = groups.get(row.accountId) ?? [];
    quoteIds.push(row.quoteId);
    groups.set(row.accountId, quoteIds);
  }
  return groups;
}

export function createSelectionHandlers(deps: SelectionHandlerDeps): SelectionHandlers {
  return {
    // As opening each quote would: read in its account and wherever else its service shows it.
    async 'selection.markRead'(input) {
      const { rows } = await selectedRows(deps, input);
      const accounts = await deps.accounts.list();
      const groups = [...byAccount(rows)].map(([accountId, quoteIds]) => ({ accountId, quoteIds, sameService: sameServiceAccounts(accounts, accountId) ?? [] }));
      return { quotes: rows.length, unread: deps.unread.markReadMany(groups) };
    },

    // As `u` on one row does: unread in the account the row is shown for.
    async 'selection.markUnread'(input) {
      const { rows } = await selectedRows(deps, input);
      const groups = [...byAccount(rows)].map(([accountId, quoteIds]) => ({ accountId, quoteIds }));
      return { quotes: rows.length, unread: deps.unread.markUnreadMany(groups) };
    },

    'selection.keepPdfsOffline': (input) => deps.keepOffline.start(input),
    'selection.keepOfflinePlan': (input) => deps.keepOffline.plan(input),
    'selection.keepOfflineJob': async () => deps.keepOffline.current(),
    'selection.stopKeepOffline': () => deps.keepOffline.stop(),
  };
}

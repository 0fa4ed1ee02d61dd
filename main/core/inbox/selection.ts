// The selection namespace of the bridge: several quotes picked in the inbox, marked read or
// unread, or their PDFs kept offline. The selection is resolved against the view it was made
// in (selected-rows.ts), so an action touches exactly the rows the person selected.
import type { z } from 'zod';
import type { InboxRow } from '../../../preload/contract/bridge/inbox';
import type { selectionMethods } from '../../../preload/contract/bridge/selection';
import { sameServiceAccounts } from '../accounts/same-service';
import type { AccountsService } from '../accounts/types';
import type { UnreadState } from '../notify/unread';
import type { KeepOfflineJobs } from './keep-offline';
import { selectedRows } from './selected-rows';
import type { SelectedRowsDeps } from './selected-rows';

type Methods = typeof selectionMethods;
export type SelectionHandlers = {
  [M in keyof Methods]: (input: z.output<Methods[M]['input']>) => Promise<z.output<Methods[M]['output']>>;
};

export interface SelectionHandlerDeps extends SelectedRowsDeps {
  /** Which accounts share a service: a quote read in one is read in all of them. */
  accounts: Pick<AccountsService, 'list'>;
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

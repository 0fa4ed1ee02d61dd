// The one count of unread quotes: the window title, the tray, the dock/taskbar badge and the
// All accounts badge all show `total`. Per account a quote counts where it is unread; in the
// total a quote unread through a client key and the internal key of one service is one quote.
import type { UnreadSummary } from '../../../preload/contract';

/** Each account's unread quote ids (lower case) summed up; `serviceOf` says which accounts share a service. */
export function summariseUnread(accounts: ReadonlyMap<string, ReadonlySet<string>>, serviceOf: (accountId: string) => string): UnreadSummary {
  const list = [...accounts]
    .filter(([, quoteIds]) => quoteIds.size > 0)
    .map(([accountId, quoteIds]) => ({ accountId, count: quoteIds.size, quoteIds: [...quoteIds] }));
  const quotes = new Set(list.flatMap(({ accountId, quoteIds }) => quoteIds.map((quoteId) => `${serviceOf(accountId)}\u0000${quoteId}`)));
  return { total: quotes.size, accounts: list };
}

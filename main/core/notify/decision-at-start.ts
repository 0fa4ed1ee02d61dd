// A decision the last run left in the outbox ended at this start (sent, or held and asked
// again): a notification through the one policy (preferences, quiet hours, grouping), worded
// from the outbox's report in the language spoken now. It is the person's own decision, so the quote is not made unread.
import type { StartReport } from '../../../preload/contract/bridge/decisions';
import type { AccountsService } from '../accounts/types';
import type { NotificationCenter, Outcome } from './notification-center';
import { quoteChangeOf } from './quote-change';
import { startReportWords } from '../../../i18n/words/start-reports';

/** Its kinds, one per outcome, so each can be switched off on its own. */
export const SENT_AT_START_KIND = 'quote.sent_at_start';
export const NOT_SENT_AT_START_KIND = 'quote.not_sent_at_start';

export async function notifyDecisionAtStart(
  deps: { center: Pick<NotificationCenter, 'announce'>; accounts: Pick<AccountsService, 'list'> },
  report: StartReport,
): Promise<Outcome | 'account-gone'> {
  const change = await quoteChangeOf(deps.accounts, report.accountId, {
    source: 'decision',
    kind: report.outcome === 'sent' ? SENT_AT_START_KIND : NOT_SENT_AT_START_KIND,
    quoteId: report.quoteId,
    quoteNumber: report.quoteNumber,
    // Once per decision of the outbox.
    changeKey: `outbox|${report.entryId}`,
    occurredAt: report.at,
    words: { title: startReportWords(report), detail: report.detail },
  });
  if (!change) return 'account-gone';
  return deps.center.announce(change);
}

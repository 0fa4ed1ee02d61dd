// A decision the last run left in the outbox ended at this start (sent, or held and asked
// again): a notification through the one policy (preferences, quiet hours, grouping), worded
// by the outbox's report. It is the person's own decision, so the quote is not made unread.
import type { StartReport } from '../../../preload/contract/bridge/decisions';
import type { AccountsService } from '../accounts/types';
import { serviceOf } from '../accounts/same-service';
import type { NotificationCenter, Outcome } from './notification-center';
import type { NotifiableChange } from './types';

/** Its kinds, one per outcome, so each can be switched off on its own. */
export const SENT_AT_START_KIND = 'quote.sent_at_start';
export const NOT_SENT_AT_START_KIND = 'quote.not_sent_at_start';

export async function notifyDecisionAtStart(
  deps: { center: Pick<NotificationCenter, 'announce'>; accounts: Pick<AccountsService, 'list'> },
  report: StartReport,
): Promise<Outcome | 'account-gone'> {
  const account = (await deps.accounts.list()).find((candidate) => candidate.id === report.accountId);
  if (!account) return 'account-gone';
  const change: NotifiableChange = {
    accountId: account.id,
    accountName: account.name,
    service: serviceOf(account.baseUrl),
    access: account.access,
    source: 'decision',
    kind: report.outcome === 'sent' ? SENT_AT_START_KIND : NOT_SENT_AT_START_KIND,
    quoteId: report.quoteId,
    quoteNumber: report.quoteNumber,
    projectName: null,
    companyName: null,
    amount: null,
    previousAmount: null,
    oldStatus: null,
    newStatus: null,
    entityId: report.quoteId,
    entityNumber: report.quoteNumber,
    entityName: null,
    versionHash: null,
    // Once per decision of the outbox.
    changeKey: `outbox|${report.entryId}`,
    occurredAt: report.at,
    words: { title: report.summary, detail: report.detail },
  };
  return deps.center.announce(change);
}

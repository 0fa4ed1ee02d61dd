// A snoozed quote came back: a notification through the one policy (preferences, quiet
// hours, grouping), worded as a quote change of its own, and the quote unread again.
import type { AccountsService } from '../accounts/types';
import { serviceOf } from '../accounts/same-service';
import type { NotificationCenter, Outcome } from './notification-center';
import type { NotifiableChange } from './types';

/** Why a snooze ended by itself: its time came, or the quote moved under it. */
export type SnoozeEndReason = 'time' | 'changed';

/** The snooze as the notification needs it (the bridge's Snooze has these fields). */
export interface EndedSnooze {
  accountId: string;
  quoteId: string;
  until: string;
  quoteNumber: string | null;
  projectName: string | null;
  companyName: string | null;
}

export const SNOOZE_ENDED_KIND = 'quote.snooze_ended';

export async function notifySnoozeEnded(
  deps: { center: Pick<NotificationCenter, 'handle'>; accounts: Pick<AccountsService, 'list'> },
  snooze: EndedSnooze,
  reason: SnoozeEndReason,
): Promise<Outcome | 'account-gone'> {
  const account = (await deps.accounts.list()).find((candidate) => candidate.id === snooze.accountId);
  if (!account) return 'account-gone';
  const change: NotifiableChange = {
    accountId: account.id,
    accountName: account.name,
    service: serviceOf(account.baseUrl),
    access: account.access,
    source: 'sync',
    kind: SNOOZE_ENDED_KIND,
    quoteId: snooze.quoteId,
    quoteNumber: snooze.quoteNumber,
    projectName: snooze.projectName,
    companyName: snooze.companyName,
    amount: null,
    previousAmount: null,
    oldStatus: null,
    newStatus: null,
    entityId: snooze.quoteId,
    entityNumber: snooze.quoteNumber,
    entityName: null,
    versionHash: null,
    // Once per snooze: snoozed again until another time, it comes back again.
    changeKey: `snooze|${snooze.quoteId}|${snooze.until}|${reason}`,
    occurredAt: reason === 'time' ? snooze.until : null,
  };
  return deps.center.handle(change);
}

// A snoozed quote came back: a notification through the one policy (preferences, quiet
// hours, grouping), worded as a quote change of its own, and the quote unread again.
import type { AccountsService } from '../accounts/types';
import type { NotificationCenter, Outcome } from './notification-center';
import { quoteChangeOf } from './quote-change';

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
  const change = await quoteChangeOf(deps.accounts, snooze.accountId, {
    source: 'sync',
    kind: SNOOZE_ENDED_KIND,
    quoteId: snooze.quoteId,
    quoteNumber: snooze.quoteNumber,
    projectName: snooze.projectName,
    companyName: snooze.companyName,
    // Once per snooze: snoozed again until another time, it comes back again.
    changeKey: `snooze|${snooze.quoteId}|${snooze.until}|${reason}`,
    occurredAt: reason === 'time' ? snooze.until : null,
  });
  if (!change) return 'account-gone';
  return deps.center.handle(change);
}

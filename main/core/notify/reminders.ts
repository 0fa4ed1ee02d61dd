// Expiry reminders for quotes that wait for a decision: at 9:00 local time two days before
// the quote's last day, and at 9:00 on its last day ("expires today" is the person's local
// day). Pure: given the cached quotes and the time, which reminders are due and when the next
// one falls. Each carries a change key of the quote, the moment, its expiry and its revision,
// so the change ledger lets it through once per quote and revision (a revised quote, or one
// whose validity is extended, is reminded of again).
import { DAYS_BEFORE_EXPIRY, localDayAt, MORNING_HOUR } from '../../../preload/contract/plain/snooze-times';
import { isActionable } from '../../../preload/contract/plain/statuses';
import type { KeyAccess, QuoteStatus } from '../../../preload/contract/plain/statuses';
import type { NotifiableChange, ReminderMoment } from './types';

/** The fields of a cached quote a reminder needs (the cache's QuoteAtAGlance has them). */
export interface ReminderQuote {
  id: string;
  quoteNumber: string | null;
  projectName: string | null;
  companyName: string | null;
  status: QuoteStatus;
  totalPrice: { amount: number; currency: string } | null;
  validUntil?: string | null;
}

export interface AccountQuotes {
  accountId: string;
  accountName: string;
  service: string | null;
  access: KeyAccess;
  quotes: readonly ReminderQuote[];
  /** How many versions of the quote's details are kept: a new revision is reminded of again. Read only for a reminder that is due. */
  revisionOf(quoteId: string): number;
}

/** When a quote's two reminders fall, in local time: two days before its last day, and its last day, at 9:00. */
export function reminderTimes(expiresAt: number): Record<ReminderMoment, number> {
  return { 'two-days': localDayAt(expiresAt, -DAYS_BEFORE_EXPIRY, MORNING_HOUR), 'last-day': localDayAt(expiresAt, 0, MORNING_HOUR) };
}

/**
 * The reminder due now for a quote expiring at `expiresAt`, or null: the latest moment
 * passed, so a person who opens the app on the last day hears "today", not "in two days".
 */
export function dueMoment(expiresAt: number, now: number): ReminderMoment | null {
  if (expiresAt <= now) return null;
  const times = reminderTimes(expiresAt);
  if (times['last-day'] <= now) return 'last-day';
  return times['two-days'] <= now ? 'two-days' : null;
}

/** Whole local days from `from`'s day to `to`'s day (a day of a clock change is still one day). */
export function localDaysBetween(from: number, to: number): number {
  return Math.round((localDayAt(to, 0, 0) - localDayAt(from, 0, 0)) / (24 * 60 * 60 * 1000));
}

/** The actionable quotes' expiries (ms), skipping those without a readable validity. */
function* expiries(account: AccountQuotes): Generator<[ReminderQuote, number]> {
  for (const quote of account.quotes) {
    if (!quote.validUntil || !isActionable(quote, account.access)) continue;
    const expiresAt = Date.parse(quote.validUntil);
    if (!Number.isNaN(expiresAt)) yield [quote, expiresAt];
  }
}

export function dueReminders(accounts: readonly AccountQuotes[], now: number): NotifiableChange[] {
  const due: NotifiableChange[] = [];
  for (const account of accounts) {
    const { accountId, accountName, service, access } = account;
    for (const [quote, expiresAt] of expiries(account)) {
      const moment = dueMoment(expiresAt, now);
      if (moment === null) continue;
      const expiry = new Date(expiresAt).toISOString();
      due.push({
        accountId,
        accountName,
        service,
        access,
        source: 'sync',
        kind: 'quote.expiring',
        reminder: moment,
        daysLeft: localDaysBetween(now, expiresAt),
        quoteId: quote.id,
        quoteNumber: quote.quoteNumber,
        projectName: quote.projectName,
        companyName: quote.companyName,
        amount: quote.totalPrice ? { value: quote.totalPrice.amount, currency: quote.totalPrice.currency } : null,
        previousAmount: null,
        oldStatus: null,
        newStatus: null,
        entityId: quote.id,
        entityNumber: quote.quoteNumber,
        entityName: null,
        versionHash: null,
        changeKey: `reminder|${quote.id}|${moment}|${expiry}|r${account.revisionOf(quote.id)}`,
        occurredAt: expiry,
      });
    }
  }
  return due;
}

/** The next reminder moment after `now` among these quotes, or null: when to look again without waiting for a sync. */
export function nextReminderAt(accounts: readonly AccountQuotes[], now: number): number | null {
  let next: number | null = null;
  for (const account of accounts) {
    for (const [, expiresAt] of expiries(account)) {
      if (expiresAt <= now) continue;
      for (const at of Object.values(reminderTimes(expiresAt))) if (at > now && at < expiresAt && (next === null || at < next)) next = at;
    }
  }
  return next;
}

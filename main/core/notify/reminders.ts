// "Expires within 48 hours" reminders for quotes that wait for a decision. Pure: given the
// cached quotes and the time, which reminders are due. Each carries a change key made of the
// quote and its expiry, so the change ledger lets it through once per quote and expiry (a
// quote whose validity is extended gets a new reminder when the new date comes near).
import { isActionable } from '../../../preload/contract/plain/statuses';
import type { KeyAccess, QuoteStatus } from '../../../preload/contract/plain/statuses';
import type { NotifiableChange } from './types';

export const REMINDER_LEAD_MS = 48 * 60 * 60 * 1000;

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
}

export function dueReminders(accounts: readonly AccountQuotes[], now: number, leadMs = REMINDER_LEAD_MS): NotifiableChange[] {
  const due: NotifiableChange[] = [];
  for (const { accountId, accountName, service, access, quotes } of accounts) {
    for (const quote of quotes) {
      if (!quote.validUntil || !isActionable(quote, access)) continue;
      const expiresAt = Date.parse(quote.validUntil);
      if (Number.isNaN(expiresAt) || expiresAt <= now || expiresAt - now > leadMs) continue;
      due.push({
        accountId,
        accountName,
        service,
        access,
        source: 'sync',
        kind: 'quote.expiring',
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
        changeKey: `reminder|${quote.id}|${new Date(expiresAt).toISOString()}`,
        occurredAt: new Date(expiresAt).toISOString(),
      });
    }
  }
  return due;
}

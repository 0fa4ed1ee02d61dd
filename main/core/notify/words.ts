// The small words a notification is made of: amounts with their currency, statuses in the
// words the inbox uses, dates in local time.
import { QUOTE_STATUSES, clientFacingStatus, statusLabel } from '../../../preload/contract/plain/statuses';
import type { KeyAccess, QuoteStatus } from '../../../preload/contract/plain/statuses';

const LOCALE = 'en-GB';

export function formatAmount(amount: { value: number; currency: string } | null): string | null {
  if (!amount || !Number.isFinite(amount.value)) return null;
  try {
    return new Intl.NumberFormat(LOCALE, { style: 'currency', currency: amount.currency }).format(amount.value);
  } catch {
    // A currency code Intl does not know is still shown, as the service sent it.
    return `${new Intl.NumberFormat(LOCALE, { maximumFractionDigits: 2 }).format(amount.value)} ${amount.currency}`;
  }
}

function isQuoteStatus(value: string): value is QuoteStatus {
  return (QUOTE_STATUSES as readonly string[]).includes(value);
}

/** 'IN_PROGRESS' -> 'In progress': project and RFQ statuses the app has no words for. */
export function humanise(code: string): string {
  const words = code.replace(/[._-]+/g, ' ').trim().toLowerCase();
  return words.charAt(0).toUpperCase() + words.slice(1);
}

/** A quote status as the inbox shows it to this kind of key; other statuses humanised. */
export function statusWords(status: string | null, access: KeyAccess, quoteNumber: string | null = null): string | null {
  if (!status) return null;
  const upper = status.toUpperCase();
  if (!isQuoteStatus(upper)) return humanise(status);
  const seen = access === 'client' ? clientFacingStatus(upper) : upper;
  return statusLabel({ status: seen, quoteNumber }, access);
}

export function formatMoment(iso: string | null): string | null {
  if (!iso) return null;
  const time = Date.parse(iso);
  if (Number.isNaN(time)) return null;
  return new Intl.DateTimeFormat(LOCALE, { dateStyle: 'medium', timeStyle: 'short' }).format(time);
}

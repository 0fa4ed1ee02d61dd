// The small words a notification is made of: amounts with their currency, statuses in the
// words the inbox uses, dates in local time. The formatting is the app's one formatter
// (preload/contract/plain/format) in the system's locale, so a notification says
// "$4,376.84, Nov 27, 2026" exactly as the inbox row beside it does.
import { formatMoney, formatMoment as formatMomentShared } from '../../../i18n/words/format';
import { quoteStatusWords } from '../../../i18n/words/stages';
import { QUOTE_STATUSES, clientFacingStatus } from '../../../preload/contract/plain/statuses';
import type { KeyAccess, QuoteStatus } from '../../../preload/contract/plain/statuses';

export function formatAmount(amount: { value: number; currency: string } | null): string | null {
  if (!amount || !Number.isFinite(amount.value)) return null;
  return formatMoney({ amount: amount.value, currency: amount.currency });
}

function isQuoteStatus(value: string): value is QuoteStatus {
  return (QUOTE_STATUSES as readonly string[]).includes(value);
}

/** 'IN_PROGRESS' -> 'In progress': project and RFQ statuses the app has no words for. */
export function humanise(code: string): string {
  const words = code.replace(/[._-]+/g, ' ').trim().toLowerCase();
  return words.charAt(0).toUpperCase() + words.slice(1);
}

/** A quote status as the inbox row says it to this kind of key ("Awaiting your decision"); other statuses humanised. */
export function statusWords(status: string | null, access: KeyAccess, quoteNumber: string | null = null): string | null {
  if (!status) return null;
  const upper = status.toUpperCase();
  if (!isQuoteStatus(upper)) return humanise(status);
  const seen = access === 'client' ? clientFacingStatus(upper) : upper;
  return quoteStatusWords(seen, quoteNumber, access);
}

export function formatMoment(iso: string | null): string | null {
  return formatMomentShared(iso);
}

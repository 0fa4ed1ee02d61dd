// THE quote status lists and the rules over them (their words: i18n/words/statuses.ts). The
// contract's zod enums are built from these lists; the renderer, the core and the fakes
// import them from here, so no copy exists to drift.

export const QUOTE_STATUSES = [
  'PENDING',
  'SENT',
  'SENT_PENDING',
  'REVISED',
  'SENT_REVISED',
  'ACCEPTED',
  'REJECTED',
  'EXPIRED',
  'CANCELLED',
  'CHANGED_TO_PROJECT',
] as const;
export type QuoteStatus = (typeof QUOTE_STATUSES)[number];

/** Which kind of key an account holds: it decides which statuses exist. */
export const KEY_ACCESSES = ['client', 'internal'] as const;
export type KeyAccess = (typeof KEY_ACCESSES)[number];

/** The spec's visibility rule: client keys see client-facing statuses. */
export function clientFacingStatus(stored: QuoteStatus): QuoteStatus {
  if (stored === 'SENT' || stored === 'SENT_PENDING') return 'PENDING';
  if (stored === 'SENT_REVISED') return 'REVISED';
  return stored;
}

/** The statuses each key kind can meet: client keys never see SENT, SENT_PENDING or SENT_REVISED. */
export const STATUSES_BY_ACCESS: Readonly<Record<KeyAccess, readonly QuoteStatus[]>> = {
  client: QUOTE_STATUSES.filter((status) => clientFacingStatus(status) === status),
  internal: QUOTE_STATUSES,
};

export function statusesFor(access: KeyAccess): readonly QuoteStatus[] {
  return STATUSES_BY_ACCESS[access];
}

/**
 * Statuses on which accept/decline are offered. The service requires stored SENT or
 * REVISED, but a client key sees SENT as PENDING, so for client keys both PENDING and
 * REVISED are offered and a 400 is handled as "not actionable after all".
 */
export const ACTIONABLE_STATUSES: Readonly<Record<KeyAccess, readonly QuoteStatus[]>> = {
  client: ['PENDING', 'REVISED'],
  internal: ['SENT', 'SENT_PENDING', 'REVISED', 'SENT_REVISED'],
};

/** The fields of a quote that decide how its status reads. */
export interface StatusSubject {
  status: QuoteStatus;
  quoteNumber: string | null;
}

/**
 * A client key sees both "being prepared" and "sent to you" as PENDING. The spec gives
 * pending quotes no number until they are issued, so a PENDING quote without a number is
 * still in preparation: nothing to decide yet. An internal key's PENDING is always that.
 */
export function inPreparation(quote: StatusSubject, access: KeyAccess): boolean {
  return quote.status === 'PENDING' && (access === 'internal' || quote.quoteNumber === null);
}

export function isActionable(quote: StatusSubject, access: KeyAccess): boolean {
  if (inPreparation(quote, access)) return false;
  return ACTIONABLE_STATUSES[access].includes(quote.status);
}

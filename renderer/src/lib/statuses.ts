import type { KeyAccess, QuoteStatus } from '../../../preload/contract';

/** Words an account manager uses, not the service's enum names. */
export const STATUS_LABELS: Record<QuoteStatus, string> = {
  PENDING: 'Pending',
  SENT: 'Sent',
  SENT_PENDING: 'Awaiting client',
  REVISED: 'Revised',
  SENT_REVISED: 'Revised, awaiting client',
  ACCEPTED: 'Accepted',
  REJECTED: 'Declined',
  EXPIRED: 'Expired',
  CANCELLED: 'Cancelled',
  CHANGED_TO_PROJECT: 'Project started',
};

/**
 * A copy of the contract's ACTIONABLE_STATUSES: the renderer may only import types from
 * the contract, so the value is repeated here (a test keeps the two in step).
 */
export const ACTIONABLE_STATUSES = {
  client: ['PENDING', 'REVISED'],
  internal: ['SENT', 'SENT_PENDING', 'REVISED', 'SENT_REVISED'],
} as const satisfies Record<KeyAccess, readonly QuoteStatus[]>;

/** The spec's visibility rule: client keys never see SENT, SENT_PENDING or SENT_REVISED. */
export const STATUSES_BY_ACCESS = {
  client: ['PENDING', 'REVISED', 'ACCEPTED', 'REJECTED', 'EXPIRED', 'CANCELLED', 'CHANGED_TO_PROJECT'],
  internal: [
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
  ],
} as const satisfies Record<KeyAccess, readonly QuoteStatus[]>;

export type StatusTone = 'neutral' | 'info' | 'attention' | 'success' | 'danger' | 'muted';

export const STATUS_TONES: Record<QuoteStatus, StatusTone> = {
  PENDING: 'neutral',
  SENT: 'info',
  SENT_PENDING: 'attention',
  REVISED: 'info',
  SENT_REVISED: 'attention',
  ACCEPTED: 'success',
  REJECTED: 'danger',
  EXPIRED: 'muted',
  CANCELLED: 'muted',
  CHANGED_TO_PROJECT: 'success',
};

/** The fields of a quote that decide how its status reads. */
export interface StatusSubject {
  status: QuoteStatus;
  quoteNumber: string | null;
}

/**
 * A client key sees both "being prepared" and "sent to you" as PENDING. The spec gives
 * pending quotes no number until they are issued, so a PENDING quote without a number is
 * still in preparation: nothing to decide yet.
 */
function inPreparation(quote: StatusSubject, access: KeyAccess): boolean {
  return quote.status === 'PENDING' && (access === 'internal' || quote.quoteNumber === null);
}

export function isActionable(quote: StatusSubject, access: KeyAccess): boolean {
  if (inPreparation(quote, access)) return false;
  return (ACTIONABLE_STATUSES[access] as readonly QuoteStatus[]).includes(quote.status);
}

export function statusLabel(quote: StatusSubject, access: KeyAccess): string {
  return inPreparation(quote, access) ? 'In preparation' : STATUS_LABELS[quote.status];
}

export function statusesFor(access: KeyAccess): readonly QuoteStatus[] {
  return STATUSES_BY_ACCESS[access];
}

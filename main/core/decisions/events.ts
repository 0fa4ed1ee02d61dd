import type { Decision, DecisionReceipt } from '../../../preload/contract/bridge/decisions';
import type { QuoteDetails, QuoteStatus } from '../../../preload/contract';

/**
 * The decision use case's domain events (to be added to DomainEvents in events/catalog.ts).
 * Payloads are core terms; the cache stores `quote` when there is one, notifications and
 * the bridge's hub tell the person.
 */
export type DecisionEvents = {
  /** The service applied an accept or decline (said so, or a re-read after a lost answer showed it). */
  'quote.decided': {
    accountId: string;
    quoteId: string;
    decision: Decision;
    /** The status the service reported. */
    status: QuoteStatus | string;
    /** The quote as re-read after deciding, when it could be. */
    quote: QuoteDetails | null;
    receipt: DecisionReceipt;
    via: 'response' | 'confirmed-after-uncertainty';
  };
  /** A decision re-read the quote from the service (stale copy, refusal, unknown outcome): the cache may store it. */
  'quote.reread': { accountId: string; quote: QuoteDetails; reason: 'stale' | 'refused' | 'unknown-outcome' | 'check-again' | 'decided' };
};

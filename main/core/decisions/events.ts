import type { Decision, DecisionReceipt } from '../../../preload/contract/bridge/decisions';
import type { KeyAccess, QuoteDetails, QuoteStatus } from '../../../preload/contract';

/**
 * The decision use case's domain events (part of DomainEvents in events/catalog.ts).
 * Every copy of a quote a decision reads is published as 'quote.reread' (also the one
 * 'quote.decided' carries): the cache stores it through feedCacheFromDecisions.
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
  'quote.reread': { accountId: string; access: KeyAccess; quote: QuoteDetails; reason: 'stale' | 'refused' | 'unknown-outcome' | 'check-again' | 'decided' };
};

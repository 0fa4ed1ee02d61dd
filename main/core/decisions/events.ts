import type { Decision, DecisionReceipt } from '../../../preload/contract/bridge/decisions';
import type { QuoteDetails, QuoteStatus } from '../../../preload/contract';

/**
 * The decision use case's domain events (part of DomainEvents, declared at the end of this file). The
 * copies of a quote a decision reads go into the cache by its record (a direct call), which
 * publishes 'quotes.stored' for what changed; these say what the person decided, so that
 * notifications can tell this installation's own decisions from changes made elsewhere.
 */
export type DecisionEvents = {
  /** A decision is about to be sent: from now until 'quote.decisionEnded' the service may apply it. */
  'quote.deciding': { accountId: string; quoteId: string; decision: Decision };
  /** The service applied an accept or decline (said so, or a re-read after a lost answer showed it). */
  'quote.decided': {
    accountId: string;
    quoteId: string;
    decision: Decision;
    /** The status the service reported. */
    status: QuoteStatus | string;
    /** The quote as it stands after deciding, when it could be had. */
    quote: QuoteDetails | null;
    receipt: DecisionReceipt;
    via: 'response' | 'confirmed-after-uncertainty';
  };
  /** The decision's outcome is known: `applied` when the service applied it ('quote.decided' came before). */
  'quote.decisionEnded': { accountId: string; quoteId: string; decision: Decision; applied: boolean };
};

// Part of every domain event (main/core/events/catalog.ts): declared here, where they are published.
declare module '../events/catalog' {
  interface DomainEvents extends DecisionEvents {}
}

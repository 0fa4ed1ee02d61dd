import type { AccountStatus, AccountView, QuoteDetails, QuoteStatus } from '../../../preload/contract';
import type { Decision, DecisionReceipt, StartReport } from '../../../preload/contract/bridge/decisions';
import type { EventBus } from './bus';

/**
 * Every domain event of the core, by type. Declared here: the events a folder below their
 * publisher listens to (the accounts', a decision's, a completed sync, a tunnel back), so no
 * folder needs to know one above it. Each feature adds the rest, which only it and the
 * folders above it hear, from its own events.ts by extending this interface
 * (`declare module '../events/catalog'`). A misspelt event type stays a compile error.
 */
export interface DomainEvents {
  /** The account list changed: added, edited, removed, or a status moved. */
  'accounts.changed': { accounts: AccountView[] };
  /** One account's connection status moved (e.g. to needs-credentials after a refused refresh). */
  'account.status': { accountId: string; status: AccountStatus; message: string | null };
  /** An account is gone for good: per-account state (cache, webhooks, unread) is dropped. */
  'account.removed': { accountId: string };
  /** A complete pass over an account's list ended well: the cache holds its whole list (sync/ publishes it). */
  'sync.completed': { accountId: string; at: number; quotes: number; needsAction: string[] };
  /** The tunnel came back (a restart, a new public URL): deliveries sent meanwhile were lost, so sync catches up (webhooks/ publishes it). */
  'webhook.reconnected': { origin: string };
  /** An export's file was written (export/ publishes it): a large one leaves V8 holding heap the memory feature gives back. */
  'export.written': { rows: number };

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
  /** A decision the last run left in the outbox ended in this run (sent, held, refused): the person is told (notify/ hears it). */
  'decision.reportedAtStart': { report: StartReport };
}

export type DomainBus = EventBus<DomainEvents>;

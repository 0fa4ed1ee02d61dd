import type { AccountStatus, AccountView } from '../../../preload/contract';
import type { PdfEvents, QuoteEvents } from '../cache/events';
import type { DecisionEvents } from '../decisions/events';
import type { SyncEvents } from '../sync/events';
import type { WebhookEvents } from '../webhooks/events';
import type { EventBus } from './bus';

/**
 * Every domain event of the core, by type. A feature declares its own events as a type
 * (payloads in core terms) and adds it to the intersection below; consumers subscribe by
 * type. A type alias, not an interface: a misspelt event type is a compile error.
 */
export type DomainEvents = AccountEvents & QuoteEvents & PdfEvents & SyncEvents & DecisionEvents & WebhookEvents;

export type AccountEvents = {
  /** The account list changed: added, edited, removed, or a status moved. */
  'accounts.changed': { accounts: AccountView[] };
  /** One account's connection status moved (e.g. to needs-credentials after a refused refresh). */
  'account.status': { accountId: string; status: AccountStatus; message: string | null };
  /** An account is gone for good: per-account state (cache, webhooks, unread) is dropped. */
  'account.removed': { accountId: string };
};

export type DomainBus = EventBus<DomainEvents>;

import type { AccountStatus, AccountView } from '../../../preload/contract';
import type { EventBus } from './bus';

/**
 * Every domain event of the core, by type. The accounts' events are declared here; each
 * feature above adds its own from its events.ts by extending this interface
 * (`declare module '../events/catalog'`), so the bus's floor names no folder above it and a
 * consumer still sees every event. A misspelt event type stays a compile error.
 */
export interface DomainEvents {
  /** The account list changed: added, edited, removed, or a status moved. */
  'accounts.changed': { accounts: AccountView[] };
  /** One account's connection status moved (e.g. to needs-credentials after a refused refresh). */
  'account.status': { accountId: string; status: AccountStatus; message: string | null };
  /** An account is gone for good: per-account state (cache, webhooks, unread) is dropped. */
  'account.removed': { accountId: string };
}

export type DomainBus = EventBus<DomainEvents>;

// The webhook feature's domain events (part of DomainEvents, main/core/events/catalog.ts),
// published from the receiver's processing callback and the registration's health changes.

/** A verified, unique delivery (or an inspector replay of one), in core terms. */
export interface ReceivedWebhook {
  accountId: string;
  /** deliveryKey(accountId, raw body): the same event resent by the service to the same account has the same key. */
  key: string;
  /** The envelope's event type; unknown types are kept, never dropped. */
  event: string;
  /** The envelope's data object as sent (entityId, companyId, timestamp, statuses...). */
  data: Record<string, unknown>;
  /** Milliseconds since the epoch. */
  receivedAt: number;
  /** True when the user replayed it from the inspector. */
  replay: boolean;
}

export type WebhookEvents = {
  /** A verified webhook event, once per event (and again only on an explicit replay). */
  'webhook.received': ReceivedWebhook;
  /** The registration of an account moved: registered, re-registered, removed, taken over ('' : every account, the tunnel moved). */
  'webhook.health': { accountId: string };
};

// Part of every domain event (main/core/events/catalog.ts): declared here, where they are published.
declare module '../events/catalog' {
  interface DomainEvents extends WebhookEvents {}
}

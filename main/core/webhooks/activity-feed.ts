// The activity view's entries: the deliveries the inspector kept, beside the changes sync found
// (marked "recovered" when a catch-up found them), numbered in one sequence and pushed live.
// Kept apart from the feature so what of a delivery crosses the bridge is decided in one place.
import type { WebhookActivity, WebhookDelivery } from '../../../preload/contract';
import { WEBHOOK_HEADERS } from '../../../preload/contract';
import type { DomainBus } from '../events';
import type { Clock } from '../ports';
import type { Recovery } from '../sync/recovery';
import { DetectedChanges } from './detected';
import type { InspectedDelivery, WebhookInspector } from './inspector';

export interface ActivityFeedDeps {
  /** The inspector once the service started; null when it did not (then no delivery is listed). */
  inspector: Promise<WebhookInspector | null>;
  bus: Pick<DomainBus, 'subscribe'>;
  clock: Clock;
  /** Tells which of sync's changes a catch-up found. */
  recovery?: Pick<Recovery, 'active'>;
}

export interface ActivityFeed {
  /** The accounts' newest entries, newest first. */
  list(accountIds: string[], filter: { type?: string; limit: number }): Promise<WebhookActivity[]>;
  /** Every new entry, and each delivery again once its processing ended. */
  onActivity(listener: (entry: WebhookActivity) => void): () => void;
  /** Drops what sync found for the account (the inspector's entries go with its registration). */
  forget(accountId: string): Promise<void>;
  stop(): void;
}

export function createActivityFeed(deps: ActivityFeedDeps): ActivityFeed {
  const listeners = new Set<(entry: WebhookActivity) => void>();
  const tell = (entry: WebhookActivity) => {
    for (const listener of [...listeners]) listener(entry);
  };
  void deps.inspector.then((inspector) => inspector?.onRecord((delivery) => tell(activityView(delivery))));
  // Ids shared with the inspector: one sequence for every entry of the activity view.
  const detected = deps.inspector.then((inspector) => inspector && new DetectedChanges(() => inspector.reserveId()));

  // What sync found (not the first fill): the source is read now, while the store happens.
  const stop = deps.bus.subscribe('quotes.stored', ({ accountId, source, baseline, quotes }) => {
    if (source !== 'sync' || baseline) return;
    const marked = deps.recovery?.active(accountId) ? 'recovered' : 'sync';
    const at = deps.clock.now();
    void detected.then((log) => {
      for (const entry of log?.record(accountId, marked, at, quotes) ?? []) tell(entry);
    });
  });

  return {
    list: async (accountIds, { type, limit }) => {
      const inspector = await deps.inspector;
      const log = await detected;
      const entries: WebhookActivity[] = accountIds.flatMap((id) => [...(inspector?.list(id, { type, limit }).map(activityView) ?? []), ...(log?.list(id, { type, limit }) ?? [])]);
      // Deliveries read back from the log at start were numbered after later sync entries: time first.
      return entries.sort((a, b) => b.receivedAt - a.receivedAt || b.id - a.id).slice(0, limit);
    },
    onActivity(listener) {
      listeners.add(listener);
      return () => void listeners.delete(listener);
    },
    forget: async (accountId) => {
      (await detected)?.forget(accountId);
    },
    stop,
  };
}

/** An inspector entry for the activity view: the signature's value stays in main. */
export function activityView(delivery: InspectedDelivery): WebhookDelivery {
  const headers = { ...delivery.headers };
  const detail = delivery.signature.ok ? `verified (${delivery.signature.secret} secret)` : `refused: ${delivery.signature.reason}`;
  if (WEBHOOK_HEADERS.signature in headers) headers[WEBHOOK_HEADERS.signature] = `(${delivery.signature.ok ? 'verified' : 'refused'})`;
  return {
    source: 'webhook',
    id: delivery.id,
    accountId: delivery.accountId,
    receivedAt: delivery.receivedAt,
    event: delivery.event,
    headers,
    body: delivery.body === null ? null : delivery.body.toString('utf8'),
    signature: { ok: delivery.signature.ok, detail },
    dedupe: delivery.dedupe,
    status: delivery.status,
    caused: delivery.caused,
  };
}

// Fans each raised event out to the registration of every credential slot that can see
// the entity (the company's slots and the admin slot), and keeps an operator log.
import { clientFacingStatus, QuoteStatus } from '../../../preload/contract';
import type { CredentialSlot, CredentialStore } from '../auth/credentials';
import type { RaisedEvent } from '../lifecycle/event';
import { isoDateTime } from '../model';
import { RingBuffer } from '../ring-buffer';
import type { WebhookDeliverer } from './delivery';
import type { WebhookRegistry } from './registry';

const EVENT_LOG_LIMIT = 5000;

export interface EventEnvelope {
  event: string;
  data: Record<string, unknown>;
}

export class EventBus {
  private readonly log = new RingBuffer<EventEnvelope>(EVENT_LOG_LIMIT);

  constructor(
    private readonly credentials: CredentialStore,
    private readonly registry: WebhookRegistry,
    private readonly deliverer: WebhookDeliverer,
  ) {}

  /** Every event raised so far, as the admin view (stored statuses) would receive it. */
  events(): EventEnvelope[] {
    return this.log.toArray().map((entry) => ({ event: entry.event, data: { ...entry.data } }));
  }

  publish = (raised: RaisedEvent): void => {
    this.log.push({ event: raised.event, data: eventData(raised, 'admin') });
    for (const [slotId, registration] of this.registry.entries()) {
      const slot = this.credentials.get(slotId);
      if (!slot || !receives(slot, raised.companyId) || !registration.isActive) continue;
      this.deliverer.enqueue(
        { slotId, registrationId: registration.id, url: registration.url, secret: registration.secret },
        raised.event,
        { event: raised.event, data: eventData(raised, slot.kind) },
      );
    }
  };
}

function receives(slot: CredentialSlot, companyId: string): boolean {
  return !slot.revoked && (slot.kind === 'admin' || slot.companyId === companyId);
}

/** The spec's data fields; quote statuses follow the visibility rule of the recipient. */
function eventData(raised: RaisedEvent, kind: CredentialSlot['kind']): Record<string, unknown> {
  const status = (value: string | undefined) => {
    if (value === undefined || !raised.quoteStatuses || kind === 'admin') return value;
    const parsed = QuoteStatus.safeParse(value);
    return parsed.success ? clientFacingStatus(parsed.data) : value;
  };
  const data: Record<string, unknown> = { entityId: raised.entityId, companyId: raised.companyId, timestamp: isoDateTime(raised.at) };
  if (raised.entityNumber !== undefined && raised.entityNumber !== null) data.entityNumber = raised.entityNumber;
  if (raised.oldStatus !== undefined) data.oldStatus = status(raised.oldStatus);
  if (raised.newStatus !== undefined) data.newStatus = status(raised.newStatus);
  if (raised.entityName !== undefined) data.entityName = raised.entityName;
  return data;
}

// An Activity entry (a webhook delivery) read into parts: what arrived and what it did. The core
// stores what a delivery caused as a short technical string (main/core/webhooks/pipeline.ts,
// notify/pipeline.ts) in the event log on disk; it is read here, at display time, so entries
// written by older versions read the same way and the stored format never changes. The words
// for these parts are i18n/words/activity-words.ts (deliveryWords), in the person's language.
import { stageOf, type QuoteStage } from './stages';
import { QUOTE_STATUSES, type QuoteStatus } from './statuses';

/** The parts of a delivery the words are made from (WebhookDelivery has them all). */
export interface DeliveryForWords {
  event: string | null;
  body: string | null;
  caused: string | null;
}

export type EntityKind = 'quote' | 'rfq' | 'project' | 'job' | 'other';

/** What arrived. `happening` is the event's own name after its kind ("status changed"): the service's words, shown as they are. */
export type Arrival =
  | { kind: 'unreadable' }
  | { kind: 'quote'; number: string | null; movedTo: QuoteStage | null; happening: string }
  | { kind: 'entity'; entity: EntityKind; number: string | null; name: string | null; happening: string };

export const NOTIFICATION_OUTCOMES = ['shown', 'grouped', 'duplicate', 'own-decision', 'no-visible-change', 'not-wanted', 'muted', 'do-not-disturb', 'quiet-hours'] as const;
export type NotificationOutcome = (typeof NOTIFICATION_OUTCOMES)[number];

/** One thing Quotedesk did with a delivery; `stored` is a caused string no rule reads, shown as stored. */
export type Effect =
  | { kind: 'notification'; outcome: NotificationOutcome | null }
  | { kind: 'up-to-date' }
  | { kind: 'inbox-updated' }
  | { kind: 'new-version' }
  | { kind: 'field-changed'; field: string }
  | { kind: 'not-fetched' }
  | { kind: 'ignored-account-gone' }
  | { kind: 'ignored-no-quote' }
  | { kind: 'stored'; text: string };

export interface DeliveryReading {
  arrival: Arrival;
  /** Null while the delivery is still being processed. */
  effects: Effect[] | null;
  viaRelay: boolean;
}

interface EnvelopeData {
  entityNumber: string | null;
  entityName: string | null;
}

const KINDS: readonly EntityKind[] = ['quote', 'rfq', 'project', 'job'];

export function readDelivery(delivery: DeliveryForWords): DeliveryReading {
  const data = envelopeData(delivery.body);
  const caused = readCaused(delivery.caused);
  return { arrival: arrival(delivery.event, data, caused?.status), effects: caused?.effects ?? null, viaRelay: caused?.viaRelay ?? false };
}

function arrival(event: string | null, data: EnvelopeData | null, movedTo?: QuoteStatus): Arrival {
  if (event === null) return { kind: 'unreadable' };
  const [kindKey = '', ...rest] = event.split('.');
  const happening = rest.join(' ').replaceAll('_', ' ');
  const number = data?.entityNumber ?? null;
  // Only what Quotedesk stored counts: the envelope's newStatus may be older than the quote it fetched.
  if (kindKey === 'quote') return { kind: 'quote', number, movedTo: movedTo ? stageOf(movedTo, number) : null, happening };
  const entity = KINDS.find((kind) => kind === kindKey) ?? 'other';
  return { kind: 'entity', entity, number, name: data?.entityName ?? null, happening };
}

interface Caused {
  status?: QuoteStatus;
  effects: Effect[];
  viaRelay: boolean;
}

/** The technical "caused" string as a status the quote moved to (if any) and what Quotedesk did. */
function readCaused(caused: string | null): Caused | null {
  if (caused === null) return null;
  const relayed = /^via relay: (.+)$/.exec(caused);
  if (relayed) {
    const inner = readCaused(relayed[1]!);
    return inner && { ...inner, viaRelay: true };
  }
  const only = (effect: Effect): Caused => ({ effects: [effect], viaRelay: false });
  const notification = /^notification: (.+)$/.exec(caused);
  if (notification) return only({ kind: 'notification', outcome: NOTIFICATION_OUTCOMES.find((outcome) => outcome === notification[1]) ?? null });
  if (caused === 'quote refreshed: no change (already known)') return only({ kind: 'up-to-date' });
  const refreshed = /^quote refreshed: (.+)$/.exec(caused);
  if (refreshed) {
    const parts = refreshed[1]!.split('; ');
    const moved = parts.map((part) => /^status \S+ -> (\S+)$/.exec(part)?.[1]).find((status) => status !== undefined);
    const status = knownStatus(moved);
    const others = parts.filter((part) => !part.startsWith('status ')).map(refreshedPart);
    return { ...(status ? { status } : {}), effects: [...others, { kind: 'inbox-updated' }], viaRelay: false };
  }
  if (/^quote not (refreshed|stored) /.test(caused)) return only({ kind: 'not-fetched' });
  if (caused === 'ignored: the account is gone') return only({ kind: 'ignored-account-gone' });
  if (caused === 'ignored: no entityId') return only({ kind: 'ignored-no-quote' });
  return only({ kind: 'stored', text: caused });
}

function refreshedPart(part: string): Effect {
  // Entries stored before 'new version kept' said 'revision N', N counting the versions kept
  // here, not the service's revisions: both read the same, without the number.
  if (part === 'new version kept' || /^revision \d+$/.test(part)) return { kind: 'new-version' };
  const updated = /^updated (.+)$/.exec(part);
  if (updated) return { kind: 'field-changed', field: updated[1]! };
  return { kind: 'stored', text: part };
}

function knownStatus(value: string | null | undefined): QuoteStatus | undefined {
  return QUOTE_STATUSES.find((status) => status === value);
}

function envelopeData(body: string | null): EnvelopeData | null {
  if (body === null) return null;
  let parsed: unknown;
  try {
    parsed = JSON.parse(body);
  } catch {
    return null;
  }
  const data = isRecord(parsed) && isRecord(parsed.data) ? parsed.data : null;
  if (data === null) return null;
  const text = (value: unknown) => (typeof value === 'string' && value.trim() !== '' ? value.trim() : null);
  return { entityNumber: text(data.entityNumber), entityName: text(data.entityName) };
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null;
}

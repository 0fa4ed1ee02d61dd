// An Activity entry (a webhook delivery) in plain words, in the person's language: what arrived
// and what it did, e.g. "Quote Q-2026-0107 moved to Project started; inbox updated". The
// reading of the stored strings is preload/contract/plain/activity-words.ts; the event's own
// name ("status changed") and stored strings no rule reads are the service's and show as they are.
import { m } from '../paraglide/messages.js';
import { readDelivery, type Arrival, type DeliveryForWords, type Effect, type EntityKind, type NotificationOutcome } from '../../preload/contract/plain/activity-words';
import { stageWords } from './stages';

export type { DeliveryForWords };

/** "Quote Q-2026-0107 moved to Project started; inbox updated": one sentence, no enum names. */
export function deliveryWords(delivery: DeliveryForWords): string {
  const reading = readDelivery(delivery);
  const arrived = arrivalWords(reading.arrival);
  if (reading.effects === null) return arrived;
  const effects = reading.effects.map(effectWords).join('; ');
  return m.common_activity_with_effects({ arrived, effects: reading.viaRelay ? m.common_activity_via_relay({ effect: effects }) : effects });
}

function arrivalWords(arrival: Arrival): string {
  switch (arrival.kind) {
    case 'unreadable':
      return m.common_activity_unreadable();
    case 'quote': {
      const quote = arrival.number ? m.common_activity_quote_number({ number: arrival.number }) : m.common_activity_quote_no_number();
      if (arrival.movedTo) return m.common_activity_moved_to({ quote, stage: stageWords(arrival.movedTo) });
      return `${quote}: ${arrival.happening}`;
    }
    case 'entity': {
      const subject = [kindWords(arrival.entity), arrival.number, arrival.name ? `“${arrival.name}”` : null].filter(Boolean).join(' ');
      return `${subject} ${arrival.happening}`.trim();
    }
  }
}

function kindWords(kind: EntityKind): string {
  switch (kind) {
    case 'quote': return m.common_activity_kind_quote();
    case 'rfq': return m.common_activity_kind_rfq();
    case 'project': return m.common_activity_kind_project();
    case 'job': return m.common_activity_kind_job();
    case 'other': return m.common_activity_kind_other();
  }
}

function effectWords(effect: Effect): string {
  switch (effect.kind) {
    case 'notification': return notificationWords(effect.outcome);
    case 'up-to-date': return m.common_activity_up_to_date();
    case 'inbox-updated': return m.common_activity_inbox_updated();
    case 'new-version': return m.common_activity_new_version();
    case 'field-changed': return m.common_activity_field_changed({ field: effect.field });
    case 'not-fetched': return m.common_activity_not_fetched();
    case 'ignored-account-gone': return m.common_activity_ignored_account_gone();
    case 'ignored-no-quote': return m.common_activity_ignored_no_quote();
    case 'stored': return effect.text;
  }
}

function notificationWords(outcome: NotificationOutcome | null): string {
  switch (outcome) {
    case 'shown': return m.common_activity_notified();
    case 'grouped': return m.common_activity_notified_grouped();
    case 'duplicate': return m.common_activity_not_notified_duplicate();
    case 'own-decision': return m.common_activity_not_notified_own();
    case 'no-visible-change': return m.common_activity_not_notified_invisible();
    case 'not-wanted': return m.common_activity_not_notified_unwanted();
    case 'muted': return m.common_activity_not_notified_muted();
    case 'do-not-disturb': return m.common_activity_not_notified_dnd();
    case 'quiet-hours': return m.common_activity_not_notified_quiet();
    case null: return m.common_activity_not_notified();
  }
}

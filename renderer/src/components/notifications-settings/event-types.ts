import type { KnownEventType, NotificationGroup, NotificationPreferences } from '../../../../preload/contract';
import { groupOn } from './groups';

/** What each event type of the spec is called in Settings; a type added to the spec without words here fails to compile. */
const WEBHOOK_EVENTS: Readonly<Record<KnownEventType, string>> = {
  'rfq.status_changed': 'An RFQ changes status',
  'rfq.info_submitted': 'Information submitted for an RFQ',
  'rfq.assets_uploaded': 'Source files uploaded for an RFQ',
  'rfq.submitted': 'An RFQ submitted for quoting',
  'rfq.copied': 'An RFQ copied',
  'rfq.cancelled': 'An RFQ cancelled',
  'quote.created': 'A new quote',
  'quote.status_changed': 'A quote changes status',
  'quote.sent_to_client': 'A quote sent for a decision',
  'quote.accepted': 'A quote accepted',
  'quote.rejected': 'A quote declined',
  'quote.revised_and_sent': 'A revised quote sent',
  'quote.cancelled': 'A quote cancelled',
  'quote.converted_to_project': 'A quote becomes a project',
  'project.status_changed': 'A project changes status',
  'project.created': 'A new project',
  'project.team_updated': 'A project team changes',
  'project.sent_for_billing': 'A project sent for billing',
  'project.delivered': 'A project delivered',
  'project.copied': 'A project copied',
  'project.cancelled': 'A project cancelled',
  'job.created': 'A new job',
  'job.started': 'Work starts on a job',
  'job.talent_assigned': 'A linguist assigned',
  'job.request_rejected': 'A linguist declines a request',
  'job.reassigned': 'A job reassigned',
  'job.delivery_submitted': 'A delivery submitted',
  'job.delivery_updated': 'A delivery updated',
  'job.delivery_approved': 'A delivery approved',
  'job.delivery_rejected': 'A delivery rejected',
  'job.feedback_submitted': 'Feedback submitted',
  'job.approved_for_invoicing': 'A job approved for invoicing',
  'job.archived': 'A job archived',
  'job.cancelled': 'A job cancelled',
};

/** Changes sync finds by itself (no webhook needed): main/core/notify's SYNC_CHANGE_KINDS. */
const SYNC_EVENTS: Readonly<Record<string, string>> = {
  'quote.new': 'A new quote, found by sync',
  'quote.status': 'A quote’s status changed, found by sync',
  'quote.pricing': 'A quote’s price changed',
  'quote.revised': 'A quote revised, found by sync',
  'quote.expiring': 'A quote awaiting a decision expires in 2 days, or today',
};

export interface EventTypeChoice {
  kind: string;
  label: string;
}

/** The event types of one group, as Settings lists them under the group's switch. */
export function eventTypesOf(group: NotificationGroup): EventTypeChoice[] {
  return Object.entries({ ...WEBHOOK_EVENTS, ...SYNC_EVENTS })
    .filter(([kind]) => kind.startsWith(`${group}.`))
    .map(([kind, label]) => ({ kind, label }));
}

/** An event type's own switch, else its group's (main decides the same way: wantsKind). */
export function typeOn(preferences: NotificationPreferences, group: NotificationGroup, kind: string): boolean {
  return preferences.types[kind] ?? groupOn(preferences, group);
}

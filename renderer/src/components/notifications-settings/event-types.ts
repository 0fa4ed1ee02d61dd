import type { KnownEventType, NotificationGroup, NotificationPreferences } from '../../../../preload/contract';
import { groupOn } from './groups';
import { m } from '../../../../i18n/paraglide/messages.js';

/** What each event type of the spec is called in Settings; a type added to the spec without words here fails to compile. */
const WEBHOOK_EVENTS: Readonly<Record<KnownEventType, () => string>> = {
  'rfq.status_changed': m.settings_event_rfq_status_changed,
  'rfq.info_submitted': m.settings_event_rfq_info_submitted,
  'rfq.assets_uploaded': m.settings_event_rfq_assets_uploaded,
  'rfq.submitted': m.settings_event_rfq_submitted,
  'rfq.copied': m.settings_event_rfq_copied,
  'rfq.cancelled': m.settings_event_rfq_cancelled,
  'quote.created': m.settings_event_quote_created,
  'quote.status_changed': m.settings_event_quote_status_changed,
  'quote.sent_to_client': m.settings_event_quote_sent_to_client,
  'quote.accepted': m.settings_event_quote_accepted,
  'quote.rejected': m.settings_event_quote_rejected,
  'quote.revised_and_sent': m.settings_event_quote_revised_and_sent,
  'quote.cancelled': m.settings_event_quote_cancelled,
  'quote.converted_to_project': m.settings_event_quote_converted_to_project,
  'project.status_changed': m.settings_event_project_status_changed,
  'project.created': m.settings_event_project_created,
  'project.team_updated': m.settings_event_project_team_updated,
  'project.sent_for_billing': m.settings_event_project_sent_for_billing,
  'project.delivered': m.settings_event_project_delivered,
  'project.copied': m.settings_event_project_copied,
  'project.cancelled': m.settings_event_project_cancelled,
  'job.created': m.settings_event_job_created,
  'job.started': m.settings_event_job_started,
  'job.talent_assigned': m.settings_event_job_talent_assigned,
  'job.request_rejected': m.settings_event_job_request_rejected,
  'job.reassigned': m.settings_event_job_reassigned,
  'job.delivery_submitted': m.settings_event_job_delivery_submitted,
  'job.delivery_updated': m.settings_event_job_delivery_updated,
  'job.delivery_approved': m.settings_event_job_delivery_approved,
  'job.delivery_rejected': m.settings_event_job_delivery_rejected,
  'job.feedback_submitted': m.settings_event_job_feedback_submitted,
  'job.approved_for_invoicing': m.settings_event_job_approved_for_invoicing,
  'job.archived': m.settings_event_job_archived,
  'job.cancelled': m.settings_event_job_cancelled,
};

/** Changes sync finds by itself (no webhook needed): main/core/notify's SYNC_CHANGE_KINDS. */
const SYNC_EVENTS: Readonly<Record<string, () => string>> = {
  'quote.new': m.settings_event_sync_quote_new,
  'quote.status': m.settings_event_sync_quote_status,
  'quote.pricing': m.settings_event_sync_quote_pricing,
  'quote.revised': m.settings_event_sync_quote_revised,
  'quote.expiring': m.settings_event_sync_quote_expiring,
};

/** What the team desk tells a person (main/core/notify's TEAM_NOTICE_KINDS). */
const TEAM_EVENTS: Readonly<Record<string, () => string>> = {
  'team.assigned': m.desk_event_assigned,
  'team.approval_requested': m.desk_event_approval_requested,
  'team.approved': m.desk_event_approved,
  'team.refused': m.desk_event_refused,
  'team.mentioned': m.desk_event_mentioned,
};

export interface EventTypeChoice {
  kind: string;
  label: string;
}

/** The event types of one group, as Settings lists them under the group's switch, in the language of the moment. */
export function eventTypesOf(group: NotificationGroup): EventTypeChoice[] {
  return Object.entries({ ...WEBHOOK_EVENTS, ...SYNC_EVENTS, ...TEAM_EVENTS })
    .filter(([kind]) => kind.startsWith(`${group}.`))
    .map(([kind, label]) => ({ kind, label: label() }));
}

/** An event type's own switch, else its group's (main decides the same way: wantsKind). */
export function typeOn(preferences: NotificationPreferences, group: NotificationGroup, kind: string): boolean {
  return preferences.types[kind] ?? groupOn(preferences, group);
}

// What each kind of change says. Every event type of the spec and every change sync can
// detect has its own words; anything else gets a generic notification that still names the
// account, the entity and the status change. A notification must make sense on its own:
// which quote, which project, which company, how much, from what status to what.
import type { NotificationGroup, Route } from '../../../preload/contract';
import { NOTIFICATION_GROUPS } from '../../../preload/contract';
import { DAYS_BEFORE_EXPIRY } from '../../../preload/contract/plain/snooze-times';
import { deepLinkFor } from '../links/deep-links';
import type { NotifiableChange, PlannedNotification } from './types';
import { m } from '../../../i18n/paraglide/messages.js';
import { isolate } from './isolate';
import { formatAmount, formatMoment, humanise, statusWords } from './words';
import { TEAM_NOTICE_KINDS } from './team-notice';

interface Context {
  change: NotifiableChange;
  /** "Q-2026-0042", or the entity's number or name, or null. */
  ref: string | null;
  oldStatus: string | null;
  newStatus: string | null;
}

interface Wording {
  title: string;
  /** The line above the project/company/amount context, if the change needs one. */
  detail?: string | null;
}

// A subject is its own message (with its number, or without one), so each title's translation
// knows which thing it speaks of (its gender, its case); the number keeps its direction in Arabic.
const quote = (c: Context) => (c.ref ? m.main_notify_quote({ ref: isolate(c.ref) }) : m.main_notify_quote_unnamed());
const rfq = (c: Context) => (c.ref ? m.main_notify_rfq({ ref: isolate(c.ref) }) : m.main_notify_rfq_unnamed());
const project = (c: Context) => (c.ref ? m.main_notify_project({ ref: isolate(c.ref) }) : m.main_notify_project_unnamed());
const job = (c: Context) => (c.ref ? m.main_notify_job({ ref: isolate(c.ref) }) : m.main_notify_job_unnamed());
const transition = (c: Context) =>
  c.oldStatus && c.newStatus ? m.main_notify_transition({ from: c.oldStatus, to: c.newStatus }) : c.newStatus ? m.main_notify_now_status({ status: c.newStatus }) : null;
const awaitingDecision = (c: Context) => (c.change.access === 'client' ? m.main_notify_ready_to_decide() : m.main_notify_sent_to_client());
const newQuote = (c: Context) => ({ title: c.ref ? m.main_notify_quote_new({ ref: isolate(c.ref) }) : m.main_notify_quote_new_unnamed(), detail: c.newStatus ? m.main_notify_status_line({ status: c.newStatus }) : null });
const quoteStatus = (c: Context) => ({
  title: c.newStatus ? m.main_notify_quote_status({ subject: quote(c), status: c.newStatus }) : m.main_notify_quote_status_changed({ subject: quote(c) }),
  detail: transition(c),
});
const revisedQuote = (c: Context) => ({ title: c.ref ? m.main_notify_quote_revised({ ref: isolate(c.ref) }) : m.main_notify_quote_revised_unnamed(), detail: awaitingDecision(c) });

function expiring(c: Context): Wording {
  const when = formatMoment(c.change.occurredAt);
  const days = c.change.reminder === 'last-day' ? 0 : (c.change.daysLeft ?? DAYS_BEFORE_EXPIRY);
  const subject = quote(c);
  const title = days <= 0 ? m.main_notify_expires_today({ subject }) : days === 1 ? m.main_notify_expires_tomorrow({ subject }) : m.main_notify_expires_in_days({ subject, days });
  // An internal key's reminder is about a quote awaiting the client: the client decides, not the reader.
  if (c.change.access === 'internal') {
    return { title, detail: when ? m.main_notify_expires_on_client_undecided({ when: isolate(when) }) : m.main_notify_client_undecided() };
  }
  return { title, detail: when ? m.main_notify_decide_by({ when: isolate(when) }) : m.main_notify_decide_before_expiry() };
}

/** Webhook event types of the spec (client-facing and job events) and sync-detected changes. */
export const WORDINGS: Readonly<Record<string, (c: Context) => Wording>> = {
  'rfq.status_changed': (c) => ({
    title: c.newStatus ? m.main_notify_rfq_status_now({ subject: rfq(c), status: c.newStatus }) : m.main_notify_rfq_status_changed({ subject: rfq(c) }),
    detail: transition(c),
  }),
  'rfq.info_submitted': (c) => ({ title: m.main_notify_rfq_info_submitted({ subject: rfq(c) }) }),
  'rfq.assets_uploaded': (c) => ({ title: m.main_notify_rfq_assets_uploaded({ subject: rfq(c) }) }),
  'rfq.submitted': (c) => ({ title: m.main_notify_rfq_submitted({ subject: rfq(c) }) }),
  'rfq.copied': (c) => ({ title: m.main_notify_rfq_copied({ subject: rfq(c) }) }),
  'rfq.cancelled': (c) => ({ title: m.main_notify_rfq_cancelled({ subject: rfq(c) }) }),

  'quote.created': newQuote,
  'quote.status_changed': quoteStatus,
  'quote.sent_to_client': (c) => ({ title: m.main_notify_quote_sent({ subject: quote(c) }), detail: awaitingDecision(c) }),
  'quote.accepted': (c) => ({ title: m.main_notify_quote_accepted({ subject: quote(c) }), detail: transition(c) }),
  'quote.rejected': (c) => ({ title: m.main_notify_quote_declined({ subject: quote(c) }), detail: transition(c) }),
  'quote.revised_and_sent': revisedQuote,
  'quote.cancelled': (c) => ({ title: m.main_notify_quote_cancelled({ subject: quote(c) }), detail: transition(c) }),
  'quote.converted_to_project': (c) => ({ title: m.main_notify_quote_became_project({ subject: quote(c) }), detail: m.main_notify_work_can_start() }),

  'project.status_changed': (c) => ({
    title: c.newStatus ? m.main_notify_project_status({ subject: project(c), status: c.newStatus }) : m.main_notify_project_status_changed({ subject: project(c) }),
    detail: transition(c),
  }),
  'project.created': (c) => ({ title: m.main_notify_project_created({ subject: project(c) }) }),
  'project.team_updated': (c) => ({ title: m.main_notify_project_team_updated({ subject: project(c) }) }),
  'project.sent_for_billing': (c) => ({ title: m.main_notify_project_sent_for_billing({ subject: project(c) }) }),
  'project.delivered': (c) => ({ title: m.main_notify_project_delivered({ subject: project(c) }) }),
  'project.copied': (c) => ({ title: m.main_notify_project_copied({ subject: project(c) }) }),
  'project.cancelled': (c) => ({ title: m.main_notify_project_cancelled({ subject: project(c) }) }),

  'job.created': (c) => ({ title: c.ref ? m.main_notify_job_new({ ref: isolate(c.ref) }) : m.main_notify_job_new_unnamed() }),
  'job.started': (c) => ({ title: c.ref ? m.main_notify_job_started({ ref: isolate(c.ref) }) : m.main_notify_job_started_unnamed() }),
  'job.talent_assigned': (c) => ({ title: m.main_notify_job_linguist_assigned({ subject: job(c) }) }),
  'job.request_rejected': (c) => ({ title: m.main_notify_job_request_rejected({ subject: job(c) }) }),
  'job.reassigned': (c) => ({ title: m.main_notify_job_reassigned({ subject: job(c) }) }),
  'job.delivery_submitted': (c) => ({ title: m.main_notify_job_delivery_submitted({ subject: job(c) }) }),
  'job.delivery_updated': (c) => ({ title: m.main_notify_job_delivery_updated({ subject: job(c) }) }),
  'job.delivery_approved': (c) => ({ title: m.main_notify_job_delivery_approved({ subject: job(c) }) }),
  'job.delivery_rejected': (c) => ({ title: m.main_notify_job_delivery_rejected({ subject: job(c) }) }),
  'job.feedback_submitted': (c) => ({ title: m.main_notify_job_feedback_submitted({ subject: job(c) }) }),
  'job.approved_for_invoicing': (c) => ({ title: m.main_notify_job_approved_for_invoicing({ subject: job(c) }) }),
  'job.archived': (c) => ({ title: m.main_notify_job_archived({ subject: job(c) }) }),
  'job.cancelled': (c) => ({ title: m.main_notify_job_cancelled({ subject: job(c) }) }),

  'quote.new': newQuote,
  'quote.status': quoteStatus,
  'quote.pricing': (c) => {
    const before = formatAmount(c.change.previousAmount);
    const after = formatAmount(c.change.amount);
    return { title: m.main_notify_quote_price_changed({ subject: quote(c) }), detail: before && after ? m.main_notify_transition({ from: isolate(before), to: isolate(after) }) : null };
  },
  'quote.revised': revisedQuote,
  'quote.expiring': expiring,
  // The outbox words its own report: which decision, what became of it, and why.
  'quote.sent_at_start': (c) => c.change.words ?? { title: m.main_notify_sent_at_start({ subject: quote(c) }) },
  'quote.not_sent_at_start': (c) => c.change.words ?? { title: m.main_notify_not_sent_at_start({ subject: quote(c) }), detail: m.main_notify_decide_again() },
  'quote.snooze_ended': (c) => {
    const until = formatMoment(c.change.occurredAt);
    // occurredAt is the wake time when the time came; a quote that moved under its snooze came back early.
    return { title: m.main_notify_back_from_snooze({ subject: quote(c) }), detail: until ? m.main_notify_snoozed_until({ when: isolate(until) }) : m.main_notify_changed_while_snoozed() };
  },
  // The team desk words its notices itself (who did what): notify/team-notify.ts.
  ...Object.fromEntries(TEAM_NOTICE_KINDS.map((kind) => [kind, (c: Context) => c.change.words ?? genericWording(c)])),
};

/** The group an event type belongs to. Unknown prefixes count as quote events: on by default, so nothing new goes unseen. */
export function groupOf(kind: string): NotificationGroup {
  const prefix = kind.split('.')[0] ?? '';
  return (NOTIFICATION_GROUPS as readonly string[]).includes(prefix) ? (prefix as NotificationGroup) : 'quote';
}

function genericWording(c: Context): Wording {
  const [prefix = '', action = ''] = c.change.kind.split('.');
  // The service's own codes name what the app has no words for ("invoice.paid": "Invoice INV-7: paid").
  const entity = prefix ? humanise(prefix) : m.main_notify_generic_item();
  const subject = c.ref ? `${entity} ${isolate(c.ref)}` : entity;
  return {
    title: action ? m.main_notify_generic({ subject, action: humanise(action).toLowerCase() }) : m.main_notify_generic_changed({ subject }),
    detail: transition(c),
  };
}

/** The view a click opens: the quote when there is one, else the account's inbox. */
export function routeOf(change: NotifiableChange): Route {
  if (change.quoteId) return { view: 'quote', accountId: change.accountId, quoteId: change.quoteId };
  return { view: 'inbox', accountId: change.accountId, quoteIds: [] };
}

/** The notification a change reads as, whatever the preferences say. */
export function describeChange(change: NotifiableChange): PlannedNotification {
  const quoteNumber = change.quoteNumber;
  // By the event's own prefix: an unknown 'invoice.paid' counts in the quote group but is not about a quote.
  const isQuoteEntity = change.kind.startsWith('quote.');
  const ref = isQuoteEntity
    ? (quoteNumber ?? change.entityNumber)
    : change.kind.startsWith('project.')
      ? // A project is known by its name; its number means little to an account manager.
        (change.entityName ?? change.projectName ?? change.entityNumber)
      : (change.entityNumber ?? change.entityName);
  const context: Context = {
    change,
    ref,
    oldStatus: statusWords(change.oldStatus, change.access, quoteNumber),
    newStatus: statusWords(change.newStatus, change.access, quoteNumber),
  };
  const wording = (WORDINGS[change.kind] ?? genericWording)(context);
  const facts = [change.projectName !== ref ? change.projectName : null, change.companyName, change.kind === 'quote.pricing' ? null : formatAmount(change.amount)]
    .filter((part): part is string => Boolean(part))
    .join(' · ');
  const body = [wording.detail, facts, change.accountName].filter(Boolean).join('\n');
  const route = routeOf(change);
  return {
    accountId: change.accountId,
    group: groupOf(change.kind),
    kind: change.kind,
    title: wording.title,
    body,
    link: deepLinkFor(route),
    route,
    quoteId: change.quoteId,
  };
}

// What each kind of change says. Every event type of the spec and every change sync can
// detect has its own words; anything else gets a generic notification that still names the
// account, the entity and the status change. A notification must make sense on its own:
// which quote, which project, which company, how much, from what status to what.
import type { NotificationGroup, Route } from '../../../preload/contract';
import { NOTIFICATION_GROUPS } from '../../../preload/contract';
import { DAYS_BEFORE_EXPIRY } from '../../../preload/contract/plain/snooze-times';
import { deepLinkFor } from '../links/deep-links';
import type { NotifiableChange, PlannedNotification } from './types';
import { formatAmount, formatMoment, humanise, statusWords } from './words';

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

const named = (noun: string, ref: string | null) => (ref ? `${noun} ${ref}` : `A ${noun.toLowerCase()}`);
const quote = (c: Context) => named('Quote', c.ref);
const rfq = (c: Context) => named('RFQ', c.ref);
const project = (c: Context) => named('Project', c.ref);
const job = (c: Context) => named('Job', c.ref);
const transition = (c: Context) => (c.oldStatus && c.newStatus ? `${c.oldStatus} → ${c.newStatus}` : c.newStatus ? `Now ${c.newStatus}` : null);
const awaitingDecision = (c: Context) => (c.change.access === 'client' ? 'Ready for your decision' : 'Sent to the client for review');

/** Webhook event types of the spec (client-facing and job events) and sync-detected changes. */
export const WORDINGS: Readonly<Record<string, (c: Context) => Wording>> = {
  'rfq.status_changed': (c) => ({ title: c.newStatus ? `${rfq(c)} is now ${c.newStatus}` : `${rfq(c)} changed status`, detail: transition(c) }),
  'rfq.info_submitted': (c) => ({ title: `${rfq(c)}: information submitted` }),
  'rfq.assets_uploaded': (c) => ({ title: `${rfq(c)}: source files uploaded` }),
  'rfq.submitted': (c) => ({ title: `${rfq(c)} submitted for quoting` }),
  'rfq.copied': (c) => ({ title: `${rfq(c)} copied from an earlier RFQ` }),
  'rfq.cancelled': (c) => ({ title: `${rfq(c)} cancelled` }),

  'quote.created': (c) => ({ title: c.ref ? `New quote ${c.ref}` : 'New quote', detail: c.newStatus ? `Status: ${c.newStatus}` : null }),
  'quote.status_changed': (c) => ({ title: c.newStatus ? `${quote(c)}: ${c.newStatus}` : `${quote(c)} changed status`, detail: transition(c) }),
  'quote.sent_to_client': (c) => ({ title: `${quote(c)} sent`, detail: awaitingDecision(c) }),
  'quote.accepted': (c) => ({ title: `${quote(c)} accepted`, detail: transition(c) }),
  'quote.rejected': (c) => ({ title: `${quote(c)} declined`, detail: transition(c) }),
  'quote.revised_and_sent': (c) => ({ title: c.ref ? `Revised quote ${c.ref}` : 'A quote was revised', detail: awaitingDecision(c) }),
  'quote.cancelled': (c) => ({ title: `${quote(c)} cancelled`, detail: transition(c) }),
  'quote.converted_to_project': (c) => ({ title: `${quote(c)} became a project`, detail: 'Work can start' }),

  'project.status_changed': (c) => ({ title: c.newStatus ? `${project(c)}: ${c.newStatus}` : `${project(c)} changed status`, detail: transition(c) }),
  'project.created': (c) => ({ title: `${project(c)} created` }),
  'project.team_updated': (c) => ({ title: `${project(c)}: team updated` }),
  'project.sent_for_billing': (c) => ({ title: `${project(c)} sent for billing` }),
  'project.delivered': (c) => ({ title: `${project(c)} delivered` }),
  'project.copied': (c) => ({ title: `${project(c)} copied from an earlier project` }),
  'project.cancelled': (c) => ({ title: `${project(c)} cancelled` }),

  'job.created': (c) => ({ title: c.ref ? `New job ${c.ref}` : 'New job' }),
  'job.started': (c) => ({ title: c.ref ? `Work started on job ${c.ref}` : 'Work started on a job' }),
  'job.talent_assigned': (c) => ({ title: `${job(c)}: linguist assigned` }),
  'job.request_rejected': (c) => ({ title: `${job(c)}: a linguist declined the request` }),
  'job.reassigned': (c) => ({ title: `${job(c)} reassigned to another linguist` }),
  'job.delivery_submitted': (c) => ({ title: `${job(c)}: delivery submitted` }),
  'job.delivery_updated': (c) => ({ title: `${job(c)}: delivery updated` }),
  'job.delivery_approved': (c) => ({ title: `${job(c)}: delivery approved` }),
  'job.delivery_rejected': (c) => ({ title: `${job(c)}: delivery rejected` }),
  'job.feedback_submitted': (c) => ({ title: `${job(c)}: feedback submitted` }),
  'job.approved_for_invoicing': (c) => ({ title: `${job(c)} approved for invoicing` }),
  'job.archived': (c) => ({ title: `${job(c)} archived` }),
  'job.cancelled': (c) => ({ title: `${job(c)} cancelled` }),

  'quote.new': (c) => ({ title: c.ref ? `New quote ${c.ref}` : 'New quote', detail: c.newStatus ? `Status: ${c.newStatus}` : null }),
  'quote.status': (c) => ({ title: c.newStatus ? `${quote(c)}: ${c.newStatus}` : `${quote(c)} changed status`, detail: transition(c) }),
  'quote.pricing': (c) => {
    const before = formatAmount(c.change.previousAmount);
    const after = formatAmount(c.change.amount);
    return { title: `${quote(c)}: price changed`, detail: before && after ? `${before} → ${after}` : null };
  },
  'quote.revised': (c) => ({ title: c.ref ? `Revised quote ${c.ref}` : 'A quote was revised', detail: awaitingDecision(c) }),
  'quote.expiring': (c) => {
    const when = formatMoment(c.change.occurredAt);
    const days = c.change.reminder === 'last-day' ? 0 : (c.change.daysLeft ?? DAYS_BEFORE_EXPIRY);
    const title = `${quote(c)} expires ${days <= 0 ? 'today' : days === 1 ? 'tomorrow' : `in ${days} days`}`;
    // An internal key's reminder is about a quote awaiting the client: the client decides, not the reader.
    if (c.change.access === 'internal') {
      return { title, detail: when ? `Expires on ${when} — the client has not decided yet` : 'The client has not decided yet' };
    }
    return { title, detail: when ? `Decide by ${when}` : 'Decide before it expires' };
  },
  // The outbox words its own report: which decision, what became of it, and why.
  'quote.sent_at_start': (c) => c.change.words ?? { title: `${quote(c)}: a decision left waiting was sent` },
  'quote.not_sent_at_start': (c) => c.change.words ?? { title: `${quote(c)}: a decision left waiting was not sent`, detail: 'Decide again' },
  'quote.snooze_ended': (c) => {
    const until = formatMoment(c.change.occurredAt);
    // occurredAt is the wake time when the time came; a quote that moved under its snooze came back early.
    return { title: `${quote(c)} is back from snooze`, detail: until ? `Snoozed until ${until}` : 'It changed while snoozed' };
  },
};

/** The group an event type belongs to. Unknown prefixes count as quote events: on by default, so nothing new goes unseen. */
export function groupOf(kind: string): NotificationGroup {
  const prefix = kind.split('.')[0] ?? '';
  return (NOTIFICATION_GROUPS as readonly string[]).includes(prefix) ? (prefix as NotificationGroup) : 'quote';
}

function genericWording(c: Context): Wording {
  const [prefix = '', action = ''] = c.change.kind.split('.');
  const entity = prefix ? humanise(prefix) : 'Item';
  const subject = c.ref ? `${entity} ${c.ref}` : entity;
  return { title: action ? `${subject}: ${humanise(action).toLowerCase()}` : `${subject} changed`, detail: transition(c) };
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

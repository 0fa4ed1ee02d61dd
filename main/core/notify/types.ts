import type { NotificationGroup, Route } from '../../../preload/contract';
import type { KeyAccess } from '../../../preload/contract/plain/statuses';

/** Where a change was seen. 'recovered': a sync pass after sleep or a dropped webhook found it. 'team': a teammate's signed entry. */
export type ChangeSource = 'webhook' | 'sync' | 'recovered' | 'decision' | 'team';

/** What a sync pass can tell apart by comparing the cached quote with the fresh one. */
export const SYNC_CHANGE_KINDS = ['quote.new', 'quote.status', 'quote.pricing', 'quote.revised', 'quote.expiring'] as const;
export type SyncChangeKind = (typeof SYNC_CHANGE_KINDS)[number];

/**
 * One change worth telling a person about: THE input of the notification policy. Producers
 * (the webhook receiver, sync, the decision use case, via the domain bus) fill what they
 * know; every field but the first four may be null.
 */
export interface NotifiableChange {
  accountId: string;
  /** The account's name as the sidebar shows it. */
  accountName: string;
  /**
   * The service the account talks to (its base URL), or null when unknown. Accounts on one
   * service see the same quotes (a client key and the internal key): a change they both see
   * is announced once.
   */
  service: string | null;
  /** Decides which status words exist (client keys never see SENT). */
  access: KeyAccess;
  source: ChangeSource;
  /** A webhook event type ('quote.status_changed', or one the spec does not list) or a SyncChangeKind. */
  kind: string;
  /** The quote's id (uuid) when the change is about a quote, else null. */
  quoteId: string | null;
  quoteNumber: string | null;
  projectName: string | null;
  companyName: string | null;
  amount: { value: number; currency: string } | null;
  /** The amount before a price change ('quote.pricing'), when known. */
  previousAmount: { value: number; currency: string } | null;
  /** Status strings as received: stored (internal keys) or client-facing. */
  oldStatus: string | null;
  newStatus: string | null;
  /** The entity the event is about (RFQ, quote, project or job): its id and human-readable number or name. */
  entityId: string | null;
  entityNumber: string | null;
  entityName: string | null;
  /** A hash of the quote's content when a revision was stored: two revisions are two changes. */
  versionHash: string | null;
  /**
   * What makes this change itself, when the producer knows better than the policy (e.g. the
   * cache's change record id). Null: derived from account, quote and what changed.
   */
  changeKey: string | null;
  /** When the change happened, if the source says (ISO 8601). */
  occurredAt: string | null;
  /** An expiry reminder's moment: two days before, or on the last day ('quote.expiring' only). */
  reminder?: ReminderMoment;
  /** An expiry reminder's local days from now to the quote's last day (2, or 1 when the app was closed at the first reminder's time). */
  daysLeft?: number;
  /** The words of a change its producer says itself (the outbox's report of a decision the last run left). */
  words?: { title: string; detail: string | null };
}

/** The two expiry reminders of a quote: at 9:00 local time two days before its last day, and on its last day. */
export type ReminderMoment = 'two-days' | 'last-day';

/** A notification the policy decided to raise: what it says and where a click goes. */
export interface PlannedNotification {
  accountId: string;
  group: NotificationGroup;
  kind: string;
  title: string;
  body: string;
  link: string;
  route: Route;
  /** The quote it is about, for grouping into a filtered inbox. */
  quoteId: string | null;
}

import { z } from 'zod';

/**
 * Notifications and unread state over the bridge: the preferences (per account, per event
 * group and type, quiet hours, do-not-disturb, a global mute), the unread counts that drive
 * badges, and the two pushed events the renderer acts on (a route to open, a notification
 * to show as a toast in browser mode).
 */

/** The event groups a person switches on or off; the first part of an event type ('job.created' -> job). */
export const NOTIFICATION_GROUPS = ['quote', 'project', 'rfq', 'job', 'team'] as const;
export const NotificationGroup = z.enum(NOTIFICATION_GROUPS);
export type NotificationGroup = z.infer<typeof NotificationGroup>;

/** Quote, project and RFQ events are worth interrupting for; job events are many and mostly internal. Team: a teammate asks something of this person. */
export const DEFAULT_GROUPS: Readonly<Record<NotificationGroup, boolean>> = { quote: true, project: true, rfq: true, job: false, team: true };

const TimeOfDay = z.string().regex(/^([01]\d|2[0-3]):[0-5]\d$/, 'Use a 24-hour time such as 22:00.');
/** An event type or a sync-detected change kind: 'quote.created', 'quote.pricing'. */
const EventKind = z.string().regex(/^[a-z][a-z_]*\.[a-z][a-z_]*$/, 'An event type looks like quote.created.').max(80);
const Switches = <K extends z.ZodType<string>>(key: K) => z.record(key, z.boolean());

/** A daily window in local time; it may cross midnight (22:00 to 07:00). */
export const QuietHours = z.object({ enabled: z.boolean(), start: TimeOfDay, end: TimeOfDay });
export type QuietHours = z.infer<typeof QuietHours>;

/** Overrides of the app-wide switches for one account; absent means "as everywhere". */
export const AccountNotificationPreferences = z.object({
  /** False silences this account entirely. */
  enabled: z.boolean().default(true),
  groups: z.partialRecord(NotificationGroup, z.boolean()).default({}),
  types: Switches(EventKind).default({}),
});
export type AccountNotificationPreferences = z.infer<typeof AccountNotificationPreferences>;

export const NotificationPreferences = z.object({
  /** Nothing pops up while muted; unread state still moves. */
  muted: z.boolean().default(false),
  /** Do not disturb until this moment (ISO 8601), or null. */
  doNotDisturbUntil: z.iso.datetime({ offset: true }).nullable().default(null),
  quietHours: QuietHours.default({ enabled: false, start: '22:00', end: '07:00' }),
  /** "Expires within 48 hours" reminders for quotes that need a decision. */
  expiryReminders: z.boolean().default(true),
  groups: z.partialRecord(NotificationGroup, z.boolean()).default({}),
  types: Switches(EventKind).default({}),
  accounts: z.record(z.string().min(1).max(100), AccountNotificationPreferences).default({}),
});
export type NotificationPreferences = z.infer<typeof NotificationPreferences>;

export const UnreadAccount = z.object({ accountId: z.string(), count: z.number().int().nonnegative(), quoteIds: z.array(z.string()) });
export const UnreadSummary = z.object({
  total: z.number().int().nonnegative(),
  /** Only accounts with something unread. */
  accounts: z.array(UnreadAccount),
});
export type UnreadSummary = z.infer<typeof UnreadSummary>;

const QuoteIds = z.array(z.guid()).max(1000);
export const MarkReadInput = z.object({
  accountId: z.string().min(1),
  /** Absent: every quote of the account. */
  quoteIds: QuoteIds.optional(),
});
export const MarkUnreadInput = z.object({ accountId: z.string().min(1), quoteIds: QuoteIds.min(1) });

/** Where a click (notification, tray, deep link) takes the window. */
export const Route = z.discriminatedUnion('view', [
  z.object({ view: z.literal('quote'), accountId: z.string().min(1), quoteId: z.guid() }),
  z.object({
    view: z.literal('inbox'),
    /** Null: every account. */
    accountId: z.string().min(1).nullable(),
    /** The quotes a summary was about; empty: no filter. */
    quoteIds: z.array(z.guid()).max(100),
  }),
]);
export type Route = z.infer<typeof Route>;

/** A notification as the person sees it: the renderer shows it as a toast (browser mode) with the same text. */
export const ShownNotification = z.object({
  title: z.string(),
  body: z.string(),
  /** The quotedesk:// link a click opens. */
  link: z.string(),
  route: Route,
});
export type ShownNotification = z.infer<typeof ShownNotification>;

/** setPreferences replaces the whole object (absent fields take their defaults): send back what preferences() gave, changed. */
export const notificationMethods = {
  /** The notification preferences: muted, do not disturb, quiet hours, reminders, per kind and per account. */
  'notifications.preferences': { input: z.void(), output: NotificationPreferences },
  /** Replaces the notification preferences. */
  'notifications.setPreferences': { input: NotificationPreferences, output: NotificationPreferences },
  /** Unread counts, in total and per account. */
  'notifications.unread': { input: z.void(), output: UnreadSummary },
  /** Marks quotes read (or every quote of the account); answers the new counts. */
  'notifications.markRead': { input: MarkReadInput, output: UnreadSummary },
  /** Marks quotes unread; answers the new counts. */
  'notifications.markUnread': { input: MarkUnreadInput, output: UnreadSummary },
} as const;

export const notificationEvents = {
  /** Unread counts moved (a change arrived, something was read): badges and the title follow. */
  'notifications.unreadChanged': UnreadSummary,
  /** A notification was raised; browser mode shows it as a toast or a web notification. */
  'notifications.shown': ShownNotification,
  /** Open this view: a notification or tray click, or a quotedesk:// link. */
  'app.navigate': Route,
} as const;

import { z } from 'zod';
import { PDF_LIMIT_MEGABYTES, SYNC_INTERVAL_MINUTES } from '../plain/offline-limits';

// Sync state per account, refresh on demand, and the events that keep the inbox fresh.
// contract.ts spreads `syncMethods` and `syncEvents` into the contract.

export const SyncPhase = z.enum(['idle', 'online', 'syncing', 'offline', 'needs-credentials', 'rate-limited', 'failed']);
export type SyncPhase = z.infer<typeof SyncPhase>;

export const SyncProgress = z.object({
  pagesDone: z.number().int().nonnegative(),
  pagesTotal: z.number().int().nonnegative().nullable(),
  quotesSeen: z.number().int().nonnegative(),
  /** After the list: details of the quotes waiting for a decision, fetched for offline reading. */
  details: z.object({ done: z.number().int().nonnegative(), total: z.number().int().nonnegative() }).optional(),
});

/** How fresh one account's quotes are: what the inbox shows beside them. Times in ms since the epoch. */
export const AccountSyncState = z.object({
  accountId: z.string(),
  phase: SyncPhase,
  progress: SyncProgress.nullable(),
  lastSyncedAt: z.number().nullable(),
  offlineSince: z.number().nullable(),
  rateLimitedUntil: z.number().nullable(),
  /** Plain words for the person ("Offline: showing the last known quotes"). */
  summary: z.string(),
  message: z.string().nullable(),
});
export type AccountSyncState = z.infer<typeof AccountSyncState>;

export const SyncRefreshInput = z.object({ accountId: z.string().min(1).optional() }).default({});
export type SyncRefreshInput = z.input<typeof SyncRefreshInput>;

/** What Settings offers about working offline; bounds in plain/offline-limits.ts. */
export const OfflineSettings = z.object({
  intervalMinutes: z.number().min(SYNC_INTERVAL_MINUTES.min).max(SYNC_INTERVAL_MINUTES.max),
  pdfLimitMegabytes: z.number().int().min(PDF_LIMIT_MEGABYTES.min).max(PDF_LIMIT_MEGABYTES.max),
});
export type OfflineSettings = z.infer<typeof OfflineSettings>;

/** The offline settings with what the PDF cache holds now. */
export const OfflineOverview = z.object({
  settings: OfflineSettings,
  pdfs: z.object({ files: z.number().int().nonnegative(), bytes: z.number().int().nonnegative() }),
});
export type OfflineOverview = z.infer<typeof OfflineOverview>;

export const syncMethods = {
  /** Every account's sync state. */
  'sync.status': { input: z.void(), output: z.array(AccountSyncState) },
  /** A pass now (one account or all); answers when it ended, with the new states. */
  'sync.refresh': { input: SyncRefreshInput, output: z.array(AccountSyncState) },
  /** How often sync runs and how much room cached PDFs may take, with the room they take now. */
  'sync.settings': { input: z.void(), output: OfflineOverview },
  /** Changes either setting; a lower PDF room deletes the least recently used PDFs at once. */
  'sync.setSettings': { input: OfflineSettings.partial(), output: OfflineOverview },
} as const satisfies Record<string, { input: z.ZodType; output: z.ZodType }>;

/** At most this many quotes are named in one 'inbox.changed'; beyond, it says "many" (quotes: null). */
export const INBOX_CHANGE_QUOTES_MAX = 500;

/** One quote the cache stored anew, with the version a view of it would now carry. */
export const ChangedQuote = z.object({
  accountId: z.string(),
  quoteId: z.string(),
  /**
   * quotes.detail's `version` of the quote as now stored (the hash decisions send); null when
   * its details are not stored or are behind its list: a view of it must read it again.
   */
  version: z.string().nullable(),
});
export type ChangedQuote = z.infer<typeof ChangedQuote>;

/**
 * What changed in the cache, so a listener updates without asking again for what it has:
 * the list queries its window again when it shows one of `accountIds`; a quote view reads its
 * quote again only when the quote is named with a version other than the one it shows.
 */
export const InboxChange = z.object({
  /** Moves up with every event (it starts from the core's start time): an event at or below one already seen is old news. */
  cacheVersion: z.number().int().nonnegative(),
  /** Accounts whose rows moved (a quote stored, a PDF badge moved, the account removed). */
  accountIds: z.array(z.string()),
  /** The quotes stored anew; null for "many or unknown" (a big sync page, an account removed): re-read what is shown of `accountIds`. */
  quotes: z.array(ChangedQuote).max(INBOX_CHANGE_QUOTES_MAX).nullable(),
  /**
   * True when the only news is quotes whose service types and target markets became known
   * (details read in the background): no row moved, so a list re-reads its facet counts, and
   * its rows only where it filters on those two facets. Absent: false.
   */
  facetsOnly: z.boolean().optional(),
});
export type InboxChange = z.infer<typeof InboxChange>;

export const syncEvents = {
  /** An account's sync state moved (including progress during a pass). */
  'sync.changed': AccountSyncState,
  /** Quotes changed in the cache: which, and their new versions (see InboxChange). */
  'inbox.changed': InboxChange,
  /** A PDF download's progress. */
  'pdfs.progress': z.object({ accountId: z.string(), quoteId: z.string(), bytes: z.number().int().nonnegative(), total: z.number().int().nonnegative().nullable() }),
} as const satisfies Record<string, z.ZodType>;

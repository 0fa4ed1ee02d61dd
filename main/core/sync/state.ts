/** Where an account's sync stands; the inbox shows it beside the account's quotes. */
export type SyncPhase =
  /** Never synced since the app started and nothing known yet. */
  | 'idle'
  | 'online'
  | 'syncing'
  | 'offline'
  | 'needs-credentials'
  | 'rate-limited'
  /** The service answered something unusable (a schema error, a 4xx): tried again at the next interval. */
  | 'failed';

export interface SyncProgress {
  pagesDone: number;
  /** Known after the first page. */
  pagesTotal: number | null;
  quotesSeen: number;
  /**
   * After the list: the details of the quotes waiting for a decision, fetched so they can be
   * read offline (only those not cached yet). Absent while the list is being read.
   */
  details?: { done: number; total: number };
}

export interface SyncState {
  accountId: string;
  phase: SyncPhase;
  progress: SyncProgress | null;
  /** End of the last complete pass (kept in the cache, so known offline after a restart). */
  lastSyncedAt: number | null;
  offlineSince: number | null;
  rateLimitedUntil: number | null;
  /** Plain words for the person when something is wrong. */
  message: string | null;
}

export function initialState(accountId: string, lastSyncedAt: number | null): SyncState {
  return { accountId, phase: 'idle', progress: null, lastSyncedAt, offlineSince: null, rateLimitedUntil: null, message: null };
}

import type { AccountSyncState, SyncPhase } from '../../lib/inbox-bridge';
import { formatClockTime, formatCount, formatTimeAgo } from '../../lib/format';

/** Phases in which the quotes on screen are the last known ones, not the service's current ones. */
const LAST_KNOWN_PHASES: ReadonlySet<SyncPhase> = new Set(['offline', 'needs-credentials', 'failed']);

/**
 * Whether the account's quotes on screen are the last known ones. A retry while offline is a
 * pass like any other ('syncing'), but nothing fresh has come yet: the marks stay until a
 * pass succeeds (main clears `offlineSince` only then).
 */
export function showsLastKnown(state: AccountSyncState): boolean {
  return LAST_KNOWN_PHASES.has(state.phase) || (state.phase === 'syncing' && state.offlineSince !== null);
}

/** One account's freshness in plain words, e.g. "Offline since 14:05 — showing the last known quotes". */
export function freshnessWords(state: AccountSyncState, now: number, locale?: string): string {
  const at = (ms: number) => formatClockTime(new Date(ms), new Date(now), locale);
  switch (state.phase) {
    case 'syncing': {
      // Trying the service again: still offline until it answers, so the banner says so.
      if (state.offlineSince !== null) return `Offline since ${at(state.offlineSince)} — trying again, showing the last known quotes`;
      const progress = state.progress;
      // Nothing counted yet (the first page is on its way): "Syncing 0 quotes…" would sound like an empty account.
      if (!progress || (progress.quotesSeen === 0 && !progress.details)) return 'Syncing…';
      const seen = formatCount(progress.quotesSeen, locale);
      if (progress.details) {
        const { done, total } = progress.details;
        return `Saving quote details for offline use (${formatCount(done, locale)} of ${formatCount(total, locale)})`;
      }
      return progress.pagesTotal === null
        ? `Syncing ${seen} quotes…`
        : `Syncing ${seen} quotes (page ${formatCount(progress.pagesDone, locale)} of ${formatCount(progress.pagesTotal, locale)})`;
    }
    case 'offline':
      return state.offlineSince === null
        ? 'Offline — showing the last known quotes'
        : `Offline since ${at(state.offlineSince)} — showing the last known quotes`;
    case 'needs-credentials':
      return 'Needs new credentials — showing the last known quotes';
    case 'rate-limited':
      return state.rateLimitedUntil === null ? 'Rate limited by the service' : `Rate limited until ${at(state.rateLimitedUntil)}`;
    case 'failed':
      return 'Sync failed — showing the last known quotes';
    case 'idle':
    case 'online':
      return state.lastSyncedAt === null ? 'Not synced yet' : `Last synced ${formatTimeAgo(state.lastSyncedAt, now, locale)}`;
  }
}

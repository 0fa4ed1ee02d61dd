import type { AccountSyncState, SyncPhase } from '../../lib/inbox-bridge';
import { formatClockTime, formatCount, formatTimeAgo } from '../../lib/format';

/** Phases in which the quotes on screen are the last known ones, not the service's current ones. */
export const LAST_KNOWN_PHASES: ReadonlySet<SyncPhase> = new Set(['offline', 'needs-credentials', 'failed']);

/** One account's freshness in plain words, e.g. "Offline since 14:05 — showing the last known quotes". */
export function freshnessWords(state: AccountSyncState, now: number, locale?: string): string {
  const at = (ms: number) => formatClockTime(new Date(ms), new Date(now), locale);
  switch (state.phase) {
    case 'syncing': {
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

import type { AccountSyncState, SyncPhase } from '../../lib/inbox-bridge';
import { m } from '../../../../i18n/paraglide/messages.js';
import { formatClockTime, formatCount, formatTimeAgo } from '../../lib/format';
import { uiLocale } from '../../lib/i18n/locale.svelte';

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

/**
 * One account's freshness in plain words, e.g. "Offline since 14:05 — showing the last known quotes":
 * in the window's language, with clock times and counts in `locale` (the system's region).
 */
export function freshnessWords(state: AccountSyncState, now: number, locale?: string): string {
  const at = (ms: number) => formatClockTime(new Date(ms), new Date(now), locale);
  switch (state.phase) {
    case 'syncing': {
      // Trying the service again: still offline until it answers, so the banner says so.
      if (state.offlineSince !== null) return m.shell_sync_offline_retrying({ time: at(state.offlineSince) });
      const progress = state.progress;
      // Nothing counted yet (the first page is on its way): "Syncing 0 quotes…" would sound like an empty account.
      if (!progress || (progress.quotesSeen === 0 && !progress.details)) return m.shell_sync_syncing();
      const seen = formatCount(progress.quotesSeen, locale);
      if (progress.details) {
        const { done, total } = progress.details;
        return m.shell_sync_saving_details({ done: formatCount(done, locale), total: formatCount(total, locale) });
      }
      return progress.pagesTotal === null
        ? m.shell_sync_syncing_count({ count: progress.quotesSeen, shown: seen })
        : m.shell_sync_syncing_pages({ count: progress.quotesSeen, shown: seen, page: formatCount(progress.pagesDone, locale), pages: formatCount(progress.pagesTotal, locale) });
    }
    case 'offline':
      return state.offlineSince === null
        ? m.shell_sync_offline()
        : m.shell_sync_offline_since({ time: at(state.offlineSince) });
    case 'needs-credentials':
      return m.shell_sync_needs_credentials();
    case 'rate-limited':
      return state.rateLimitedUntil === null ? m.shell_sync_rate_limited() : m.shell_sync_rate_limited_until({ time: at(state.rateLimitedUntil) });
    case 'failed':
      return m.shell_sync_failed();
    case 'idle':
    case 'online':
      // "5 minutes ago" is words, so it follows the window's language, as the sentence around it does.
      return state.lastSyncedAt === null ? m.shell_sync_never() : m.shell_sync_last({ ago: formatTimeAgo(state.lastSyncedAt, now, uiLocale()) });
  }
}

import type { AccountSyncState } from '../../../preload/contract/bridge/sync';
import type { SyncState } from './state';

/** What a failed pass means for the account, from the error's code (the API client's typed errors and the core's AppError). */
export type Failure =
  | { phase: 'needs-credentials'; message: string }
  | { phase: 'rate-limited'; message: string; retryAfterMs: number | null }
  | { phase: 'offline'; message: string }
  | { phase: 'failed'; message: string }
  | { phase: 'gone' };

export function classifyFailure(error: unknown): Failure {
  const record = (typeof error === 'object' && error !== null ? error : {}) as { code?: unknown; message?: unknown; retryAfterMs?: unknown };
  const message = typeof record.message === 'string' ? record.message : String(error);
  switch (record.code) {
    case 'needs-credentials':
    case 'authentication':
      return { phase: 'needs-credentials', message };
    case 'rate-limited':
      return { phase: 'rate-limited', message, retryAfterMs: typeof record.retryAfterMs === 'number' ? record.retryAfterMs : null };
    case 'network':
    case 'timeout':
    case 'server':
      return { phase: 'offline', message };
    case 'account-not-found':
      return { phase: 'gone' };
    default:
      return { phase: 'failed', message };
  }
}

/** Plain words for the inbox's freshness line. */
export function describeState(state: SyncState): string {
  switch (state.phase) {
    case 'idle':
      return 'Not synced yet';
    case 'online':
      return 'Up to date';
    case 'syncing':
      if (state.progress?.details) return `Syncing (details ${state.progress.details.done} of ${state.progress.details.total})`;
      return state.progress?.pagesTotal ? `Syncing (${state.progress.pagesDone} of ${state.progress.pagesTotal} pages)` : 'Syncing';
    case 'offline':
      return 'Offline: showing the last known quotes';
    case 'needs-credentials':
      return 'The service refused the credentials: showing the last known quotes';
    case 'rate-limited':
      return 'The service asked to wait: showing the last known quotes';
    case 'failed':
      return state.message ?? 'The last sync failed';
  }
}

/** The contract's view of a sync state: the core's, with its plain-words summary. */
export function syncStateView(state: SyncState): AccountSyncState {
  return { ...state, summary: describeState(state) };
}

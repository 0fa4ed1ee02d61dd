import type { AccountStatus } from '../../../preload/contract';
import { NetworkError, RateLimitedError, SchemaError, ServerError, TimeoutError } from '../api/errors';
import { m } from '../../../i18n/paraglide/messages.js';

export interface StatusState {
  status: AccountStatus;
  message: string | null;
}

/**
 * Each account's status: what the service last answered to the app's calls, in plain words
 * for the header and the sidebar. Only the service's own trouble moves it (it cannot be
 * reached, it fails, it answers outside the interface, it limits requests); a refused
 * item (404, 403 on one quote) says nothing about the account.
 */
export interface StatusTracker {
  get(id: string): StatusState;
  /** The status an account starts with, as loaded: nothing changed, so nobody is told. */
  init(id: string, status: AccountStatus, message: string | null): void;
  /** Returns whether anything changed, and tells `onChange` when it did. */
  set(id: string, status: AccountStatus, message: string | null): boolean;
  forget(id: string): void;
}

export interface StatusTrackerDeps {
  onChange: (id: string, state: StatusState) => void;
  /**
   * The other accounts on the account's service (accounts/same-service.ts). Whether the
   * service can be reached is the service's, not one key's: every account on it says so at
   * once, and says so no longer once any of them is answered.
   */
  sameService?: (id: string) => readonly string[];
}

export function createStatusTracker(deps: StatusTrackerDeps): StatusTracker {
  const states = new Map<string, StatusState>();
  const get = (id: string): StatusState => states.get(id) ?? { status: 'unknown', message: null };

  function change(id: string, status: AccountStatus, message: string | null): boolean {
    const current = states.get(id);
    if (current && current.status === status && current.message === message) return false;
    const next = { status, message };
    states.set(id, next);
    deps.onChange(id, next);
    return true;
  }

  /** What the service's reachability means for an account beside the one that learnt it; null: nothing. */
  function forSibling(sibling: StatusState, status: AccountStatus, message: string | null): StatusState | null {
    // Refused credentials stay until new ones are given; a sibling's own trouble (its rate limit) stays its own.
    if (sibling.status === 'needs-credentials') return null;
    if (status === 'unreachable') return { status, message };
    if (status === 'ok' && sibling.status === 'unreachable') return { status, message };
    return null;
  }

  return {
    get,
    init: (id, status, message) => void states.set(id, { status, message }),
    set(id, status, message) {
      let changed = change(id, status, message);
      if (status !== 'unreachable' && status !== 'ok') return changed;
      for (const sibling of deps.sameService?.(id) ?? []) {
        const next = forSibling(get(sibling), status, message);
        if (next) changed = change(sibling, next.status, next.message) || changed;
      }
      return changed;
    },
    forget: (id) => void states.delete(id),
  };
}

/** The status a failed call moves its account to, or null when the failure says nothing about the account. */
export function statusAfterFailure(error: unknown, baseUrl: string): StatusState | null {
  if (error instanceof TimeoutError) {
    return { status: 'unreachable', message: m.core_status_timeout({ host: hostOf(baseUrl) }) };
  }
  if (error instanceof NetworkError) {
    const host = hostOf(baseUrl);
    const why: Record<NetworkError['reason'], () => string> = {
      dns: () => m.core_status_dns({ host }),
      refused: () => m.core_status_refused({ host }),
      reset: () => m.core_connection_reset({ host }),
      tls: () => m.core_connection_tls({ host }),
      other: () => m.core_status_unreachable({ host }),
    };
    return { status: 'unreachable', message: why[error.reason]() };
  }
  if (error instanceof RateLimitedError) {
    const message = error.retryAfterMs !== null ? m.core_status_rate_limited({ wait: describeWait(error.retryAfterMs) }) : m.core_status_rate_limited_minute();
    return { status: 'rate-limited', message };
  }
  if (error instanceof ServerError) {
    // A 5xx always has a status; the dash stands in only for one built without it.
    const status = String(error.status ?? '–');
    const message =
      error.retryAfterMs !== null ? m.core_status_server_error_wait({ status, wait: describeWait(error.retryAfterMs) }) : m.core_status_server_error({ status });
    return { status: 'service-error', message };
  }
  if (error instanceof SchemaError) {
    return { status: 'service-error', message: m.core_status_unexpected_answer() };
  }
  return null;
}

/** "45 seconds", "2 minutes", "1 hour" in main's language: rounded up, so the person never tries too early. */
export function describeWait(ms: number): string {
  const seconds = Math.max(1, Math.ceil(ms / 1000));
  if (seconds < 60) return m.core_duration_seconds({ seconds });
  const minutes = Math.ceil(seconds / 60);
  if (minutes < 60) return m.core_duration_minutes({ minutes });
  return m.core_duration_hours({ hours: Math.ceil(minutes / 60) });
}

function hostOf(baseUrl: string): string {
  try {
    return new URL(baseUrl).host;
  } catch {
    return baseUrl;
  }
}

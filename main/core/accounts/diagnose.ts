import type { Dispatcher } from 'undici';
import type { ConnectionReport, Credentials, KeyAccess, QuoteListItem, QuoteStatus } from '../../../preload/contract';
import { LIST_LIMIT_MAX } from '../../../preload/contract';
import { baseUrlProblem } from '../../../i18n/words/base-url';
import { createQuotingClient } from '../api/index';
import {
  AuthenticationError,
  ForbiddenError,
  NetworkError,
  NotFoundError,
  RateLimitedError,
  SchemaError,
  ServerError,
  TimeoutError,
} from '../api/errors';
import type { Timeouts } from '../api/transport';
import { NeedsCredentialsError } from '../api/auth/needs-credentials';
import { globalRedactor } from '../log/redact';
import type { Clock, Logger } from '../ports';
import { errorText } from '../errors';
import { m } from '../../../i18n/paraglide/messages.js';

export interface ConnectionTarget {
  baseUrl: string;
  access: KeyAccess;
  credentials: Credentials;
}

export interface DiagnoseDeps {
  clock: Clock;
  logger: Logger;
  dispatcher: Dispatcher;
  timeouts?: Partial<Timeouts>;
}

// The account form's own words (its field and the two kinds of key), so a diagnosis points at what the user sees.
const keyKindField = () => m.settings_account_key_kind();

// Statuses only internal keys see: client keys get them as PENDING or REVISED.
const STORED_ONLY: readonly QuoteStatus[] = ['SENT', 'SENT_PENDING', 'SENT_REVISED'];

/**
 * Tries a connection the way the app will use it (the first page of quotes) and says
 * precisely what is wrong, if anything. One attempt, no retries: a test must answer quickly.
 */
export async function diagnose(target: ConnectionTarget, deps: DiagnoseDeps): Promise<ConnectionReport> {
  const urlProblem = baseUrlProblem(target.baseUrl);
  if (urlProblem) return report('bad-url', urlProblem, null, null);

  const client = createQuotingClient({
    baseUrl: target.baseUrl,
    credentials: target.credentials,
    clock: deps.clock,
    logger: deps.logger,
    dispatcher: deps.dispatcher,
    timeouts: deps.timeouts,
    retry: { maxAttempts: 1 },
  });
  const started = deps.clock.now();
  try {
    const page = await client.quotes.list({ page: 1, limit: LIST_LIMIT_MAX });
    return judgeAccess(target.access, page.data, deps.clock.now() - started);
  } catch (error) {
    return explainFailure(error, target, deps.clock.now() - started);
  } finally {
    await client.close();
  }
}

export function judgeAccess(configured: KeyAccess, quotes: QuoteListItem[], latencyMs: number): ConnectionReport {
  const companies = new Set(quotes.map((quote) => quote.companyId).filter((id) => id !== null));
  const seesStoredOnly = quotes.some((quote) => STORED_ONLY.includes(quote.status));
  const looksInternal = seesStoredOnly || companies.size > 1;
  const detected: KeyAccess | null = looksInternal ? 'internal' : quotes.length > 0 ? 'client' : null;
  if (configured === 'client' && looksInternal) {
    const words = { field: keyKindField(), kind: m.common_key_internal() };
    const message = seesStoredOnly ? m.core_diagnose_internal_by_status(words) : m.core_diagnose_internal_by_companies({ ...words, companies: companies.size });
    return report('wrong-key-kind', message, 'internal', latencyMs);
  }
  if (configured === 'internal' && detected === 'client') {
    return report('wrong-key-kind', m.core_diagnose_client_key({ field: keyKindField(), kind: m.common_key_client() }), 'client', latencyMs);
  }
  const message =
    quotes.length === 0
      ? m.core_diagnose_ok_none()
      : quotes.length === LIST_LIMIT_MAX
        ? m.core_diagnose_ok_quotes_at_least({ quotes: quotes.length })
        : m.core_diagnose_ok_quotes({ quotes: quotes.length });
  return report('ok', message, detected, latencyMs);
}

function explainFailure(error: unknown, target: ConnectionTarget, latencyMs: number): ConnectionReport {
  if (error instanceof NeedsCredentialsError || error instanceof AuthenticationError) {
    const message = target.credentials.mechanism === 'api-key' ? m.core_diagnose_key_refused() : m.core_diagnose_secret_refused();
    return report('bad-credentials', message, null, latencyMs);
  }
  if (error instanceof ForbiddenError) {
    return report('forbidden', m.core_diagnose_forbidden(), null, latencyMs);
  }
  if (error instanceof NotFoundError) {
    return report('bad-url', m.core_diagnose_not_the_service({ url: target.baseUrl }), null, latencyMs);
  }
  if (error instanceof TimeoutError) {
    return report('unreachable', m.core_diagnose_timeout({ url: target.baseUrl }), null, null);
  }
  if (error instanceof NetworkError) {
    const host = safeHost(target.baseUrl);
    const why: Record<NetworkError['reason'], () => string> = {
      dns: () => m.core_diagnose_dns({ host }),
      refused: () => m.core_diagnose_refused({ host }),
      reset: () => m.core_connection_reset({ host }),
      tls: () => m.core_connection_tls({ host }),
      other: () => m.core_diagnose_unreachable({ host }),
    };
    return report('unreachable', why[error.reason](), null, null);
  }
  if (error instanceof ServerError || error instanceof RateLimitedError) {
    return report('server-error', m.core_diagnose_server_error({ status: String(error.status) }), null, latencyMs);
  }
  if (error instanceof SchemaError) {
    return report('unexpected-response', m.core_diagnose_unexpected_answer({ detail: error.message }), null, latencyMs);
  }
  return report('unexpected-response', m.core_diagnose_failed({ detail: globalRedactor.string(errorText(error)) }), null, latencyMs);
}

function safeHost(baseUrl: string): string {
  try {
    return new URL(baseUrl).host;
  } catch {
    return baseUrl;
  }
}

function report(diagnosis: ConnectionReport['diagnosis'], message: string, detectedAccess: KeyAccess | null, latencyMs: number | null): ConnectionReport {
  return { ok: diagnosis === 'ok', diagnosis, message, detectedAccess, latencyMs: latencyMs === null ? null : Math.max(0, latencyMs) };
}

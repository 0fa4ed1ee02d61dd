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

// The account form's names for the two kinds of key, so a diagnosis points at what the user sees.
const KEY_KIND_LABELS: Record<KeyAccess, string> = { client: 'Client key', internal: 'Internal (admin) key' };

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
    const evidence = seesStoredOnly ? 'internal statuses such as SENT' : `quotes of ${companies.size} companies`;
    return report('wrong-key-kind', `Connected, but this key sees ${evidence}, so it is an internal (admin) key. Set Key kind to "${KEY_KIND_LABELS.internal}".`, 'internal', latencyMs);
  }
  if (configured === 'internal' && detected === 'client') {
    return report('wrong-key-kind', `Connected, but this key sees only the client-facing statuses of one company, so it is a client key. Set Key kind to "${KEY_KIND_LABELS.client}".`, 'client', latencyMs);
  }
  const count = quotes.length === 0 ? 'no quotes yet' : `${quotes.length}${quotes.length === LIST_LIMIT_MAX ? '+' : ''} quotes`;
  return report('ok', `Connected: the service answered with ${count}.`, detected, latencyMs);
}

function explainFailure(error: unknown, target: ConnectionTarget, latencyMs: number): ConnectionReport {
  if (error instanceof NeedsCredentialsError || error instanceof AuthenticationError) {
    const message =
      target.credentials.mechanism === 'api-key'
        ? 'The service refused the API key. Check it, or issue a new one in the portal.'
        : 'The service refused the client ID and secret. Check them, or issue new ones in the portal.';
    return report('bad-credentials', message, null, latencyMs);
  }
  if (error instanceof ForbiddenError) {
    return report('forbidden', 'The credentials were accepted but are not allowed to list quotes. Ask an administrator for access.', null, latencyMs);
  }
  if (error instanceof NotFoundError) {
    return report('bad-url', `Something answered at ${target.baseUrl}, but not the Quoting Service (no quote list there). Check the base URL: it should not include /api.`, null, latencyMs);
  }
  if (error instanceof TimeoutError) {
    return report('unreachable', `The service at ${target.baseUrl} did not answer in time.`, null, null);
  }
  if (error instanceof NetworkError) {
    const host = safeHost(target.baseUrl);
    const why: Record<NetworkError['reason'], string> = {
      dns: `The address ${host} could not be found. Check the base URL and your network.`,
      refused: `${host} refused the connection: nothing is listening there.`,
      reset: `The connection to ${host} broke before the service answered.`,
      tls: `A secure connection to ${host} could not be established (certificate or TLS problem).`,
      other: `Could not reach ${host}.`,
    };
    return report('unreachable', why[error.reason], null, null);
  }
  if (error instanceof ServerError || error instanceof RateLimitedError) {
    return report('server-error', `The service answered with an error (HTTP ${error.status}). Try again later.`, null, latencyMs);
  }
  if (error instanceof SchemaError) {
    return report('unexpected-response', `The address answered, but not as the Quoting Service would (${error.message}). Check the base URL.`, null, latencyMs);
  }
  const message = globalRedactor.string(errorText(error));
  return report('unexpected-response', `The connection test failed unexpectedly: ${message}`, null, latencyMs);
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

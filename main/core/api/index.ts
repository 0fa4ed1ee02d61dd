import { Agent } from 'undici';
import type { Dispatcher } from 'undici';
import type { Credentials } from '../../../preload/contract';
import { baseUrlProblem } from '../../../i18n/words/base-url';
import { createAuthenticator } from './auth/authenticator';
import { saidError } from '../errors';
import type { NeedsCredentialsError } from './auth/needs-credentials';
import { createSilentLogger, registerSecret } from '../log/logger';
import type { Clock, Logger } from '../ports';
import { systemClock } from '../ports';
import { createCaller } from './caller';
import type { CallObserver } from './caller';
import { createQuotesResource } from './quotes';
import { DEFAULT_RETRY_POLICY } from './retry';
import type { RetryPolicy } from './retry';
import { requestToken } from './token';
import { createTransport, DEFAULT_TIMEOUTS } from './transport';
import type { Timeouts } from './transport';
import type { QuotingClient } from './types';
import { createWebhooksResource } from './webhooks';

export interface QuotingClientOptions {
  baseUrl: string;
  credentials: Credentials;
  clock?: Clock;
  logger?: Logger;
  timeouts?: Partial<Timeouts>;
  retry?: Partial<RetryPolicy>;
  /** A shared undici dispatcher. Without one the client owns a keep-alive Agent, closed by close(). */
  dispatcher?: Dispatcher;
  /** Told how each call ends (the accounts service derives the account status from it). */
  observer?: CallObserver;
  /** Told once, when the service refuses the credentials for good. */
  onCredentialsRefused?: (error: NeedsCredentialsError) => void;
  /** How long before expiry a token is renewed. Default 5 minutes. */
  refreshMarginMs?: number;
  userAgent?: string;
}

export interface ClosableQuotingClient extends QuotingClient {
  /** Closes the client's own connection pool (a shared dispatcher is left open). */
  close(): Promise<void>;
}

export function createQuotingClient(options: QuotingClientOptions): ClosableQuotingClient {
  const clock = options.clock ?? systemClock;
  const logger = options.logger ?? createSilentLogger();
  const timeouts: Timeouts = { ...DEFAULT_TIMEOUTS, ...options.timeouts };
  const retryPolicy: RetryPolicy = { ...DEFAULT_RETRY_POLICY, ...options.retry };
  const ownsDispatcher = !options.dispatcher;
  const dispatcher = options.dispatcher ?? createAgent(timeouts);
  const baseUrl = normaliseBaseUrl(options.baseUrl);
  const { credentials } = options;

  registerSecret(logger, credentials.mechanism === 'api-key' ? credentials.apiKey : credentials.clientSecret);

  const transport = createTransport({ baseUrl, dispatcher, timeouts, clock, userAgent: options.userAgent });
  const auth = createAuthenticator({
    credentials,
    clock,
    refreshMarginMs: options.refreshMarginMs,
    // Transient failures of the token endpoint are retried as reads are: asking for a token
    // twice is harmless, and a refused secret (401/400) is not retryable so it ends at once.
    exchange: (clientId, clientSecret) => requestToken(transport, clientId, clientSecret, { clock, logger, policy: retryPolicy }),
    onToken: (token) => registerSecret(logger, token),
    // Not logged here: a connection test of a draft refuses credentials of no account.
    onRefused: (error) => options.onCredentialsRefused?.(error),
  });
  const call = createCaller({ transport, auth, clock, logger, retryPolicy, observer: options.observer });

  return {
    baseUrl,
    dispatcher,
    quotes: createQuotesResource(call, clock, logger),
    webhooks: createWebhooksResource(call, logger),
    close: async () => {
      if (ownsDispatcher) await dispatcher.close();
    },
  };
}

/** A keep-alive pool with the connect timeout (headers and body timeouts are per request). */
export function createAgent(timeouts: Partial<Timeouts> = {}): Agent {
  return new Agent({
    connect: { timeout: timeouts.connectMs ?? DEFAULT_TIMEOUTS.connectMs },
    keepAliveTimeout: 30_000,
    connections: 16,
  });
}

/**
 * The last line of defence for credentials: whatever a caller checked, a client is never
 * built for an address the one base-URL rule refuses (plain http beyond this computer, a
 * user name or password in it), so no key or secret can be sent there.
 */
function normaliseBaseUrl(value: string): string {
  const problem = baseUrlProblem(value);
  // The rule's words come from the catalogue, in main's language.
  if (problem) throw saidError('invalid-input', problem);
  return new URL(value.trim()).toString().replace(/\/+$/, '');
}

export * from './errors';
export { describeError } from './describe-error';
export type { DescribedError } from './describe-error';
export { downloadPdf } from './pdf-download';
export type { DownloadedPdf, PdfDownloadOptions } from './pdf-download';
export { DEFAULT_TIMEOUTS } from './transport';
export type { Timeouts } from './transport';
export { DEFAULT_RETRY_POLICY, parseRetryAfter } from './retry';
export type { RetryPolicy } from './retry';
export type { CallObserver } from './caller';
export type * from './types';

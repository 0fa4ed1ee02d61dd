import type { Authenticator, AuthHeaders } from './auth/authenticator';
import type { Clock, Logger } from '../ports';
import { AuthenticationError } from './errors';
import { retryAfterFailure } from './retry';
import type { RetryPolicy } from './retry';
import type { HttpRequest, HttpResponse, Transport } from './transport';

/** Told how each call ended, so the account's status can follow (ok, unreachable...). */
export interface CallObserver {
  onSuccess?(endpoint: string): void;
  onFailure?(error: unknown): void;
}

export interface CallerOptions {
  transport: Transport;
  auth: Authenticator;
  clock: Clock;
  logger: Logger;
  retryPolicy: RetryPolicy;
  observer?: CallObserver;
}

/** Sends an authenticated request. Reads are retried; writes go out exactly once. */
export type Caller = (req: Omit<HttpRequest, 'headers'>, mode: { retry: boolean }) => Promise<HttpResponse>;

/**
 * Authentication around the retry layer: a 401 on a token gets one refresh and one retry;
 * a second 401, or a 401 on a static key, moves the account to "needs new credentials".
 */
export function createCaller(options: CallerOptions): Caller {
  const { transport, auth, clock, logger, retryPolicy, observer } = options;

  const retryContext = (signal: AbortSignal | undefined) => ({ clock, logger, policy: retryPolicy, signal });

  /** One attempt and, for a read, the retries after it. */
  async function attempt(req: Omit<HttpRequest, 'headers'>, retry: boolean, authHeaders: AuthHeaders): Promise<HttpResponse> {
    const request: HttpRequest = { ...req, headers: authHeaders.headers };
    try {
      return await transport(request);
    } catch (error) {
      if (!retry) throw error;
      return retryAfterFailure(() => transport(request), retryContext(req.signal), error);
    }
  }

  // The common case in one async step: a key or a valid token at hand, one exchange that
  // succeeds. Anything else goes on in afterFailure.
  async function call(req: Omit<HttpRequest, 'headers'>, retry: boolean): Promise<HttpResponse> {
    const first = auth.ready() ?? (await auth.headers());
    const request: HttpRequest = { ...req, headers: first.headers };
    try {
      return await transport(request);
    } catch (error) {
      return afterFailure(req, request, retry, first, error);
    }
  }

  /**
   * Retries a read that failed; a 401 on a token gets one refresh and one more attempt (with
   * its own retries); a second 401, or a 401 on a static key, moves the account to "needs
   * new credentials".
   */
  async function afterFailure(req: Omit<HttpRequest, 'headers'>, request: HttpRequest, retry: boolean, used: AuthHeaders, error: unknown): Promise<HttpResponse> {
    try {
      if (!retry) throw error;
      return await retryAfterFailure(() => transport(request), retryContext(req.signal), error);
    } catch (failure) {
      if (!(failure instanceof AuthenticationError)) throw failure;
      if (!auth.renewAfterUnauthorized(used)) throw auth.refuse(failure);
      logger.info('token refused; refreshing once', { endpoint: failure.endpoint });
    }
    const second = await auth.headers();
    try {
      return await attempt(req, retry, second);
    } catch (failure) {
      if (failure instanceof AuthenticationError) throw auth.refuse(failure);
      throw failure;
    }
  }

  if (!observer) return (req, mode) => call(req, mode.retry);
  return async (req, mode) => {
    try {
      const response = await call(req, mode.retry);
      observer.onSuccess?.(response.endpoint);
      return response;
    } catch (error) {
      observer.onFailure?.(error);
      throw error;
    }
  };
}

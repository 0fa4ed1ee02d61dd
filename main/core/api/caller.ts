import type { Authenticator, AuthHeaders } from '../auth/authenticator';
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

  // The first attempt goes straight to the transport; only a failure that may be retried
  // builds the retry layer's closure and context.
  async function attempt(req: Omit<HttpRequest, 'headers'>, retry: boolean, authHeaders: AuthHeaders): Promise<HttpResponse> {
    const request: HttpRequest = { ...req, headers: authHeaders.headers };
    try {
      return await transport(request);
    } catch (error) {
      if (!retry) throw error;
      return retryAfterFailure(() => transport(request), { clock, logger, policy: retryPolicy, signal: req.signal }, error);
    }
  }

  async function call(req: Omit<HttpRequest, 'headers'>, retry: boolean): Promise<HttpResponse> {
    // A key, or a token still valid, without waiting for a promise.
    const first = auth.ready() ?? (await auth.headers());
    try {
      return await attempt(req, retry, first);
    } catch (error) {
      if (!(error instanceof AuthenticationError)) throw error;
      if (!auth.renewAfterUnauthorized(first)) throw auth.refuse(error);
      logger.info('token refused; refreshing once', { endpoint: error.endpoint });
    }
    const second = await auth.headers();
    try {
      return await attempt(req, retry, second);
    } catch (error) {
      if (error instanceof AuthenticationError) throw auth.refuse(error);
      throw error;
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

import { PATHS, TokenResponse } from '../../../preload/contract';
import type { IssuedToken } from './auth/token-manager';
import { withRetries } from './retry';
import type { RetryContext } from './retry';
import type { Transport } from './transport';
import { parseBody } from './validate';

/**
 * POST /api/credentials/token. Transient failures (a 503 with Retry-After, a broken
 * connection, a timeout) are retried by the one retry policy of reads; what a refusal means
 * is the token manager's and the authenticator's business.
 */
export async function requestToken(transport: Transport, clientId: string, clientSecret: string, retry: RetryContext): Promise<IssuedToken> {
  const response = await withRetries(
    () =>
      transport({
        method: 'POST',
        path: PATHS.token,
        kind: 'other',
        json: { clientId, clientSecret },
      }),
    retry,
  );
  const parsed = parseBody(response, TokenResponse);
  return { accessToken: parsed.accessToken, expiresIn: parsed.expiresIn };
}

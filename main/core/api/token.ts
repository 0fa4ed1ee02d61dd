import { PATHS, TokenResponse } from '../../../preload/contract';
import type { IssuedToken } from '../auth/token-manager';
import type { Transport } from './transport';
import { parseBody } from './validate';

/** POST /api/credentials/token. Never retried here: the token manager decides what a failure means. */
export async function requestToken(transport: Transport, clientId: string, clientSecret: string): Promise<IssuedToken> {
  const response = await transport({
    method: 'POST',
    path: PATHS.token,
    kind: 'other',
    json: { clientId, clientSecret },
  });
  const parsed = parseBody(response, TokenResponse);
  return { accessToken: parsed.accessToken, expiresIn: parsed.expiresIn };
}

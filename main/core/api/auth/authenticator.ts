import type { Credentials } from '../../../../preload/contract';
import { AUTH_HEADERS } from '../../../../preload/contract';
import { ApiError } from '../errors';
import type { Clock } from '../../ports';
import { NeedsCredentialsError } from './needs-credentials';
import { m } from '../../../../i18n/paraglide/messages.js';
import { createTokenManager } from './token-manager';
import type { IssuedToken, TokenManager } from './token-manager';

/** The headers one request carries, and the token in them (to invalidate it after a 401). */
export interface AuthHeaders {
  headers: Record<string, string>;
  token: string | null;
}

export interface Authenticator {
  readonly mechanism: Credentials['mechanism'];
  /** Headers for the next request; fails fast with NeedsCredentialsError once refused. */
  headers(): Promise<AuthHeaders>;
  /**
   * The headers at once when no waiting is needed (a key, or a token still valid), else
   * null: call headers(). The same object is returned for as long as the key or token lasts,
   * so the transport merges it with its own headers once.
   */
  ready(): AuthHeaders | null;
  /**
   * After a 401: true when a retry with fresh headers makes sense (a token that can be
   * renewed). False for a static key: the credentials themselves were refused.
   */
  renewAfterUnauthorized(used: AuthHeaders): boolean;
  /** Moves to "needs new credentials": every later call fails without touching the network. */
  refuse(cause: unknown): NeedsCredentialsError;
  readonly refused: boolean;
}

export interface AuthenticatorOptions {
  credentials: Credentials;
  clock: Clock;
  /** The token endpoint call; only used with client credentials. */
  exchange: (clientId: string, clientSecret: string) => Promise<IssuedToken>;
  onToken?: (accessToken: string) => void;
  /** Told once, when the account's credentials are found refused. */
  onRefused?: (error: NeedsCredentialsError) => void;
  refreshMarginMs?: number;
}

// The token endpoint answers bad credentials with one of these; anything else (5xx, network)
// is a passing failure that must not lock the account.
const REFUSING_STATUSES = new Set([400, 401, 403]);

// Words are functions, said when the refusal happens, so they follow main's language.
const REFUSAL_MESSAGES: Record<Credentials['mechanism'], () => string> = {
  'api-key': () => m.core_auth_key_refused(),
  'client-credentials': () => m.core_auth_secret_refused(),
};

export function createAuthenticator(options: AuthenticatorOptions): Authenticator {
  const { credentials } = options;
  let refusal: NeedsCredentialsError | null = null;
  let tokens: TokenManager | null = null;

  if (credentials.mechanism === 'client-credentials') {
    tokens = createTokenManager({
      clock: options.clock,
      refreshMarginMs: options.refreshMarginMs,
      onToken: options.onToken,
      exchange: async () => {
        try {
          return await options.exchange(credentials.clientId, credentials.clientSecret);
        } catch (error) {
          if (error instanceof ApiError && error.status !== null && REFUSING_STATUSES.has(error.status)) {
            throw refuse(error);
          }
          throw error;
        }
      },
    });
  }

  // One AuthHeaders per key or token, reused by every request that carries it.
  let currentHeaders: AuthHeaders | null =
    credentials.mechanism === 'api-key' ? { headers: { [AUTH_HEADERS.apiKey]: credentials.apiKey }, token: null } : null;
  const forToken = (token: string): AuthHeaders => {
    if (currentHeaders?.token !== token) {
      const value = `Bearer ${token}`;
      currentHeaders = { headers: { [AUTH_HEADERS.bearerSpec]: value, [AUTH_HEADERS.bearerHttp]: value }, token };
    }
    return currentHeaders;
  };

  function ready(): AuthHeaders | null {
    if (refusal) return null;
    if (!tokens) return currentHeaders;
    const token = tokens.peek();
    return token === null ? null : forToken(token);
  }

  function refuse(cause: unknown): NeedsCredentialsError {
    if (!refusal) {
      // Shown to the user as the account's status: plain words. The request that was refused
      // stays on the cause (an ApiError) for the log.
      refusal = new NeedsCredentialsError(REFUSAL_MESSAGES[credentials.mechanism](), cause);
      options.onRefused?.(refusal);
    }
    return refusal;
  }

  return {
    mechanism: credentials.mechanism,
    async headers(): Promise<AuthHeaders> {
      if (refusal) throw refusal;
      if (!tokens) return currentHeaders as AuthHeaders;
      return forToken(await tokens.token());
    },
    ready,
    renewAfterUnauthorized(used) {
      if (!tokens || used.token === null) return false;
      tokens.invalidate(used.token);
      return true;
    },
    refuse,
    get refused() {
      return refusal !== null;
    },
  };
}

// Turns a request's headers into a principal: `Api-key`, or a bearer token in either
// spelling of the authorisation header.
import type { IncomingHttpHeaders } from 'node:http';
import type { CredentialStore, Principal } from './credentials';
import { principalOf } from './credentials';
import type { TokenService } from './tokens';

/** The kind of credential a request presents, valid or not (for the request log). */
export type PresentedCredential = 'api-key' | 'bearer' | 'admin' | 'none';

export async function authenticate(headers: IncomingHttpHeaders, store: CredentialStore, tokens: TokenService): Promise<Principal | null> {
  const apiKey = single(headers['api-key']);
  if (apiKey !== undefined) {
    const slot = store.byApiKey(apiKey.trim());
    return slot ? principalOf(slot) : null;
  }
  for (const header of [headers['authorisation'], headers['authorization']]) {
    const token = bearer(single(header));
    if (token === null) continue;
    const principal = await tokens.verify(token);
    if (principal) return principal;
  }
  return null;
}

/** Which kind of credential the headers carry, by the same precedence as authenticate(). */
export function presentedCredential(headers: IncomingHttpHeaders, store: CredentialStore): PresentedCredential {
  const apiKey = single(headers['api-key']);
  if (apiKey !== undefined) return store.byApiKey(apiKey.trim())?.kind === 'admin' ? 'admin' : 'api-key';
  const bearerPresent = [headers['authorisation'], headers['authorization']].some((header) => bearer(single(header)) !== null);
  return bearerPresent ? 'bearer' : 'none';
}

function single(value: string | string[] | undefined): string | undefined {
  return Array.isArray(value) ? value[0] : value;
}

function bearer(value: string | undefined): string | null {
  const match = value ? /^Bearer\s+(\S+)\s*$/i.exec(value) : null;
  return match?.[1] ?? null;
}

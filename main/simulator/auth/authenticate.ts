// Turns a request's headers into a principal: `Api-key`, or a bearer token in either
// spelling of the authorisation header.
import type { IncomingHttpHeaders } from 'node:http';
import type { CredentialStore, Principal } from './credentials';
import { principalOf } from './credentials';
import type { TokenService } from './tokens';

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

function single(value: string | string[] | undefined): string | undefined {
  return Array.isArray(value) ? value[0] : value;
}

function bearer(value: string | undefined): string | null {
  const match = value ? /^Bearer\s+(\S+)\s*$/i.exec(value) : null;
  return match?.[1] ?? null;
}

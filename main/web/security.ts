import { randomBytes, timingSafeEqual } from 'node:crypto';
import { DOWNLOAD_PREFIX } from './downloads';

/** The subprotocol the page and the host speak over the socket. */
export const BRIDGE_PROTOCOL = 'quotedesk.bridge.v1';
/** The page presents its token as a second subprotocol, `token.<token>`, so it never appears in a URL the server sees. */
export const TOKEN_PROTOCOL_PREFIX = 'token.';
export const BRIDGE_PATH = '/bridge';

/** A fresh per-launch secret: 32 random bytes, base64url (valid in a subprotocol value). */
export function createSessionToken(): string {
  return randomBytes(32).toString('base64url');
}

/** Constant-time comparison, so the time taken says nothing about how much of a guess was right. */
export function tokensMatch(expected: string, presented: string | undefined): boolean {
  if (presented === undefined) return false;
  const a = Buffer.from(expected);
  const b = Buffer.from(presented);
  // timingSafeEqual needs equal lengths; compare against itself to spend the same time.
  if (a.length !== b.length) {
    timingSafeEqual(a, a);
    return false;
  }
  return timingSafeEqual(a, b);
}

/** The token offered in a `Sec-WebSocket-Protocol` header, if any. */
export function tokenFromProtocols(header: string | undefined): string | undefined {
  if (!header) return undefined;
  const offered = header.split(',').map((value) => value.trim());
  const entry = offered.find((value) => value.startsWith(TOKEN_PROTOCOL_PREFIX));
  return entry?.slice(TOKEN_PROTOCOL_PREFIX.length);
}

export function offersBridgeProtocol(header: string | undefined): boolean {
  return (header ?? '').split(',').some((value) => value.trim() === BRIDGE_PROTOCOL);
}

/**
 * The page's CSP. connect-src names only this host's own socket and its one-time PDF
 * downloads (Save as… reads one to write it into the file the person picked), so a page
 * script (or an injected one) cannot talk to anything else.
 */
export function contentSecurityPolicy(host: string): string {
  return [
    "default-src 'self'",
    "script-src 'self'",
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data:",
    "font-src 'self'",
    `connect-src ws://${host} http://${host}${DOWNLOAD_PREFIX}`,
    "object-src 'none'",
    "base-uri 'none'",
    "form-action 'none'",
    "frame-ancestors 'none'",
  ].join('; ');
}

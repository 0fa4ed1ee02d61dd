// THE rule for a Quoting Service base URL, in one place: the contract's schemas, the account
// form, the CLI and the core all ask this function. Zod-free, so the renderer may import it.

// The WHATWG URL parser, present in Node and in every browser; declared here because the
// contract compiles with neither Node's nor the DOM's types.
interface ParsedUrl {
  protocol: string;
  username: string;
  password: string;
  host: string;
  hostname: string;
  pathname: string;
  origin: string;
}
declare const URL: new (input: string) => ParsedUrl;

/** Hosts for which plain http is allowed: the embedded service and tunnels on this computer. */
export function isLoopbackHost(hostname: string): boolean {
  const host = hostname.toLowerCase().replace(/^\[|\]$/g, '');
  if (host === 'localhost' || host.endsWith('.localhost')) return true;
  if (host === '::1' || host === '0:0:0:0:0:0:0:1') return true;
  return /^127(\.\d{1,3}){3}$/.test(host);
}

/** Why a typed base URL cannot be used (its words: baseUrlProblem in i18n/words/base-url.ts). */
export type BaseUrlIssue =
  | { kind: 'empty' }
  | { kind: 'not-web-address'; text: string }
  | { kind: 'no-scheme'; text: string }
  | { kind: 'credentials' }
  | { kind: 'plain-http'; suggestion: string }
  | { kind: 'scheme'; protocol: string };

/**
 * Why a typed base URL cannot be used, with the fix when there is an obvious one; null when it
 * can. https is required except on loopback; a user name or password in the address is
 * refused (it would travel with every request and land in logs).
 */
export function baseUrlIssue(typed: string): BaseUrlIssue | null {
  const text = typed.trim();
  if (text === '') return { kind: 'empty' };
  if (!/^[a-z][a-z0-9+.-]*:\/\//i.test(text)) {
    if (/^[a-z][a-z0-9+.-]*:/i.test(text) && !/^[^:/]+:\d/.test(text)) return { kind: 'not-web-address', text };
    return { kind: 'no-scheme', text };
  }
  let url: ParsedUrl;
  try {
    url = new URL(text);
  } catch {
    return { kind: 'not-web-address', text };
  }
  if (url.username !== '' || url.password !== '') return { kind: 'credentials' };
  if (url.protocol === 'https:') return null;
  if (url.protocol === 'http:') {
    if (isLoopbackHost(url.hostname)) return null;
    return { kind: 'plain-http', suggestion: `https://${url.host}${url.pathname === '/' ? '' : url.pathname}` };
  }
  return { kind: 'scheme', protocol: url.protocol };
}

/** The origin (scheme, host and port) that credentials are bound to. Null for an unparsable URL. */
export function credentialOrigin(baseUrl: string): string | null {
  try {
    return new URL(baseUrl.trim()).origin;
  } catch {
    return null;
  }
}

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

/**
 * Why a typed base URL cannot be used, in words for a person (with the fix when there is an
 * obvious one); null when it can. https is required except on loopback; a user name or
 * password in the address is refused (it would travel with every request and land in logs).
 */
export function baseUrlProblem(typed: string): string | null {
  const text = typed.trim();
  if (text === '') return 'Enter the service address, for example https://quotes.example.com.';
  if (!/^[a-z][a-z0-9+.-]*:\/\//i.test(text)) {
    if (/^[a-z][a-z0-9+.-]*:/i.test(text) && !/^[^:/]+:\d/.test(text)) {
      return `"${text}" is not a web address. Enter a full address such as https://quotes.example.com.`;
    }
    return `"${text}" has no https:// in front: add https:// in front, for example https://${text}.`;
  }
  let url: ParsedUrl;
  try {
    url = new URL(text);
  } catch {
    return `"${text}" is not a web address. Enter a full address such as https://quotes.example.com.`;
  }
  if (url.username !== '' || url.password !== '') {
    return 'Remove the user name or password from the address: credentials go in the fields below, never in the address.';
  }
  if (url.protocol === 'https:') return null;
  if (url.protocol === 'http:') {
    if (isLoopbackHost(url.hostname)) return null;
    return `Plain http:// is allowed only for a service on this computer. Use https://${url.host}${url.pathname === '/' ? '' : url.pathname} instead.`;
  }
  return `The address must start with https:// (got ${url.protocol}//).`;
}

/** The origin (scheme, host and port) that credentials are bound to. Null for an unparsable URL. */
export function credentialOrigin(baseUrl: string): string | null {
  try {
    return new URL(baseUrl.trim()).origin;
  } catch {
    return null;
  }
}

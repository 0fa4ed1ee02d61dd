// THE rule for a team relay's NATS server address, in one place: the core's relay (and so the
// relay handlers and the `quotedesk relay` / `listen --relay` CLI) and the Team relay form all
// ask this function, so a plain address to another computer is refused before anything is sent.
// Zod-free, so the renderer may import it.
import { isLoopbackHost } from './base-url';

// The WHATWG URL parser (see base-url.ts for why it is declared here).
interface ParsedUrl {
  protocol: string;
  username: string;
  password: string;
  hostname: string;
  host: string;
  pathname: string;
  search: string;
  hash: string;
}
declare const URL: { parse(input: string): ParsedUrl | null };

/** The comma-separated server addresses (several for a cluster), trimmed, empty parts dropped. */
export function relayServerList(text: string): string[] {
  return text
    .split(',')
    .map((part) => part.trim())
    .filter((part) => part !== '');
}

/**
 * What an address holds besides a scheme, a host and a port, in words; null when nothing. The
 * NATS client does not read an address as a URL: it dials whatever follows the last "://", so
 * nats://127.0.0.1/x://elsewhere:4222 (or with "?://" or "#://") passed the loopback check as
 * 127.0.0.1 and connected, in clear text, to elsewhere.
 */
function partBeyondHostAndPort(server: string, url: ParsedUrl): string | null {
  if (server.indexOf('://') !== server.lastIndexOf('://')) return 'a second "://"';
  if (url.pathname !== '' && url.pathname !== '/') return 'a path';
  if (url.search !== '' || server.includes('?')) return 'a query ("?")';
  if (url.hash !== '' || server.includes('#')) return 'a fragment ("#")';
  return null;
}

/**
 * Why a relay server address cannot be used, in words for a person; null when it can. Only
 * nats:// and tls:// are NATS addresses (ws:// and wss:// are its websocket port, which the app
 * does not speak); a user name or password in the address is refused (it would end up in logs);
 * nothing may follow the host and port (the client would dial what follows, not what was
 * checked); and anything but this computer must say tls://, so the password and the quotes
 * travel encrypted.
 */
export function relayServerProblem(text: string): string | null {
  const servers = relayServerList(text);
  if (servers.length === 0) return 'Give the relay’s server, e.g. tls://nats.example.com:4222.';
  for (const server of servers) {
    const url = URL.parse(server);
    const shown = server.replace(/\/\/[^@/]*@/, '//');
    if (url && (url.protocol === 'ws:' || url.protocol === 'wss:')) {
      return `${shown} is a websocket address; give the server’s NATS address instead, e.g. tls://${url.host}:4222.`;
    }
    if (!url || (url.protocol !== 'nats:' && url.protocol !== 'tls:') || url.hostname === '') {
      return `${shown} is not a NATS server URL: use tls://host:port (nats://host:port only for this computer).`;
    }
    if (url.username !== '' || url.password !== '') return 'Remove the user name or password from the server address: give them in their own fields.';
    const beyond = partBeyondHostAndPort(server, url);
    if (beyond) return `${shown} has ${beyond} after the server: give only the scheme, host and port, e.g. ${url.protocol}//${url.host}.`;
    if (url.protocol === 'nats:' && !isLoopbackHost(url.hostname)) {
      return `${shown} is not this computer, so it must use TLS: write tls://${url.host} (a plain nats:// address would send the password unencrypted).`;
    }
  }
  return null;
}

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

/** What follows an address's host and port that must not. */
export type RelayAddressExtra = 'second-scheme' | 'path' | 'query' | 'fragment';

/** Why a relay server address cannot be used (its words: relayServerProblem in i18n/words/relay-url.ts); `server` is the address without credentials. */
export type RelayServerIssue =
  | { kind: 'empty' }
  | { kind: 'websocket'; server: string; suggestion: string }
  | { kind: 'not-nats'; server: string }
  | { kind: 'credentials' }
  | { kind: 'beyond-host'; server: string; extra: RelayAddressExtra; suggestion: string }
  | { kind: 'needs-tls'; server: string; suggestion: string };

/**
 * What an address holds besides a scheme, a host and a port; null when nothing. The NATS
 * client does not read an address as a URL: it dials whatever follows the last "://", so
 * nats://127.0.0.1/x://elsewhere:4222 (or with "?://" or "#://") passed the loopback check as
 * 127.0.0.1 and connected, in clear text, to elsewhere.
 */
function partBeyondHostAndPort(server: string, url: ParsedUrl): RelayAddressExtra | null {
  if (server.indexOf('://') !== server.lastIndexOf('://')) return 'second-scheme';
  if (url.pathname !== '' && url.pathname !== '/') return 'path';
  if (url.search !== '' || server.includes('?')) return 'query';
  if (url.hash !== '' || server.includes('#')) return 'fragment';
  return null;
}

/**
 * Why a relay server address cannot be used; null when it can. Only nats:// and tls:// are
 * NATS addresses (ws:// and wss:// are its websocket port, which the app does not speak); a
 * user name or password in the address is refused (it would end up in logs); nothing may
 * follow the host and port (the client would dial what follows, not what was checked); and
 * anything but this computer must say tls://, so the password and the quotes travel encrypted.
 */
export function relayServerIssue(text: string): RelayServerIssue | null {
  const servers = relayServerList(text);
  if (servers.length === 0) return { kind: 'empty' };
  for (const server of servers) {
    const url = URL.parse(server);
    const shown = server.replace(/\/\/[^@/]*@/, '//');
    if (url && (url.protocol === 'ws:' || url.protocol === 'wss:')) return { kind: 'websocket', server: shown, suggestion: `tls://${url.host}:4222` };
    if (!url || (url.protocol !== 'nats:' && url.protocol !== 'tls:') || url.hostname === '') return { kind: 'not-nats', server: shown };
    if (url.username !== '' || url.password !== '') return { kind: 'credentials' };
    const extra = partBeyondHostAndPort(server, url);
    if (extra) return { kind: 'beyond-host', server: shown, extra, suggestion: `${url.protocol}//${url.host}` };
    if (url.protocol === 'nats:' && !isLoopbackHost(url.hostname)) return { kind: 'needs-tls', server: shown, suggestion: `tls://${url.host}` };
  }
  return null;
}

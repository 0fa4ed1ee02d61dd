// The connection to the team's NATS server: loopback may be plain, anything else must be TLS,
// and credentials (a .creds file, or a user and password) are registered with the logger's
// redactor before they are used, so no log line can carry them.
import { readFile } from 'node:fs/promises';
import { connect, credsAuthenticator } from '@nats-io/transport-node';
import type { NatsConnection, NodeConnectionOptions } from '@nats-io/transport-node';
import { m } from '../../../../i18n/paraglide/messages.js';
import { registerSecret } from '../../log/logger';
import type { Logger } from '../../ports';
import { plainNetworkWords } from '../../../../i18n/words/network-words';
import { relayServerList } from '../../../../preload/contract/plain/relay-url';
import { relayServerProblem } from '../../../../i18n/words/relay-url';
import { errorText } from '../../errors';

export type RelayAuth =
  | { kind: 'none' }
  /** The contents of a NATS .creds file (user JWT and nkey seed). */
  | { kind: 'creds'; creds: string }
  | { kind: 'user'; user: string; password: string };

export interface RelayServer {
  /** nats://host:port or tls://host:port (several, comma-separated, for a cluster). */
  url: string;
  auth: RelayAuth;
  /** A CA certificate (PEM) to trust for the server's TLS certificate, besides the system's. */
  caPem?: string;
}

export class RelayConfigError extends Error {}

/**
 * The server URLs, checked (relayServerProblem: nats:// or tls:// only, nothing after the
 * port, TLS unless this computer), no credentials in them, and rebuilt from the parts that
 * were checked: the NATS client is handed exactly the scheme, host and port judged here.
 */
export function parseServerUrls(text: string): { servers: string[]; tls: boolean } {
  const given = relayServerList(text);
  if (given.length === 0) throw new RelayConfigError(m.main_relay_no_server());
  for (const server of given) {
    const url = URL.parse(server);
    if (url && (url.username !== '' || url.password !== '')) throw new RelayConfigError(m.main_relay_url_has_credentials());
  }
  const problem = relayServerProblem(text);
  if (problem) throw new RelayConfigError(problem);
  const parsed = given.map((server) => URL.parse(server)!);
  return { servers: parsed.map((url) => `${url.protocol}//${url.host}`), tls: parsed.some((url) => url.protocol === 'tls:') };
}

/** Strips whatever could be a credential from a URL before it is shown. */
function safeForMessage(text: string): string {
  return text.replace(/\/\/[^@/]*@/, '//');
}

export async function readCredsFile(path: string): Promise<RelayAuth> {
  let creds: string;
  try {
    creds = await readFile(path, 'utf8');
  } catch (error) {
    throw new RelayConfigError(m.main_relay_creds_unreadable({ path, code: (error as NodeJS.ErrnoException).code ?? String(error) }));
  }
  if (!creds.includes('BEGIN NATS USER JWT') || !creds.includes('BEGIN USER NKEY SEED')) throw new RelayConfigError(m.main_relay_not_creds_file({ path }));
  return { kind: 'creds', creds };
}

export async function readPasswordFile(user: string, path: string): Promise<RelayAuth> {
  let password: string;
  try {
    password = (await readFile(path, 'utf8')).replace(/\r?\n$/, '');
  } catch (error) {
    throw new RelayConfigError(m.main_relay_password_unreadable({ path, code: (error as NodeJS.ErrnoException).code ?? String(error) }));
  }
  if (password === '') throw new RelayConfigError(m.main_relay_password_empty({ path }));
  return { kind: 'user', user, password };
}

/** Connects (reconnecting forever after a first success); `name` shows in the server's connection list. */
export async function connectToRelayServer(server: RelayServer, options: { name: string; logger: Logger; timeoutMs?: number }): Promise<NatsConnection> {
  const { servers, tls } = parseServerUrls(server.url);
  const { auth } = server;
  if (auth.kind === 'user') registerSecret(options.logger, auth.password);
  if (auth.kind === 'creds') registerSecret(options.logger, auth.creds);
  const connection: NodeConnectionOptions = {
    servers,
    name: options.name,
    timeout: options.timeoutMs ?? 5_000,
    maxReconnectAttempts: -1,
    reconnectTimeWait: 1_000,
    // Loopback stays plain (a server on this machine); everything else refuses a server without TLS.
    tls: tls ? (server.caPem ? { ca: server.caPem } : {}) : null,
    // A cluster's servers tell the client of their peers, and it moves to one when its server
    // goes: without TLS that would be any address a loopback server names, sent the password
    // in clear. With TLS every server, named or told, must speak TLS (the option above).
    ignoreClusterUpdates: !tls,
    ...(auth.kind === 'user' ? { user: auth.user, pass: auth.password } : {}),
    ...(auth.kind === 'creds' ? { authenticator: credsAuthenticator(new TextEncoder().encode(auth.creds)) } : {}),
  };
  try {
    return await connect(connection);
  } catch (error) {
    throw new RelayConfigError(m.main_relay_cannot_connect({ servers: servers.map(safeForMessage).join(', '), reason: describeNatsError(error) }));
  }
}

/** A NATS error in plain words (authorization, refused, timeout), never with credentials. */
export function describeNatsError(error: unknown): string {
  const message = errorText(error);
  // The NATS client says "connection refused" in its own words and keeps the socket's error, with its code, as the cause.
  const cause = (error as { cause?: { code?: unknown } } | null)?.cause;
  const code = (error as { code?: string } | null)?.code ?? (typeof cause?.code === 'string' ? cause.code : undefined);
  if (/authorization|authentication/i.test(message)) return m.main_relay_nats_refused_credentials();
  if (code === 'ECONNREFUSED' || /ECONNREFUSED/.test(message)) return m.main_relay_nats_nothing_answers();
  if (/timeout/i.test(message)) return m.main_relay_nats_no_answer();
  if (/tls|certificate|SSL/i.test(message)) return m.main_relay_nats_tls_failed({ detail: plainNetworkWords(message) });
  return plainNetworkWords(message);
}

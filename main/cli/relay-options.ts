// The NATS options `quotedesk relay` and `quotedesk listen --relay` share: the server, the
// credentials (a .creds file, or a user and a password file: never a password on the command
// line, where any local user can read it), a CA to trust, the stream.
import { readFile } from 'node:fs/promises';
import { parseArgs } from 'node:util';
import type { ParseArgsOptionsConfig } from 'node:util';
import { parseServerUrls, readCredsFile, readPasswordFile, RelayConfigError } from '../core/webhooks/relay/connection';
import type { RelayAuth, RelayServer } from '../core/webhooks/relay/connection';
import { DEFAULT_STREAM, streamNameProblem } from '../core/webhooks/relay/stream';
import { m } from '../../i18n/paraglide/messages.js';
import { ltr } from './locale';
import { parseProblem } from './parse-problem';

export class RelayUsageError extends Error {}

/** The options of `quotedesk relay` or `listen --relay`; anything else, a stray argument included, is a usage error in the CLI's language. */
export function parseRelayArgs<T extends ParseArgsOptionsConfig>(args: string[], options: T) {
  let parsed;
  try {
    parsed = parseArgs({ args, options, strict: true, allowPositionals: true });
  } catch (error) {
    throw new RelayUsageError(parseProblem(error));
  }
  if (parsed.positionals.length > 0) throw new RelayUsageError(m.cli_relay_unexpected_argument({ given: ltr(parsed.positionals[0]!) }));
  return parsed.values;
}

export const NATS_ARGS = {
  creds: { type: 'string' },
  user: { type: 'string' },
  'password-file': { type: 'string' },
  ca: { type: 'string' },
  stream: { type: 'string' },
  json: { type: 'boolean' },
  help: { type: 'boolean', short: 'h' },
} as const;

/** The NATS options' lines of the two commands' help, in the CLI's language. */
export function natsHelp(): string {
  return m.cli_nats_help({ stream: DEFAULT_STREAM });
}

export interface NatsValues {
  creds?: string;
  user?: string;
  'password-file'?: string;
  ca?: string;
  stream?: string;
}

/** The server to connect to, credentials read from their files; a problem is a usage error. */
export async function relayServerFrom(url: string | undefined, values: NatsValues, flag: string): Promise<RelayServer> {
  if (url === undefined || url.trim() === '') throw new RelayUsageError(m.cli_nats_server_missing({ option: ltr(flag) }));
  try {
    parseServerUrls(url);
    return { url, auth: await authFrom(values), caPem: values.ca === undefined ? undefined : await readCa(values.ca) };
  } catch (error) {
    if (error instanceof RelayConfigError) throw new RelayUsageError(error.message);
    throw error;
  }
}

async function authFrom(values: NatsValues): Promise<RelayAuth> {
  const passwordFile = values['password-file'];
  if (values.creds !== undefined && (values.user !== undefined || passwordFile !== undefined)) throw new RelayConfigError(m.cli_nats_creds_and_user());
  if (values.creds !== undefined) return readCredsFile(values.creds);
  if (values.user !== undefined && passwordFile === undefined) throw new RelayConfigError(m.cli_nats_user_needs_password_file());
  if (passwordFile !== undefined && values.user === undefined) throw new RelayConfigError(m.cli_nats_password_file_needs_user());
  if (values.user !== undefined && passwordFile !== undefined) return readPasswordFile(values.user, passwordFile);
  return { kind: 'none' };
}

async function readCa(path: string): Promise<string> {
  try {
    return await readFile(path, 'utf8');
  } catch (error) {
    throw new RelayConfigError(m.cli_nats_ca_unreadable({ path: ltr(path), problem: (error as NodeJS.ErrnoException).code ?? String(error) }));
  }
}

export function streamFrom(values: NatsValues): string {
  const stream = values.stream ?? DEFAULT_STREAM;
  const problem = streamNameProblem(stream);
  if (problem) throw new RelayUsageError(`${ltr('--stream')}: ${problem}`);
  return stream;
}

export function portFrom(text: string | undefined): number {
  const port = Number(text ?? '');
  if (text === undefined || !/^\d+$/.test(text) || port > 65535) throw new RelayUsageError(m.cli_port_invalid());
  return port;
}

/** Resolves when SIGINT or SIGTERM arrives (or the given signal aborts). */
export function untilStopped(given: AbortSignal | undefined): Promise<void> {
  return new Promise<void>((resolve) => {
    if (given) {
      if (given.aborted) return resolve();
      given.addEventListener('abort', () => resolve(), { once: true });
      return;
    }
    const stop = () => {
      process.off('SIGINT', stop);
      process.off('SIGTERM', stop);
      resolve();
    };
    process.once('SIGINT', stop);
    process.once('SIGTERM', stop);
  });
}

/** The quote's (or entity's) id of an event, for the one-line outputs. */
export function entityOf(data: Record<string, unknown>): string {
  const id = data.entityId;
  return typeof id === 'string' ? id : '';
}

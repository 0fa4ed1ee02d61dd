// `quotedesk relay`: the webhook receiver of the app, whose store step is the team's
// JetStream stream (main/core/webhooks/relay). Runs until SIGINT or SIGTERM.
import { homedir } from 'node:os';
import { join } from 'node:path';
import { createQuotingClient } from '../core/api';
import type { ClosableQuotingClient } from '../core/api';
import { createJsonLogger, globalRedactor } from '../core/log';
import { createFileSecretStore } from '../core/settings-and-secrets';
import { systemClock } from '../core/ports';
import type { Logger } from '../core/ports';
import { connectToRelayServer, RelayConfigError } from '../core/webhooks/relay/connection';
import { startRelay } from '../core/webhooks/relay/relay';
import type { PublishedEvent } from '../core/webhooks/relay/relay';
import { registerRelay } from '../core/webhooks/relay/self-registration';
import { DEFAULT_RETENTION_DAYS } from '../core/webhooks/relay/stream';
import type { ReceiverRoutes } from '../core/webhooks/receiver';
import { registerSecret } from '../core/log/logger';
import { credentialsFrom, requireBaseUrl, UsageError } from './options';
import type { CliValues } from './options';
import { relayHelp } from './relay-help';
import { readWebhookSecret, SECRET_ENV } from './webhook-secret';
import { terminalText } from './terminal-text';
import { entityOf, NATS_ARGS, parseRelayArgs, portFrom, relayServerFrom, RelayUsageError, streamFrom, untilStopped } from './relay-options';
import { errorText } from '../core/errors';
import { m } from '../../i18n/paraglide/messages.js';
import { ltr } from './locale';

export interface RelayIo {
  stdout: { write(text: string): unknown };
  stderr: { write(text: string): unknown };
  env: Record<string, string | undefined>;
  /** Stops the relay; without one, SIGINT and SIGTERM stop it. */
  signal?: AbortSignal;
}

const ARGS = {
  ...NATS_ARGS,
  port: { type: 'string' },
  nats: { type: 'string' },
  retention: { type: 'string' },
  replicas: { type: 'string' },
  secret: { type: 'string' },
  'secret-file': { type: 'string' },
  account: { type: 'string' },
  'public-url': { type: 'string' },
  replace: { type: 'boolean' },
  'state-dir': { type: 'string' },
  'base-url': { type: 'string' },
  'api-key': { type: 'string' },
  'client-id': { type: 'string' },
  'client-secret': { type: 'string' },
} as const;

type RelayValues = ReturnType<typeof parseRelayArgs<typeof ARGS>>;

/** Runs `quotedesk relay` with the arguments after `relay`; resolves to the exit code. Never throws. */
export async function runRelayCommand(args: string[], io: RelayIo): Promise<number> {
  let values: RelayValues;
  try {
    values = parseRelayArgs(args, ARGS);
  } catch (error) {
    io.stderr.write(`${(error as Error).message}\n\n${m.cli_relay_help_hint()}\n`);
    return 2;
  }
  if (values.help) {
    io.stdout.write(relayHelp());
    return 0;
  }
  const json = values.json === true;
  // Warnings and errors on stderr as JSON lines (journald keeps them), every secret masked.
  const logger = createJsonLogger({ sink: io.stderr, level: 'warn', base: { component: 'relay' } });
  let client: ClosableQuotingClient | null = null;
  let nc: Awaited<ReturnType<typeof connectToRelayServer>> | null = null;
  try {
    const port = portFrom(values.port);
    const stream = streamFrom(values);
    const retentionDays = count('--retention', values.retention, DEFAULT_RETENTION_DAYS, 3650);
    const replicas = count('--replicas', values.replicas, 1, 5);
    const server = await relayServerFrom(values.nats ?? io.env.QUOTEDESK_NATS_URL, values, '--nats');
    const door = doorFrom(values, io.env);
    if (door.kind === 'secret') {
      registerSecret(logger, door.secret);
      if (door.warning !== null) io.stderr.write(`quotedesk relay: ${door.warning}\n`);
    }
    nc = await connectToRelayServer(server, { name: 'quotedesk-relay', logger });
    let routes: ReceiverRoutes;
    let registeredUrl: string | null = null;
    let watchRegistration: (() => Promise<string | null>) | null = null;
    if (door.kind === 'secret') {
      const secret = door.secret;
      // Whatever path the proxy forwards: the secret is what guards the door.
      routes = { byPath: () => ({ accountId: 'relay', secrets: () => ({ current: secret, previous: null }) }) };
    } else {
      client = createQuotingClient({ baseUrl: door.baseUrl, credentials: door.credentials, clock: systemClock, logger, userAgent: 'quotedesk-relay' });
      const secrets = createFileSecretStore({ path: join(door.stateDir, 'secrets.json'), logger });
      const registered = await registerRelay({ account: door.account, publicOrigin: door.publicOrigin, client, secrets, clock: systemClock, logger, replace: values.replace === true });
      if (registered.result.status === 'needs-confirmation') {
        io.stderr.write(`${m.cli_relay_needs_replace({ current: registered.result.currentUrl, url: registered.result.url })}\n`);
        return 1;
      }
      routes = registered.keyring;
      registeredUrl = registered.result.url;
      watchRegistration = registered.check;
    }
    const relay = await startRelay({ nc, stream: { name: stream, retentionDays, replicas }, routes, clock: systemClock, logger, port, onPublished: (published) => io.stdout.write(`${line(published, json)}\n`) });
    const local = `http://127.0.0.1:${relay.port}/`;
    io.stdout.write(
      json
        ? `${JSON.stringify({ listening: local, stream, createdStream: relay.createdStream, registeredUrl })}\n`
        : `${m.cli_relay_listening({ address: local, stream })}${relay.createdStream ? m.cli_relay_listening_created() : ''}${registeredUrl ? m.cli_relay_listening_registered({ url: registeredUrl }) : ''}\n`,
    );
    // Another installation can take the key's registration over at any time: look now and then, and say so.
    const checks = watchRegistration === null ? null : setInterval(() => void checkRegistration(watchRegistration!, logger, io), REGISTRATION_CHECK_MS);
    await untilStopped(io.signal);
    if (checks) clearInterval(checks);
    await relay.close();
    return 0;
  } catch (error) {
    if (error instanceof RelayUsageError || error instanceof UsageError) {
      io.stderr.write(`${error.message}\n\n${m.cli_relay_help_hint()}\n`);
      return 2;
    }
    io.stderr.write(`${m.cli_relay_stopped({ problem: error instanceof RelayConfigError ? error.message : describe(error, logger) })}\n`);
    return 1;
  } finally {
    await nc?.drain().catch(() => undefined);
    await client?.close();
  }
}

const REGISTRATION_CHECK_MS = 15 * 60_000;

async function checkRegistration(check: () => Promise<string | null>, logger: Logger, io: RelayIo): Promise<void> {
  let problem: string | null;
  let said: string;
  try {
    problem = await check();
    said = problem ?? '';
  } catch (error) {
    // The log keeps its English; the person reads their language.
    problem = `the registration could not be checked (${errorText(error)})`;
    said = m.cli_relay_check_failed({ problem: errorText(error) });
  }
  if (problem === null) return;
  logger.warn('relay registration problem', { problem });
  io.stderr.write(`quotedesk relay: ${terminalText(globalRedactor.string(said))}\n`);
}


type Door =
  | { kind: 'secret'; secret: string; warning: string | null }
  | { kind: 'register'; account: string; publicOrigin: string; stateDir: string; baseUrl: string; credentials: ReturnType<typeof credentialsFrom> };

function doorFrom(values: RelayValues, env: RelayIo['env']): Door {
  if (values.account === undefined) {
    const given = readWebhookSecret(values, env);
    if (given === null) throw new RelayUsageError(m.cli_relay_secret_missing({ variable: SECRET_ENV }));
    return { kind: 'secret', ...given };
  }
  if (values.secret !== undefined || values['secret-file'] !== undefined) throw new RelayUsageError(m.cli_relay_secret_and_account());
  const publicUrl = values['public-url'];
  if (publicUrl === undefined) throw new RelayUsageError(m.cli_relay_account_needs_public_url());
  const url = URL.parse(publicUrl);
  if (!url || url.protocol !== 'https:' || (url.pathname !== '/' && url.pathname !== '') || url.search !== '' || url.username !== '') throw new RelayUsageError(m.cli_relay_public_url_invalid());
  if (!/^[A-Za-z0-9_.-]{1,64}$/.test(values.account)) throw new RelayUsageError(m.cli_relay_account_name_invalid());
  const stateDir = values['state-dir'] ?? env.STATE_DIRECTORY ?? join(env.XDG_STATE_HOME ?? join(homedir(), '.local', 'state'), 'quotedesk-relay');
  // The key comes as for every other command (options or QUOTEDESK_* variables).
  const keyValues = values as unknown as CliValues;
  return { kind: 'register', account: values.account, publicOrigin: url.origin, stateDir, baseUrl: requireBaseUrl(keyValues, env), credentials: credentialsFrom(keyValues, env) };
}

function count(flag: string, text: string | undefined, fallback: number, max: number): number {
  if (text === undefined) return fallback;
  const value = Number(text);
  if (!/^\d+$/.test(text) || value < 1 || value > max) throw new RelayUsageError(m.cli_relay_count_invalid({ option: ltr(flag), max: ltr(String(max)) }));
  return value;
}

function line(published: PublishedEvent, json: boolean): string {
  const { event } = published;
  if (json) return JSON.stringify({ event: event.event, entityId: entityOf(event.data), stream: published.stream, seq: published.seq, duplicate: published.duplicate, receivedAt: new Date(event.receivedAt).toISOString() });
  return `${terminalText(`${new Date(event.receivedAt).toISOString()}  ${event.event}  ${entityOf(event.data)}`)}  ${published.duplicate ? m.cli_relay_already_in_stream() : `-> ${published.stream} #${ltr(String(published.seq))}`}`;
}

function describe(error: unknown, logger: Logger): string {
  const message = globalRedactor.string(errorText(error));
  logger.error('relay failed', { error: message });
  return message;
}

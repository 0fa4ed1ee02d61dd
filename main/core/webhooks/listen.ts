// `quotedesk listen`: the receiver alone, for developers and support. Same checks as in the
// app (401, 405, 413, dedupe); prints each verified, unique event, optionally relays it.
import { createHash } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { request as httpRequest } from 'node:http';
import { request as httpsRequest } from 'node:https';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { createSilentLogger, registerSecret } from '../log/logger';
import { systemClock } from '../ports';
import { openDurableReceiver } from './durable-receiver';
import type { DurableReceiver } from './durable-receiver';
import type { ReceivedWebhook } from './events';
import type { RawDelivery, ReceiverRoutes } from './receiver';

export interface ListenIo {
  stdout: { write(text: string): unknown };
  stderr: { write(text: string): unknown };
  env: Record<string, string | undefined>;
  /** Stops listening. Without one, SIGINT and SIGTERM stop it. */
  signal?: AbortSignal;
}

export const LISTEN_HELP = `Usage: quotedesk listen --port P --secret S [--json] [--forward-to URL] [--log-dir DIR]

Runs the webhook receiver alone on 127.0.0.1 and prints each verified, unique event.
  --port P          the local port (0 picks a free one)
  --secret S        the webhook signing secret (or set QUOTEDESK_WEBHOOK_SECRET)
  --json            one JSON object per event: {"event", "data", "receivedAt"}
  --forward-to URL  re-post each event's raw body and headers unchanged to URL
                    (https, or http on 127.0.0.1 / localhost / [::1] only)
  --log-dir DIR     keep the event log here, so dedupe survives a restart
                    (default: a temporary folder removed on exit)
Refuses unsigned or wrongly signed deliveries (401), other methods (405) and bodies over
256 KiB (413); a delivery resent by the service is acknowledged and not printed again.
`;

const HOP_BY_HOP = new Set(['host', 'connection', 'keep-alive', 'transfer-encoding', 'upgrade', 'proxy-connection', 'te', 'trailer']);

class UsageError extends Error {}

/** Runs `quotedesk listen` with the arguments after `listen`; resolves to the exit code. Never throws. */
export async function runListen(args: string[], io: ListenIo): Promise<number> {
  let options: ListenOptions;
  try {
    options = parseListenArgs(args, io.env);
  } catch (error) {
    if (!(error instanceof UsageError) && !(error instanceof TypeError)) throw error;
    io.stderr.write(`${error.message}\n\n${LISTEN_HELP}`);
    return 2;
  }
  if (options.help) {
    io.stdout.write(LISTEN_HELP);
    return 0;
  }
  const logger = createSilentLogger();
  registerSecret(logger, options.secret);
  const ownsDir = options.logDir === null;
  const dir = options.logDir ?? (await mkdtemp(join(tmpdir(), 'quotedesk-listen-')));
  const { signal, release } = stopSignal(io.signal);
  let durable: DurableReceiver | null = null;
  try {
    // Whatever path the tunnel forwards to: the secret is what guards the door here, and it
    // scopes dedupe (a log folder shared by listeners of two secrets keeps their events apart).
    const scope = `secret:${createHash('sha256').update(options.secret).digest('hex').slice(0, 16)}`;
    const routes: ReceiverRoutes = { byPath: () => ({ accountId: scope, secrets: () => ({ current: options.secret, previous: null }) }) };
    durable = await openDurableReceiver({
      dir,
      routes,
      clock: systemClock,
      logger,
      port: options.port,
      onListening: (port) => {
        const url = `http://127.0.0.1:${port}/`;
        io.stdout.write(options.json ? `${JSON.stringify({ listening: url })}\n` : `Listening on ${url}\n`);
      },
      // Acknowledged before the last exit but never printed or forwarded: done first, once.
      owns: (event) => event.accountId === scope,
      process: async (event, delivery) => {
        const forwarded = options.forwardTo === null ? null : await forward(options.forwardTo, delivery);
        io.stdout.write(`${options.json ? jsonLine(event, forwarded) : humanLine(event, forwarded)}\n`);
        return forwarded === null ? 'printed' : `printed; forwarded: ${forwarded}`;
      },
    });
    try {
      await durable.start();
    } catch (error) {
      io.stderr.write(`Could not listen on 127.0.0.1:${options.port}: ${(error as Error).message}\n`);
      return 1;
    }
    await new Promise<void>((resolve) => {
      if (signal.aborted) resolve();
      else signal.addEventListener('abort', () => resolve(), { once: true });
    });
    await durable.close();
    return 0;
  } catch (error) {
    io.stderr.write(`quotedesk listen stopped: ${(error as Error).message}\n`);
    return 1;
  } finally {
    release();
    await durable?.close();
    if (ownsDir) await rm(dir, { recursive: true, force: true });
  }
}

interface ListenOptions {
  help: boolean;
  port: number;
  secret: string;
  json: boolean;
  forwardTo: URL | null;
  logDir: string | null;
}

function parseListenArgs(args: string[], env: ListenIo['env']): ListenOptions {
  const { values, positionals } = parseArgs({
    args,
    strict: true,
    allowPositionals: true,
    options: {
      port: { type: 'string' },
      secret: { type: 'string' },
      json: { type: 'boolean' },
      'forward-to': { type: 'string' },
      'log-dir': { type: 'string' },
      help: { type: 'boolean', short: 'h' },
    },
  });
  if (values.help) return { help: true, port: 0, secret: '', json: false, forwardTo: null, logDir: null };
  if (positionals.length > 0) throw new UsageError(`Unexpected argument: ${positionals[0]}`);
  const port = Number(values.port ?? '');
  if (values.port === undefined || !/^\d+$/.test(values.port) || port > 65535) throw new UsageError('--port needs a port number from 0 to 65535');
  const secret = values.secret ?? env.QUOTEDESK_WEBHOOK_SECRET ?? '';
  if (secret === '') throw new UsageError('--secret (or QUOTEDESK_WEBHOOK_SECRET) is required: it is the signing secret shown when the webhook was registered');
  return { help: false, port, secret, json: values.json === true, forwardTo: values['forward-to'] === undefined ? null : forwardTarget(values['forward-to']), logDir: values['log-dir'] ?? null };
}

/** Only https, or plain http to this machine: events are never relayed in clear text over a network. */
export function forwardTarget(text: string): URL {
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    throw new UsageError(`--forward-to is not a URL: ${text}`);
  }
  const loopback = ['127.0.0.1', 'localhost', '[::1]'].includes(url.hostname);
  if (url.protocol === 'https:' || (url.protocol === 'http:' && loopback)) return url;
  throw new UsageError('--forward-to must be an https:// URL, or http:// on 127.0.0.1, localhost or [::1]');
}

/** Re-posts the raw body with the headers as received; resolves to the status or the failure, never rejects. */
function forward(target: URL, delivery: RawDelivery): Promise<string> {
  const headers: Record<string, string> = {};
  for (const [name, value] of Object.entries(delivery.headers)) if (!HOP_BY_HOP.has(name)) headers[name] = value;
  headers['content-length'] = String(delivery.body.length);
  const send = target.protocol === 'https:' ? httpsRequest : httpRequest;
  return new Promise((resolve) => {
    const req = send(target, { method: 'POST', headers, timeout: 10_000 }, (res) => {
      res.resume();
      res.on('end', () => resolve(`HTTP ${res.statusCode}`));
      res.on('error', (error) => resolve(`failed (${error.message})`));
    });
    req.on('timeout', () => req.destroy(new Error('no answer within 10 s')));
    req.on('error', (error) => resolve(`failed (${error.message})`));
    req.end(delivery.body);
  });
}

function jsonLine(event: ReceivedWebhook, forwarded: string | null): string {
  return JSON.stringify({ event: event.event, data: event.data, receivedAt: new Date(event.receivedAt).toISOString(), ...(forwarded === null ? {} : { forwarded }) });
}

function humanLine(event: ReceivedWebhook, forwarded: string | null): string {
  const data = event.data;
  const what = [data.entityNumber, data.entityName, data.entityId].find((value) => typeof value === 'string' && value !== '') ?? '';
  const move = typeof data.oldStatus === 'string' || typeof data.newStatus === 'string' ? `  ${String(data.oldStatus ?? '?')} -> ${String(data.newStatus ?? '?')}` : '';
  return `${new Date(event.receivedAt).toISOString()}  ${event.event}  ${String(what)}${move}${forwarded === null ? '' : `  (forwarded: ${forwarded})`}`;
}

function stopSignal(given: AbortSignal | undefined): { signal: AbortSignal; release: () => void } {
  if (given) return { signal: given, release: () => undefined };
  const controller = new AbortController();
  const stop = () => controller.abort();
  process.once('SIGINT', stop);
  process.once('SIGTERM', stop);
  return {
    signal: controller.signal,
    release: () => {
      process.off('SIGINT', stop);
      process.off('SIGTERM', stop);
    },
  };
}

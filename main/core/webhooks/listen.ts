// The receiving half of `quotedesk listen`: a durable receiver on 127.0.0.1 that prints each
// verified, unique event (and every refused request, with its reason), and optionally re-posts
// each event unchanged to another address. The CLI (main/cli/listen) puts a registration
// around it; a relay can put its own source of secrets and output around it.
import { request as httpRequest } from 'node:http';
import { request as httpsRequest } from 'node:https';
import type { Logger } from '../ports';
import { systemClock } from '../ports';
import { openDurableReceiver } from './durable-receiver';
import type { ReceivedWebhook } from './events';
import type { RawDelivery, Refusal } from './receiver';

export interface ListenerOptions {
  /** Whose events these are: the dedupe scope, and which of a shared log's pending events are ours. */
  scope: string;
  /** The secrets a delivery may be signed with now (both null until a registration gave one). */
  secrets(): { current: string | null; previous: string | null };
  /** 0 picks a free port. */
  port: number;
  /** The event log's folder. */
  dir: string;
  json: boolean;
  forwardTo: URL | null;
  out: { write(text: string): unknown };
  logger: Logger;
}

export interface Listener {
  readonly port: number;
  /** Stops receiving once what was received is printed (and forwarded). */
  close(): Promise<void>;
}

const HOP_BY_HOP = new Set(['host', 'connection', 'keep-alive', 'transfer-encoding', 'upgrade', 'proxy-connection', 'te', 'trailer']);

/** Starts receiving; prints the address first, then what the log held unprocessed, then what arrives. */
export async function startListening(options: ListenerOptions): Promise<Listener> {
  const { out, json } = options;
  const durable = await openDurableReceiver({
    dir: options.dir,
    // Whatever path the tunnel forwards to: the secret is what guards the door here.
    routes: { byPath: () => ({ accountId: options.scope, secrets: options.secrets }) },
    clock: systemClock,
    logger: options.logger,
    port: options.port,
    onListening: (port) => {
      const url = `http://127.0.0.1:${port}/`;
      out.write(json ? `${JSON.stringify({ listening: url })}\n` : `Listening on ${url}\n`);
    },
    // Acknowledged before the last exit but never printed or forwarded: done first, once.
    owns: (event) => event.accountId === options.scope,
    onRefused: (refusal) => out.write(`${json ? refusedJson(refusal) : refusedLine(refusal)}\n`),
    process: async (event, delivery) => {
      const forwarded = options.forwardTo === null ? null : await forward(options.forwardTo, delivery);
      out.write(`${json ? jsonLine(event, forwarded) : humanLine(event, forwarded)}\n`);
      return forwarded === null ? 'printed' : `printed; forwarded: ${forwarded}`;
    },
  });
  let port: number;
  try {
    port = await durable.start();
  } catch (error) {
    await durable.close();
    throw error;
  }
  return { port, close: () => durable.close() };
}

/** Only https, or plain http to this machine: events are never relayed in clear text over a network. Throws a plain Error with what to give instead. */
export function forwardTarget(text: string): URL {
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    throw new Error(`--forward-to is not a URL: ${text}`);
  }
  const loopback = ['127.0.0.1', 'localhost', '[::1]'].includes(url.hostname);
  if (url.protocol === 'https:' || (url.protocol === 'http:' && loopback)) return url;
  throw new Error('--forward-to must be an https:// URL, or http:// on 127.0.0.1, localhost or [::1]');
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

function refusedJson(refusal: Refusal): string {
  return JSON.stringify({ refused: refusal.status, reason: refusal.reason, path: refusal.path, receivedAt: new Date(refusal.at).toISOString() });
}

function refusedLine(refusal: Refusal): string {
  return `${new Date(refusal.at).toISOString()}  refused ${refusal.status}  ${refusal.reason}${refusal.path === null ? '' : `  (${refusal.path})`}`;
}

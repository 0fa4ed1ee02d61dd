// The receiving half of `quotedesk listen`: a durable receiver on 127.0.0.1 that tells its
// output of each verified, unique event (and every refused request, with its reason), and
// optionally re-posts each event unchanged to another address. The CLI (main/cli/listen) puts
// a registration and the printed lines around it; a relay can put its own around it.
//
// Forwarding runs beside the receiving, one event at a time in arrival order: a slow or broken
// target never holds back the lines of later events. An event's processed marker waits until
// it was forwarded (a 2xx answer), so what was acknowledged but not yet forwarded stays pending
// in the event log: retried with backoff while running, and again after a restart.
import { request as httpRequest } from 'node:http';
import { request as httpsRequest } from 'node:https';
import type { Logger } from '../ports';
import { systemClock } from '../ports';
import { openDurableReceiver } from './durable-receiver';
import type { ReceivedWebhook } from './events';
import type { RawDelivery, Refusal } from './receiver';
import { saidError } from '../errors';
import { m } from '../../../i18n/paraglide/messages.js';

/** What a listener tells its output; the CLI formats each for a terminal or as JSON. */
export interface ListenerOutput {
  listening(url: string): void;
  event(event: ReceivedWebhook): void;
  refused(refusal: Refusal): void;
  /** One forwarding attempt's end: `retryInMs` null once it is forwarded. */
  forwarded(event: ReceivedWebhook, attempt: ForwardAttempt): void;
}

export interface ForwardAttempt {
  ok: boolean;
  /** "HTTP 204", or "failed (why)". */
  outcome: string;
  /** When the next attempt goes, or null after a 2xx. */
  retryInMs: number | null;
}

export interface ForwardTimings {
  /** The whole of one attempt (connecting, the answer's headers and its body). Default 30 s. */
  attemptMs: number;
  /** The wait after the first failure, doubled after each further one. Default 1 s. */
  firstRetryMs: number;
  /** The longest wait between attempts. Default 60 s. */
  maxRetryMs: number;
}

export const DEFAULT_FORWARD_TIMINGS: ForwardTimings = { attemptMs: 30_000, firstRetryMs: 1_000, maxRetryMs: 60_000 };

export interface ListenerOptions {
  /** Whose events these are: the dedupe scope, and which of a shared log's pending events are ours. */
  scope: string;
  /** The secrets a delivery may be signed with now (both null until a registration gave one). */
  secrets(): { current: string | null; previous: string | null };
  /** 0 picks a free port. */
  port: number;
  /** The event log's folder. */
  dir: string;
  forwardTo: URL | null;
  forwardTimings?: Partial<ForwardTimings>;
  output: ListenerOutput;
  logger: Logger;
}

export interface Listener {
  readonly port: number;
  /** Stops receiving once what was received is told; an event not yet forwarded waits in the log for the next start. */
  close(): Promise<void>;
}

const HOP_BY_HOP = new Set(['host', 'connection', 'keep-alive', 'transfer-encoding', 'upgrade', 'proxy-connection', 'te', 'trailer']);

/** Starts receiving; tells the address first, then what the log held unprocessed, then what arrives. */
export async function startListening(options: ListenerOptions): Promise<Listener> {
  const { output } = options;
  const forwarder = options.forwardTo === null ? null : new Forwarder(options.forwardTo, { ...DEFAULT_FORWARD_TIMINGS, ...definedOnly(options.forwardTimings) }, output);
  const durable = await openDurableReceiver({
    dir: options.dir,
    // Whatever path the tunnel forwards to: the secret is what guards the door here.
    routes: { byPath: () => ({ accountId: options.scope, secrets: options.secrets }) },
    clock: systemClock,
    logger: options.logger,
    port: options.port,
    onListening: (port) => output.listening(`http://127.0.0.1:${port}/`),
    // Acknowledged before the last exit but never told or forwarded: done first, once.
    owns: (event) => event.accountId === options.scope,
    onRefused: (refusal) => output.refused(refusal),
    process: (event, delivery) => {
      output.event(event);
      if (forwarder === null) return 'printed';
      forwarder.add(event, delivery);
      return 'printed; forwarded';
    },
    deferMark: forwarder === null ? undefined : (key, write) => forwarder.markWhenForwarded(key, write),
  });
  let port: number;
  try {
    port = await durable.start();
  } catch (error) {
    forwarder?.close();
    await durable.close();
    throw error;
  }
  return {
    port,
    close: async () => {
      forwarder?.close();
      await durable.close();
    },
  };
}

/** Only https, or plain http to this machine: events are never relayed in clear text over a network. Throws 'invalid-input' saying, in the language of the moment, what to give instead. */
export function forwardTarget(text: string): URL {
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    throw saidError('invalid-input', m.core_webhook_forward_not_url({ given: text }));
  }
  const loopback = ['127.0.0.1', 'localhost', '[::1]'].includes(url.hostname);
  if (url.protocol === 'https:' || (url.protocol === 'http:' && loopback)) return url;
  throw saidError('invalid-input', m.core_webhook_forward_insecure());
}

interface Outgoing {
  event: ReceivedWebhook;
  delivery: RawDelivery;
  /** Writes the event's processed marker; set once the receiver recorded the processing. */
  mark: (() => void) | null;
  forwarded: boolean;
}

/** Forwards events in arrival order, each until a 2xx, its processed marker written only then. */
class Forwarder {
  private readonly queue: Outgoing[] = [];
  private readonly byKey = new Map<string, Outgoing>();
  private readonly stop = new AbortController();
  private running = false;

  constructor(
    private readonly target: URL,
    private readonly timings: ForwardTimings,
    private readonly output: ListenerOutput,
  ) {}

  add(event: ReceivedWebhook, delivery: RawDelivery): void {
    if (this.stop.signal.aborted) return;
    const outgoing: Outgoing = { event, delivery, mark: null, forwarded: false };
    this.queue.push(outgoing);
    this.byKey.set(event.key, outgoing);
    if (!this.running) void this.run();
  }

  /** The receiver's marker for `key`: written now when the event was forwarded (or is not ours to forward), else once it is. */
  markWhenForwarded(key: string, write: () => void): void {
    const outgoing = this.byKey.get(key);
    if (outgoing === undefined || outgoing.forwarded) {
      this.byKey.delete(key);
      write();
    } else if (!this.stop.signal.aborted) {
      outgoing.mark = write;
    }
  }

  /** Stops at once: what was not forwarded keeps no marker, so the next start forwards it. */
  close(): void {
    this.stop.abort();
  }

  private async run(): Promise<void> {
    this.running = true;
    try {
      for (let failures = 0; this.queue.length > 0 && !this.stop.signal.aborted; ) {
        const outgoing = this.queue[0]!;
        const outcome = await send(this.target, outgoing.delivery, this.timings.attemptMs, this.stop.signal);
        if (this.stop.signal.aborted) return;
        if (outcome.ok) {
          failures = 0;
          this.queue.shift();
          outgoing.forwarded = true;
          this.output.forwarded(outgoing.event, { ok: true, outcome: outcome.text, retryInMs: null });
          if (outgoing.mark !== null) {
            this.byKey.delete(outgoing.event.key);
            outgoing.mark();
          }
          continue;
        }
        const wait = Math.min(this.timings.firstRetryMs * 2 ** failures, this.timings.maxRetryMs);
        failures += 1;
        this.output.forwarded(outgoing.event, { ok: false, outcome: outcome.text, retryInMs: wait });
        await sleep(wait, this.stop.signal);
      }
    } finally {
      this.running = false;
    }
  }
}

/**
 * Re-posts the raw body with the headers as received; resolves with the answer or the failure,
 * never rejects. The whole attempt has one deadline: a target that sends its answer a byte at a
 * time cannot hold the queue longer than `attemptMs`.
 */
function send(target: URL, delivery: RawDelivery, attemptMs: number, stop: AbortSignal): Promise<{ ok: boolean; text: string }> {
  const headers: Record<string, string> = {};
  for (const [name, value] of Object.entries(delivery.headers)) if (!HOP_BY_HOP.has(name)) headers[name] = value;
  headers['content-length'] = String(delivery.body.length);
  const request = target.protocol === 'https:' ? httpsRequest : httpRequest;
  const deadline = AbortSignal.timeout(attemptMs);
  return new Promise((resolve) => {
    let settled = false;
    const settle = (ok: boolean, text: string) => {
      if (settled) return;
      settled = true;
      resolve({ ok, text });
    };
    const failed = (error: Error) => settle(false, `failed (${deadline.aborted ? `no complete answer within ${formatSeconds(attemptMs)}` : error.message})`);
    const req = request(target, { method: 'POST', headers, signal: AbortSignal.any([deadline, stop]) }, (res) => {
      res.resume();
      res.on('end', () => {
        const status = res.statusCode ?? 0;
        settle(status >= 200 && status < 300, `HTTP ${status}`);
      });
      res.on('error', failed);
      res.on('close', () => failed(new Error('the connection closed before the answer ended')));
    });
    req.on('error', failed);
    req.end(delivery.body);
  });
}

function formatSeconds(ms: number): string {
  return ms % 1000 === 0 ? `${ms / 1000} s` : `${ms} ms`;
}

function sleep(ms: number, stop: AbortSignal): Promise<void> {
  return new Promise((resolve) => {
    if (stop.aborted) return resolve();
    const done = () => {
      clearTimeout(timer);
      stop.removeEventListener('abort', done);
      resolve();
    };
    const timer = setTimeout(done, ms);
    stop.addEventListener('abort', done, { once: true });
  });
}

/** The given timings without those left undefined (they keep their defaults). */
function definedOnly<T extends object>(values: Partial<T> | undefined): Partial<T> {
  return Object.fromEntries(Object.entries(values ?? {}).filter(([, value]) => value !== undefined)) as Partial<T>;
}

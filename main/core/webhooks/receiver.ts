// The local webhook receiver: loopback only, signed, bounded, durable before acknowledged.
import { createServer } from 'node:http';
import type { IncomingMessage, Server, ServerResponse } from 'node:http';
import type { AddressInfo, Socket } from 'node:net';
import type { Duplex } from 'node:stream';
import { WEBHOOK_HEADERS } from '../../../preload/contract';
import type { Clock, Logger } from '../ports';
import { deliveryKey } from './event-log';
import type { EventLog, LoggedEvent } from './event-log';
import type { ReceivedWebhook } from './events';
import type { InspectedDelivery } from './inspector';
import { WebhookInspector } from './inspector';
import { verifySignature } from './signature';
import { errorText } from '../errors';

/** One account's door: which account a path belongs to and the secrets it accepts now. */
export interface ReceiverRoute {
  accountId: string;
  secrets(): { current: string | null; previous: string | null };
}

export interface ReceiverRoutes {
  /** The route a request path belongs to, or null (404). */
  byPath(pathname: string): ReceiverRoute | null;
}

/** A request the receiver answered with an error, and why. */
export interface Refusal {
  status: number;
  /** In words: "invalid signature (mismatch)", "body over 262144 bytes", "GET: only POST is accepted". */
  reason: string;
  /** The request's path, when its request line was read. */
  path: string | null;
  at: number;
}

/** The delivery as it arrived (headers as received, lower-cased; the raw body), for relays. */
export interface RawDelivery {
  headers: Record<string, string>;
  body: Buffer;
}

/** Called once per new event, after it was acknowledged; returns what it caused, for the inspector. */
export type ProcessWebhook = (event: ReceivedWebhook, delivery: RawDelivery) => Promise<string | null | void> | string | null | void;

export interface ReceiverLimits {
  /** Largest accepted body. Default 256 KiB. */
  bodyBytes: number;
  /** Time to receive a request's headers. Default 10 s. */
  headersMs: number;
  /** Time to receive a whole request. Default 15 s (the service gives up on an attempt after 10). */
  requestMs: number;
  /** How long an idle kept-alive connection stays open. Default 5 s. */
  keepAliveMs: number;
  /** How long a socket answered 413, 408 or 400 may keep sending before it is cut. Default 1 s. */
  lingerMs: number;
}

/** The receiver's store step: the app's EventLog, or another durable store (the relay's JetStream). */
export type ReceiverLog = Pick<EventLog, 'lookup' | 'appendThen' | 'markProcessedThen'>;

export const DEFAULT_RECEIVER_LIMITS: ReceiverLimits = { bodyBytes: 256 * 1024, headersMs: 10_000, requestMs: 15_000, keepAliveMs: 5_000, lingerMs: 1_000 };

export interface ReceiverOptions {
  routes: ReceiverRoutes;
  log: ReceiverLog;
  process: ProcessWebhook;
  clock: Clock;
  logger: Logger;
  inspector?: WebhookInspector;
  /** Events logged but not processed before the last exit (EventLog.open's `pending`): processed once start() listens, before anything new. */
  pending?: LoggedEvent[];
  /** Told when an event's processing is over and recorded (the inspector's `caused` is filled in). */
  onProcessed?: (event: ReceivedWebhook, caused: string | null) => void;
  /** 0 (the default) picks a free port. */
  port?: number;
  /** Told of every request answered with an error (what someone setting up a tunnel needs to see). */
  onRefused?: (refusal: Refusal) => void;
  /** Told once listening, before the pending events are processed (a CLI prints its address first). */
  onListening?: (port: number) => void;
  limits?: Partial<ReceiverLimits>;
}

export interface WebhookReceiver {
  readonly inspector: WebhookInspector;
  /** Listens on 127.0.0.1 (on `port`, default the options' port); resolves with the port. A failure can be tried again. */
  start(port?: number): Promise<number>;
  /** Listens on another port instead (0: any free one), once that one is open; resolves with it. */
  moveTo(port: number): Promise<number>;
  /** `http://127.0.0.1:<port>`, once started. */
  readonly origin: string;
  /** Sends an inspected, verified delivery through processing again (marked as a replay). */
  replay(id: number): Promise<string | null>;
  /** Resolves when every event received so far has been processed. */
  idle(): Promise<void>;
  close(): Promise<void>;
}

const STRIPPED_HEADERS = new Set(['authorization', 'cookie', 'proxy-authorization']);

/** One event waiting for processing (replays carry a settle for the caller's answer). */
interface Job {
  event: ReceivedWebhook;
  delivery: RawDelivery;
  markDone: boolean;
  settle?: (caused: string | null) => void;
}

export function createWebhookReceiver(options: ReceiverOptions): WebhookReceiver {
  const limits = { ...DEFAULT_RECEIVER_LIMITS, ...options.limits };
  const inspector = options.inspector ?? new WebhookInspector();
  const { log, clock, logger } = options;
  let origin = '';
  let closed = false;

  // Processing runs one event at a time, in arrival order, after the answer: a plain queue
  // and one drain loop (a promise chain per event cost more than the rest of the handler).
  const jobs: Job[] = [];
  let draining = false;
  let idleWaiters: Array<() => void> = [];

  function enqueueProcessing(job: Job): void {
    jobs.push(job);
    if (draining) return;
    draining = true;
    // A microtask: the answers of a whole group commit go out before any of them is processed.
    queueMicrotask(() => void drain());
  }

  async function drain(): Promise<void> {
    for (let job = jobs.shift(); job !== undefined; job = jobs.shift()) {
      const { event } = job;
      let caused: string | null;
      try {
        const result = options.process(event, job.delivery);
        // A synchronous processor is not made to wait a turn per event.
        caused = (isPromiseLike(result) ? await result : result) ?? null;
      } catch (error) {
        caused = `processing failed: ${errorText(error)}`;
        logger.error('webhook processing failed', { accountId: event.accountId, event: event.event, error: caused });
      }
      if (job.markDone) recordProcessed(event, caused);
      job.settle?.(caused);
    }
    draining = false;
    const waiters = idleWaiters;
    idleWaiters = [];
    for (const waiter of waiters) waiter();
  }

  function recordProcessed(event: ReceivedWebhook, caused: string | null): void {
    // Not awaited: the next event need not wait for this record, and records batch together.
    const told = options.onProcessed;
    log.markProcessedThen(event.key, caused, told && (() => told(event, caused)));
    try {
      inspector.setCaused(event.accountId, event.key, caused);
    } catch (error) {
      // An inspector listener failed: the queue goes on.
      logger.error('webhook inspector listener failed', { error: errorText(error) });
    }
  }

  function handle(req: IncomingMessage, res: ServerResponse): void {
    const pathname = safePathname(req.url);
    const route = pathname === null ? null : options.routes.byPath(pathname);
    if (!route) return refuse(req, res, 404, 'no receiver at this path', { error: 'not found' });
    if (req.method !== 'POST') return refuse(req, res, 405, `${req.method ?? '?'}: only POST is accepted`, { error: 'only POST is accepted' }, { allow: 'POST' });
    const declared = Number(req.headers['content-length']);
    if (Number.isFinite(declared) && declared > limits.bodyBytes) return tooLarge(req, res);
    readCapped(req, limits.bodyBytes, (raw) => {
      if (raw === null) return tooLarge(req, res);
      try {
        received(req, res, route, raw);
      } catch (error) {
        failed(res, error);
      }
    });
  }

  function received(req: IncomingMessage, res: ServerResponse, route: ReceiverRoute, raw: Buffer): void {
    const receivedAt = clock.now();
    const headers = flattenHeaders(req);
    const signature = verifySignature(raw, req.headers[WEBHOOK_HEADERS.signature], route.secrets());
    const { accountId } = route;
    if (!signature.ok) {
      inspector.record({ accountId, receivedAt, headers, signature, key: null, caused: null, event: headers[WEBHOOK_HEADERS.event] ?? null, body: null, dedupe: null, status: 401 });
      logger.warn('webhook signature refused', { accountId, reason: signature.reason });
      return refuse(req, res, 401, `invalid signature (${signature.reason})`, { error: 'invalid signature' });
    }
    const envelope = parseEnvelope(raw);
    if (!envelope) {
      inspector.record({ accountId, receivedAt, headers, signature, key: null, caused: null, event: headers[WEBHOOK_HEADERS.event] ?? null, body: raw, dedupe: null, status: 400 });
      return refuse(req, res, 400, 'the body is not a webhook envelope', { error: 'the body is not a webhook envelope' });
    }
    // Per account: the same body delivered to two accounts is processed once for each.
    const key = deliveryKey(accountId, raw);
    const event = envelope.event;
    const earlier = log.lookup(key);
    if (earlier) {
      earlier.then(
        () => {
          answer(res, 200, { received: true, duplicate: true });
          inspect({ accountId, receivedAt, headers, signature, key, caused: null, event, body: raw, dedupe: 'duplicate', status: 200 });
        },
        () => refuse(req, res, 503, 'the event log could not store it', { error: 'could not store the event; retry' }),
      );
      return;
    }
    log.appendThen({ key, accountId, receivedAt, event, headers, body: raw }, (error) => {
      if (error !== null) return refuse(req, res, 503, 'the event log could not store it', { error: 'could not store the event; retry' });
      // On disk: the answer and the processing no longer depend on anything else going right.
      // Any 2xx is success to the sender (spec, "Webhooks"): an empty 200 costs both ends least
      // (status 200 by default; end() with no body and no headers sent yet says content-length 0).
      res.end();
      enqueueProcessing({ event: { accountId, key, event, data: envelope.data, receivedAt, replay: false }, delivery: { headers, body: raw }, markDone: true });
      inspect({ accountId, receivedAt, headers, signature, key, caused: null, event, body: raw, dedupe: 'new', status: 200 });
    });
  }

  /** Records a delivery after its answer; a failing inspector listener is logged, never thrown into the log's write loop. */
  function inspect(entry: Omit<InspectedDelivery, 'id'>): void {
    try {
      inspector.record(entry);
    } catch (error) {
      logger.error('webhook inspector listener failed', { error: errorText(error) });
    }
  }

  function failed(res: ServerResponse, error: unknown): void {
    logger.error('webhook receiver failed on a request', { error: errorText(error) });
    if (!res.headersSent && !res.destroyed) answer(res, 500, { error: 'internal error' });
  }

  function refuse(req: IncomingMessage, res: ServerResponse, status: number, reason: string, body: unknown, headers?: Record<string, string>): void {
    answer(res, status, body, headers);
    tellRefused(status, reason, safePathname(req.url));
  }

  function tellRefused(status: number, reason: string, path: string | null): void {
    const told = options.onRefused;
    if (!told) return;
    try {
      told({ status, reason, path, at: clock.now() });
    } catch (error) {
      logger.error('webhook refusal listener failed', { error: errorText(error) });
    }
  }

  /** A lingering close: FIN, discard what still arrives, cut after a bounded time. */
  function tooLarge(req: IncomingMessage, res: ServerResponse): void {
    tellRefused(413, `body over ${limits.bodyBytes} bytes`, safePathname(req.url));
    res.once('finish', () => {
      const socket = req.socket;
      socket.end();
      req.resume();
      setTimeout(() => socket.destroy(), limits.lingerMs).unref();
    });
    answer(res, 413, { error: `the body exceeds ${limits.bodyBytes} bytes` }, { connection: 'close' });
  }

  /** One listening socket's server; a move to another port makes a new one beside it. */
  function createListener(): Server {
    const server = createServer(
      {
        headersTimeout: limits.headersMs,
        requestTimeout: limits.requestMs,
        keepAliveTimeout: limits.keepAliveMs,
        // Node checks the two request timeouts on this interval (30 s by default, longer than the limits).
        connectionsCheckingInterval: Math.max(10, Math.min(1_000, Math.floor(limits.headersMs / 4))),
        maxHeaderSize: 16 * 1024,
      },
      (req, res) => {
        try {
          handle(req, res);
        } catch (error) {
          failed(res, error);
        }
      },
    );
    // A socket that sends nothing at all is not covered by headersTimeout: inactivity cuts it.
    // Set per connection, not as server.timeout: Node re-arms server.timeout (a new timer) at
    // every request on a kept-alive socket, where the header and request timeouts already apply
    // and the keep-alive timeout covers the wait between requests.
    server.on('connection', (socket: Socket) => socket.setTimeout(limits.headersMs));
    server.on('clientError', (error: Error & { code?: string }, socket: Duplex) => {
      if (!socket.writable || error.code === 'ECONNRESET') return void socket.destroy();
      const status = error.code === 'ERR_HTTP_REQUEST_TIMEOUT' ? '408 Request Timeout' : error.code === 'HPE_HEADER_OVERFLOW' ? '431 Request Header Fields Too Large' : '400 Bad Request';
      tellRefused(Number(status.slice(0, 3)), status === '408 Request Timeout' ? 'the request was not sent in time' : status === '400 Bad Request' ? 'not an HTTP request' : 'headers too large', null);
      socket.end(`HTTP/1.1 ${status}\r\ncontent-length: 0\r\nconnection: close\r\n\r\n`);
      // end() only half-closes: a peer that keeps its side open and goes on dribbling (headers
      // past headersMs, a body past requestMs) would hold the socket for as long as it likes.
      // A lingering close: the answer goes out, then the socket is cut after a bounded time.
      setTimeout(() => socket.destroy(), limits.lingerMs).unref();
    });
    return server;
  }

  function listen(server: Server, port: number): Promise<number> {
    return new Promise<number>((resolve, reject) => {
      server.once('error', reject);
      server.listen(port, '127.0.0.1', () => {
        server.off('error', reject);
        resolve((server.address() as AddressInfo).port);
      });
    });
  }

  function closeListener(server: Server): Promise<void> {
    return new Promise<void>((resolve) => {
      server.close(() => resolve());
      server.closeAllConnections();
    });
  }

  let server: Server = createListener();
  let listening = false;

  /** Once listening: what the log holds acknowledged but unprocessed goes first, in arrival order. */
  function resumePending(): void {
    for (const event of options.pending ?? []) {
      const envelope = parseEnvelope(event.body);
      if (envelope) enqueueProcessing({ event: { accountId: event.accountId, key: event.key, event: envelope.event, data: envelope.data, receivedAt: event.receivedAt, replay: false }, delivery: { headers: event.headers, body: event.body }, markDone: true });
      // Logged by a version that kept other bodies: marked, so it is not handed back at every start.
      else log.markProcessedThen(event.key, 'ignored: not a webhook envelope');
    }
  }

  return {
    inspector,
    get origin() {
      return origin;
    },
    async start(port = options.port ?? 0) {
      // A failed listen leaves the server able to try again (another port).
      const bound = await listen(server, port);
      listening = true;
      origin = `http://127.0.0.1:${bound}`;
      options.onListening?.(bound);
      resumePending();
      return bound;
    },
    async moveTo(port: number) {
      if (!listening) throw new Error('The receiver is not listening');
      const next = createListener();
      const bound = await listen(next, port);
      const previous = server;
      server = next;
      origin = `http://127.0.0.1:${bound}`;
      // Deliveries under way on the old port finish: their answers depend only on the log.
      previous.close();
      previous.closeIdleConnections();
      return bound;
    },
    async replay(id: number) {
      const delivery: InspectedDelivery | null = inspector.get(id);
      if (!delivery || !delivery.signature.ok || delivery.body === null || delivery.key === null) throw new Error('Only a verified delivery can be replayed');
      const envelope = parseEnvelope(delivery.body);
      if (!envelope) throw new Error('Only a verified delivery can be replayed');
      const event: ReceivedWebhook = { accountId: delivery.accountId, key: delivery.key, event: envelope.event, data: envelope.data, receivedAt: clock.now(), replay: true };
      const raw: RawDelivery = { headers: delivery.headers, body: delivery.body };
      return new Promise<string | null>((settle) => enqueueProcessing({ event, delivery: raw, markDone: false, settle }));
    },
    idle: () => (draining ? new Promise<void>((resolve) => idleWaiters.push(resolve)) : Promise.resolve()),
    close: async () => {
      if (closed) return;
      closed = true;
      await closeListener(server);
      await new Promise<void>((resolve) => (draining ? idleWaiters.push(resolve) : resolve()));
    },
  };
}

function answer(res: ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}): void {
  if (res.headersSent || res.destroyed) return;
  const text = JSON.stringify(body);
  res.writeHead(status, { 'content-type': 'application/json; charset=utf-8', 'content-length': String(Buffer.byteLength(text)), ...headers });
  res.end(text);
}

function isPromiseLike<T>(value: PromiseLike<T> | T): value is PromiseLike<T> {
  return typeof (value as PromiseLike<T> | null)?.then === 'function';
}

/** Reads the body, or stops at the limit (null). An aborted request never calls back. */
function readCapped(req: IncomingMessage, limit: number, done: (raw: Buffer | null) => void): void {
  const chunks: Buffer[] = [];
  let size = 0;
  const onData = (chunk: Buffer) => {
    size += chunk.length;
    if (size > limit) {
      req.off('data', onData);
      req.pause();
      done(null);
      return;
    }
    chunks.push(chunk);
  };
  req.on('data', onData);
  req.on('end', () => {
    if (size > limit) return;
    // A webhook's body nearly always arrives in one chunk, which is the stream's to give away:
    // kept as it is rather than copied.
    done(chunks.length === 1 ? chunks[0]! : Buffer.concat(chunks, size));
  });
}

/** The envelope, loosely: unknown event types and extra fields are kept as they are. */
export function parseEnvelope(raw: Buffer): { event: string; data: Record<string, unknown> } | null {
  let value: unknown;
  try {
    value = JSON.parse(raw.toString('utf8'));
  } catch {
    return null;
  }
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return null;
  const { event, data } = value as Record<string, unknown>;
  if (typeof event !== 'string' || event.length === 0) return null;
  if (typeof data !== 'object' || data === null || Array.isArray(data)) return null;
  return { event, data: data as Record<string, unknown> };
}

function flattenHeaders(req: IncomingMessage): Record<string, string> {
  const headers: Record<string, string> = {};
  const given = req.headers;
  for (const name in given) {
    const value = given[name];
    if (value === undefined || STRIPPED_HEADERS.has(name)) continue;
    headers[name] = Array.isArray(value) ? value.join(', ') : value;
  }
  return headers;
}

/** The path without the query; only origin-form targets ('/...') are routed. */
function safePathname(target: string | undefined): string | null {
  if (target === undefined || !target.startsWith('/')) return null;
  const query = target.indexOf('?');
  return query < 0 ? target : target.slice(0, query);
}

import type { Dispatcher } from 'undici';
import type { Clock } from '../ports';
import { ApiError, errorForStatus, NetworkError, TimeoutError } from './errors';
import type { CallKind } from './errors';
import { parseRetryAfter } from './retry';
import { m } from '../../../i18n/paraglide/messages.js';

export interface Timeouts {
  /** Establishing the TCP/TLS connection. */
  connectMs: number;
  /** From sending the request to the response headers. */
  headersMs: number;
  /** Longest silence while the body streams in. */
  bodyMs: number;
  /** Longest the whole body may take once the headers are in, however steadily it trickles. */
  bodyTotalMs: number;
}
export const DEFAULT_TIMEOUTS: Timeouts = { connectMs: 10_000, headersMs: 15_000, bodyMs: 30_000, bodyTotalMs: 60_000 };

export type HttpMethod = 'GET' | 'POST' | 'DELETE';

export interface HttpRequest {
  method: HttpMethod;
  path: string;
  kind: CallKind;
  query?: Record<string, string | undefined>;
  /** Serialised as JSON when present. */
  json?: unknown;
  headers?: Record<string, string>;
  signal?: AbortSignal;
}

export interface HttpResponse {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  text: string;
  endpoint: string;
}

export type Transport = (req: HttpRequest) => Promise<HttpResponse>;

// Success bodies are quote lists and details: a few hundred KB at most. Anything far beyond
// is not the service we expect. Error bodies are only kept for their first words.
const SUCCESS_BODY_MAX_BYTES = 16 * 1024 * 1024;
export const ERROR_BODY_MAX_BYTES = 16 * 1024;

export interface TransportOptions {
  baseUrl: string;
  dispatcher: Dispatcher;
  timeouts: Timeouts;
  clock: Clock;
  userAgent?: string;
}

/** One HTTP exchange: a 2xx answer with its text, or a typed error. No retries here. */
export function createTransport(options: TransportOptions): Transport {
  const { dispatcher, timeouts, clock } = options;
  // Requests go to the dispatcher with the origin and path apart: undici's request(url) would
  // parse a URL and copy the options twice on every call. The origin is fixed here, once, so
  // no request can leave the base URL's scheme, host and port whatever its path says.
  const base = new URL(options.baseUrl);
  const origin = base.origin;
  const prefix = base.pathname.replace(/\/+$/, '');
  const defaults: Record<string, string> = { accept: 'application/json', 'user-agent': options.userAgent ?? 'Quotedesk' };
  // The caller passes the same headers object for as long as its credentials last: merged
  // with the defaults once, not on every request.
  let mergedFor: Record<string, string> | undefined;
  let merged = defaults;
  const headersFor = (extra: Record<string, string> | undefined) => {
    if (!extra) return defaults;
    if (extra !== mergedFor) {
      merged = { ...defaults, ...extra };
      mergedFor = extra;
    }
    return merged;
  };

  return async (req) => {
    const endpoint = `${req.method} ${req.path}`;
    let headers = headersFor(req.headers);
    let body: string | undefined;
    if (req.json !== undefined) {
      body = JSON.stringify(req.json);
      headers = { ...headers, 'content-type': 'application/json' };
    }
    // The whole-body limit, started once the headers are in (undici's bodyTimeout only bounds
    // silences). It destroys the body rather than aborting a per-request AbortController: an
    // AbortController, AbortSignal.any and undici's abort listener on every call cost more
    // than the rest of this function (see BENCHMARKS.md).
    let deadline: ReturnType<typeof setTimeout> | undefined;
    let expired = false;
    try {
      const response = await dispatcher.request({
        origin,
        path: prefix + req.path + queryString(req.query),
        method: req.method,
        headers,
        body,
        headersTimeout: timeouts.headersMs,
        bodyTimeout: timeouts.bodyMs,
        signal: req.signal,
      });
      deadline = setTimeout(() => {
        expired = true;
        response.body.destroy(new Error(`the body took longer than ${timeouts.bodyTotalMs} ms`));
      }, timeouts.bodyTotalMs);
      const status = response.statusCode;
      if (status >= 200 && status < 300) {
        return { status, headers: response.headers, text: await readSuccessBody(response, endpoint), endpoint };
      }
      // An oversized success body is an error; an oversized error body is just cut short.
      const text = await readBounded(response.body, ERROR_BODY_MAX_BYTES, endpoint, true);
      throw errorForStatus(status, req.kind, {
        endpoint,
        bodyText: text,
        retryAfterMs: parseRetryAfter(response.headers['retry-after'], clock.now()),
        now: clock.now(),
      });
    } catch (error) {
      // The caller's cancellation wins over a deadline that passed at the same moment.
      throw expired && !req.signal?.aborted ? bodyDeadlinePassed(endpoint, error) : translateFailure(error, endpoint, req.signal);
    } finally {
      clearTimeout(deadline);
    }
  };
}

/** `?name=value&...` of the defined parameters, each encoded; empty without any. */
function queryString(query: Record<string, string | undefined> | undefined): string {
  if (!query) return '';
  let out = '';
  for (const name in query) {
    const value = query[name];
    if (value === undefined) continue;
    out += `${out === '' ? '?' : '&'}${encodeURIComponent(name)}=${encodeURIComponent(value)}`;
  }
  return out;
}

export function bodyDeadlinePassed(endpoint: string, cause: unknown): TimeoutError {
  return new TimeoutError({ endpoint, cause }, m.core_api_body_too_slow(), 'body');
}

/**
 * A success body announced within the limit is read by undici's own text(), which skips
 * the stream machinery (undici fails it if fewer or more bytes come than announced); one
 * without a length, or announced beyond the limit, goes through the bounded reader.
 */
function readSuccessBody(response: Dispatcher.ResponseData, endpoint: string): Promise<string> {
  const announced = Number(response.headers['content-length']);
  if (Number.isInteger(announced) && announced >= 0 && announced < SUCCESS_BODY_MAX_BYTES) return response.body.text();
  return readBounded(response.body, SUCCESS_BODY_MAX_BYTES, endpoint, false);
}

/** What readBounded needs of a response body (undici's is a Readable). */
export interface BodyStream {
  on(event: 'data', listener: (chunk: Buffer) => void): unknown;
  on(event: 'end' | 'close', listener: () => void): unknown;
  on(event: 'error', listener: (error: Error) => void): unknown;
  destroy(error?: Error): unknown;
}

/**
 * Reads at most `maxBytes`: beyond that, a truncated body is cut short and any other is an
 * error. Listens for 'data' rather than iterating with for await: the async iterator costs
 * a promise per chunk and showed up in the client's profile.
 */
export function readBounded(body: BodyStream, maxBytes: number, endpoint: string, truncate: boolean): Promise<string> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    let settled = false;
    const finish = () => {
      if (settled) return;
      settled = true;
      resolve(Buffer.concat(chunks).toString('utf8'));
    };
    const fail = (error: unknown) => {
      if (settled) return;
      settled = true;
      reject(error);
    };
    body.on('data', (chunk: Buffer) => {
      if (settled) return;
      const room = maxBytes - size;
      if (chunk.length >= room) {
        if (truncate) {
          chunks.push(chunk.subarray(0, room));
          finish();
          body.destroy();
          return;
        }
        fail(new NetworkError({ endpoint }, m.core_api_answer_too_large({ megabytes: Math.round(maxBytes / 1024 / 1024) })));
        body.destroy();
        return;
      }
      chunks.push(chunk);
      size += chunk.length;
    });
    body.on('end', finish);
    body.on('error', fail);
    // Destroyed without an error (by us above, or by undici): nothing more will come.
    body.on('close', () => fail(new NetworkError({ endpoint }, m.core_api_broke_mid_answer())));
  });
}

type NetworkReason = NetworkError['reason'];
const TLS_CODE = /^(ERR_TLS|ERR_SSL|CERT_|UNABLE_TO_|DEPTH_ZERO|SELF_SIGNED|ERR_OSSL)/;
const SOCKET_CODE = /^(UND_ERR|ECONN|EHOST|ENET|EADDR|EPROTO)/;
// undici's HTTPParserError has code HPE_* or none at all, so it is known by name.
const PROTOCOL_ERROR_NAME = 'HTTPParserError';

/** Turns undici/socket failures into NetworkError or TimeoutError; typed errors pass through. */
export function translateFailure(error: unknown, endpoint: string, signal?: AbortSignal): unknown {
  if (error instanceof ApiError) return error;
  // The caller cancelled: that is not the service's failure, so the caller's reason goes back.
  if (signal?.aborted) return signal.reason;
  const code = typeof error === 'object' && error !== null ? errorCode(error) : undefined;
  // A garbled answer (bad framing, a body shorter or longer than announced) came from the
  // service, so it is a network failure: reads retry it, and a decision re-reads the quote.
  if (isProtocolError(error) || code?.startsWith('HPE_') || code === 'UND_ERR_RES_CONTENT_LENGTH_MISMATCH') {
    return new NetworkError({ endpoint, cause: error }, m.core_api_garbled(), 'other');
  }
  switch (code) {
    case 'UND_ERR_CONNECT_TIMEOUT':
      return new TimeoutError({ endpoint, cause: error }, m.core_api_connect_timeout(), 'connect');
    case 'UND_ERR_HEADERS_TIMEOUT':
      return new TimeoutError({ endpoint, cause: error }, m.core_api_no_first_byte(), 'headers');
    case 'UND_ERR_BODY_TIMEOUT':
      return new TimeoutError({ endpoint, cause: error }, m.core_api_stalled(), 'body');
    case 'ENOTFOUND':
    case 'EAI_AGAIN':
      return asNetwork(error, endpoint, 'dns');
    case 'ECONNREFUSED':
      return asNetwork(error, endpoint, 'refused');
    case 'ECONNRESET':
    case 'EPIPE':
    case 'UND_ERR_SOCKET':
    case 'UND_ERR_CLOSED':
      return asNetwork(error, endpoint, 'reset');
    case 'ETIMEDOUT':
      return new TimeoutError({ endpoint, cause: error }, m.core_api_connect_timeout(), 'connect');
    default:
      if (code && TLS_CODE.test(code)) return asNetwork(error, endpoint, 'tls');
      if (code && SOCKET_CODE.test(code)) return asNetwork(error, endpoint, 'other');
      // Not a transport failure (a local file error, a bug): let it surface as it is.
      return error;
  }
}

function isProtocolError(error: unknown): boolean {
  if (!(error instanceof Error)) return false;
  return error.name === PROTOCOL_ERROR_NAME || (error.cause instanceof Error && error.cause.name === PROTOCOL_ERROR_NAME);
}

function errorCode(error: object): string | undefined {
  // undici wraps socket errors; the informative code may sit on the cause.
  const own = (error as { code?: unknown }).code;
  const cause = (error as { cause?: { code?: unknown } }).cause;
  if (typeof own === 'string' && own !== 'UND_ERR_SOCKET') return own;
  if (cause && typeof cause.code === 'string') return cause.code;
  return typeof own === 'string' ? own : undefined;
}

// Words are functions, said when the failure happens, so they follow main's (or the CLI's) language.
const NETWORK_SUMMARY: Record<NetworkReason, () => string> = {
  dns: () => m.core_api_dns(),
  refused: () => m.core_api_refused(),
  reset: () => m.core_api_reset(),
  tls: () => m.core_api_tls(),
  other: () => m.core_api_unreachable(),
};

function asNetwork(error: unknown, endpoint: string, reason: NetworkReason): NetworkError {
  return new NetworkError({ endpoint, cause: error }, NETWORK_SUMMARY[reason](), reason);
}

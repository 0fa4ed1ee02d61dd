// Connection limits: idle and slow sockets cannot hold connections, and what Node's HTTP
// layer refuses on its own (unparsable requests, request timeouts) still gets the
// simulator's JSON error body where an answer can be sent.
import type { IncomingMessage, Server, ServerOptions, ServerResponse } from 'node:http';
import type { Duplex } from 'node:stream';

export interface ServerTimeouts {
  /** Time to receive a request's headers; default 10,000. */
  headersMs?: number;
  /** Time to receive a whole request, headers and body; default 30,000. */
  requestMs?: number;
  /** How long an idle kept-alive connection stays open; default 5,000. */
  keepAliveMs?: number;
}

export const DEFAULT_TIMEOUTS: Required<ServerTimeouts> = { headersMs: 10_000, requestMs: 30_000, keepAliveMs: 5_000 };

export function serverOptions(timeouts: ServerTimeouts = {}): ServerOptions {
  const { headersMs, requestMs, keepAliveMs } = { ...DEFAULT_TIMEOUTS, ...timeouts };
  for (const [name, value] of Object.entries({ headersMs, requestMs, keepAliveMs })) {
    if (!Number.isInteger(value) || value < 1) throw new RangeError(`timeouts.${name} must be a positive integer, got ${value}`);
  }
  if (headersMs > requestMs) throw new RangeError(`timeouts.headersMs (${headersMs}) must not exceed timeouts.requestMs (${requestMs})`);
  return {
    headersTimeout: headersMs,
    requestTimeout: requestMs,
    keepAliveTimeout: keepAliveMs,
    // Node checks the two request timeouts on this interval (30 s by default, longer than the limits).
    connectionsCheckingInterval: Math.max(10, Math.min(1_000, Math.floor(headersMs / 4))),
  };
}

/** Answers client errors with JSON where nothing of a response has been sent yet. */
export function answerClientErrors(server: Server): void {
  const inFlight = new WeakMap<Duplex, ServerResponse>();
  server.on('request', (req: IncomingMessage, res: ServerResponse) => {
    inFlight.set(req.socket, res);
    res.once('close', () => {
      if (inFlight.get(req.socket) === res) inFlight.delete(req.socket);
    });
  });
  server.on('clientError', (error: Error & { code?: string }, socket: Duplex) => {
    // Once a response has started, another one would corrupt it: all that is left is to hang up.
    if (!socket.writable || error.code === 'ECONNRESET' || inFlight.get(socket)?.headersSent) {
      socket.destroy();
      return;
    }
    socket.end(rawErrorResponse(error.code));
  });
}

function rawErrorResponse(code: string | undefined): string {
  const [status, reason, errorCode, message] =
    code === 'ERR_HTTP_REQUEST_TIMEOUT'
      ? [408, 'Request Timeout', 'request_timeout', 'The request was not received in time']
      : code === 'HPE_HEADER_OVERFLOW'
        ? [431, 'Request Header Fields Too Large', 'bad_request', 'The request could not be parsed as HTTP']
        : [400, 'Bad Request', 'bad_request', 'The request could not be parsed as HTTP'];
  const body = JSON.stringify({ success: false, error: { code: errorCode, message } });
  return `HTTP/1.1 ${status} ${reason}\r\ncontent-type: application/json; charset=utf-8\r\ncontent-length: ${Buffer.byteLength(body)}\r\nconnection: close\r\n\r\n${body}`;
}

// The request pipeline: operator paths go straight to their router; public paths pass
// through fault injection, then the spec's routes. Nothing a client sends crashes it.
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { SimulatorContext } from '../context';
import type { ActiveFault } from '../faults';
import { violateSchema } from '../faults';
import { ClientGone, lazyJsonBody } from './body';
import type { Reply } from './reply';
import { HttpError, errorReply, replyBytes, writeReply } from './reply';
import type { Router } from './router';

export const OPERATOR_PREFIX = '/__operator';

export function requestHandler(ctx: SimulatorContext, publicRoutes: Router, operatorRoutes: Router) {
  return (req: IncomingMessage, res: ServerResponse): void => {
    handle(ctx, publicRoutes, operatorRoutes, req, res).catch((error: unknown) => {
      if (error instanceof ClientGone) return;
      ctx.log(`simulator: request failed: ${error instanceof Error ? error.message : String(error)}`);
      if (!res.headersSent && !res.destroyed) writeReply(res, errorReply(500, 'internal_error', 'The simulator failed to handle this request'));
    });
  };
}

async function handle(ctx: SimulatorContext, publicRoutes: Router, operatorRoutes: Router, req: IncomingMessage, res: ServerResponse): Promise<void> {
  const method = req.method ?? 'GET';
  const url = parseUrl(req.url);
  if (!url) return writeReply(res, errorReply(400, 'invalid_url', 'The request target is not a valid path'));
  if (url.pathname === OPERATOR_PREFIX || url.pathname.startsWith(`${OPERATOR_PREFIX}/`)) {
    return send(req, res, await route(operatorRoutes, req, method, url));
  }
  ctx.requests.record(req, res, method, url.pathname);
  const { latencyMs, fault } = ctx.faults.decide(method, url.pathname);
  if (latencyMs > 0) await new Promise((resolve) => setTimeout(resolve, latencyMs));
  if (fault && !applyBefore(fault, req, res)) return;
  const reply = await route(publicRoutes, req, method, url);
  if (fault) return applyAfter(fault, reply, req, res);
  send(req, res, reply);
}

/** Each endpoint checks credentials and ids before it reads a body, and only if it takes one. */
async function route(router: Router, req: IncomingMessage, method: string, url: URL): Promise<Reply> {
  try {
    const { handler, params } = router.match(method, url.pathname);
    return await handler({ req, url, params, json: lazyJsonBody(req) });
  } catch (error) {
    if (error instanceof HttpError) return errorReply(error.status, error.code, error.message, error.headers);
    throw error;
  }
}

/** Faults that strike before the request takes effect; false when nothing more is sent. */
function applyBefore(fault: ActiveFault, req: IncomingMessage, res: ServerResponse): boolean {
  switch (fault.kind) {
    case 'reset-before':
      req.socket.destroy();
      return false;
    case 'stall-headers':
      // Never answered; the socket is destroyed when the simulator closes.
      req.resume();
      return false;
    case 'error': {
      req.resume();
      const headers: Record<string, string> = fault.retryAfter === undefined ? {} : { 'retry-after': String(fault.retryAfter) };
      const status = fault.status ?? 503;
      writeReply(res, errorReply(status, status === 429 ? 'rate_limited' : 'injected_fault', faultMessage(status), headers));
      return false;
    }
    default:
      return true;
  }
}

/** Faults that strike after the request took effect: the change stands, the answer is lost or broken. */
function applyAfter(fault: ActiveFault, reply: Reply, req: IncomingMessage, res: ServerResponse): void {
  switch (fault.kind) {
    case 'reset-after':
      req.socket.destroy();
      return;
    case 'malformed-json':
      writeReply(res, reply, Buffer.from(replyBytes(reply).toString('utf8').slice(0, -1) + ',{'));
      return;
    case 'schema-violation':
      writeReply(res, reply.body === undefined ? reply : { ...reply, body: violateSchema(reply.body) });
      return;
    case 'stall-body': {
      const bytes = replyBytes(reply);
      res.writeHead(reply.status, { 'content-type': reply.binary?.contentType ?? 'application/json; charset=utf-8', 'content-length': String(bytes.length + 1) });
      res.write(bytes.subarray(0, Math.floor(bytes.length / 2)));
      return;
    }
    default:
      send(req, res, reply);
  }
}

/** How long a socket answered 413 may keep sending before it is cut. */
const LINGER_AFTER_413_MS = 1000;

/**
 * A 413 ends the connection once sent. Closing a socket whose peer is still sending makes
 * the kernel answer with a reset, which can destroy the 413 before the client reads it
 * (Node 24 closes fast enough for that to happen on loopback). So, like a web server's
 * lingering close: send FIN, discard what still arrives without parsing it, and destroy
 * the socket after a short bounded time.
 */
function send(req: IncomingMessage, res: ServerResponse, reply: Reply): void {
  // A request timeout may already have answered 408 and closed the socket.
  if (res.destroyed || !req.socket.writable) return;
  if (reply.status === 413) {
    res.once('finish', () => {
      const socket = req.socket;
      socket.end();
      req.resume();
      setTimeout(() => socket.destroy(), LINGER_AFTER_413_MS).unref();
    });
  }
  writeReply(res, reply);
}

function faultMessage(status: number): string {
  if (status === 429) return 'Too many requests; retry later';
  return status >= 500 ? 'Service temporarily unavailable' : 'The request was refused';
}

function parseUrl(target: string | undefined): URL | null {
  try {
    return new URL(target ?? '/', 'http://simulator.invalid');
  } catch {
    return null;
  }
}

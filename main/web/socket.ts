import type { IncomingMessage, Server } from 'node:http';
import type { Duplex } from 'node:stream';
import { WebSocketServer } from 'ws';
import type { RawData, WebSocket } from 'ws';
import type { Dispatcher } from '../core/bridge/dispatcher';
import { SUPERSEDED, createLaneGate } from '../core/bridge/lanes';
import type { Result } from '../../preload/contract';
import type { EventHub } from '../core/bridge/events';
import type { Logger } from '../core/ports';
import { TOKEN_REFUSED_CLOSE_CODE, tooLargeMessage } from '../../preload/contract/plain/socket-framing';
import { CallMessage, MAX_FRAME_READ_BYTES, MAX_MESSAGE_BYTES } from './protocol';
import type { EventMessage, ResultMessage } from './protocol';
import { BRIDGE_PATH, BRIDGE_PROTOCOL, offersBridgeProtocol, tokenFromProtocols, tokensMatch } from './security';

export interface BridgeSocketOptions {
  server: Server;
  dispatcher: Dispatcher;
  hub: EventHub;
  logger: Logger;
  token: string;
  /** This host's own `host:port`: the only Host and Origin a page of ours can have. */
  host: () => string;
}

/**
 * The dispatcher over a WebSocket. A connection is refused before the upgrade unless it
 * comes from this host's own origin and presents the launch token, so no other local
 * page or user can drive the app.
 */
export function attachBridgeSocket(options: BridgeSocketOptions): { close(): void } {
  const { dispatcher, hub, logger } = options;
  const sockets = new WebSocketServer({
    noServer: true,
    maxPayload: MAX_FRAME_READ_BYTES,
    handleProtocols: () => BRIDGE_PROTOCOL,
  });

  options.server.on('upgrade', (request: IncomingMessage, socket: Duplex, head: Buffer) => {
    // Node leaves upgrade sockets without an error listener: a peer that resets the
    // connection while we answer would otherwise crash the whole host.
    socket.on('error', () => socket.destroy());
    const refusal = refusalFor(request, options);
    if (refusal?.tokenFromEarlierLaunch) {
      // Our own page with a token this launch did not issue: a browser cannot read a refused
      // upgrade's status, so open and close at once with a code the page reads as "old link".
      // Nothing it sends is ever read.
      logger.warn('bridge connection refused', { reason: refusal.reason, origin: request.headers.origin ?? null });
      sockets.handleUpgrade(request, socket, head, (ws) => ws.close(TOKEN_REFUSED_CLOSE_CODE, 'Token from an earlier launch'));
      return;
    }
    if (refusal) {
      logger.warn('bridge connection refused', { reason: refusal.reason, origin: request.headers.origin ?? null });
      socket.end(`HTTP/1.1 ${refusal.status} ${refusal.status === 401 ? 'Unauthorized' : refusal.status === 404 ? 'Not Found' : 'Forbidden'}\r\nConnection: close\r\nContent-Length: 0\r\n\r\n`);
      return;
    }
    sockets.handleUpgrade(request, socket, head, (ws) => serve(ws));
  });

  const stopEvents = hub.subscribe((event) => {
    const message: EventMessage = { type: 'event', name: event.name, payload: event.payload };
    const text = JSON.stringify(message);
    for (const client of sockets.clients) if (client.readyState === client.OPEN) client.send(text);
  });

  function serve(ws: WebSocket): void {
    const lanes = createLaneGate();
    ws.on('message', (data: RawData, isBinary: boolean) => {
      const bytes = frameBytes(data);
      const call = isBinary ? undefined : parseCall(bytes);
      if (!call) {
        ws.close(1008, 'Malformed message: expected a JSON call');
        return;
      }
      const answer = (result: Result<unknown>) => {
        const message: ResultMessage = { type: 'result', id: call.id, result };
        if (ws.readyState === ws.OPEN) ws.send(JSON.stringify(message));
      };
      if (bytes.length > MAX_MESSAGE_BYTES) {
        // Refused, not run: the page hears why for this call, and its other calls go on.
        logger.warn('bridge call refused: too large', { method: call.method, bytes: bytes.length });
        answer({ ok: false, error: { code: 'invalid-input', message: tooLargeMessage(bytes.length), retryable: false } });
        return;
      }
      if (call.lane === undefined) {
        void dispatcher.dispatch(call.method, call.input).then(answer);
        return;
      }
      // The page waits for a lane's latest call only: a superseded one is neither run nor answered.
      void lanes.run(call.lane, () => dispatcher.dispatch(call.method, call.input)).then((result) => {
        if (result !== SUPERSEDED) answer(result);
      });
    });
    ws.on('error', (error) => logger.warn('bridge socket error', { error: error.message }));
  }

  return {
    close() {
      stopEvents();
      for (const client of sockets.clients) client.terminate();
      sockets.close();
    },
  };
}

interface Refusal {
  status: 401 | 403 | 404;
  reason: string;
  /** Our own page offered a token, just not this launch's one. */
  tokenFromEarlierLaunch?: true;
}

function refusalFor(request: IncomingMessage, options: BridgeSocketOptions): Refusal | null {
  const path = (request.url ?? '').split('?', 1)[0];
  if (path !== BRIDGE_PATH) return { status: 404, reason: 'unknown path' };
  const host = options.host();
  if (request.headers.host !== host) return { status: 403, reason: 'foreign host header' };
  if (request.headers.origin !== `http://${host}`) return { status: 403, reason: 'foreign origin' };
  const protocols = request.headers['sec-websocket-protocol'];
  if (!offersBridgeProtocol(protocols)) return { status: 403, reason: 'bridge protocol not offered' };
  const presented = tokenFromProtocols(protocols);
  if (presented === undefined) return { status: 401, reason: 'missing token' };
  if (!tokensMatch(options.token, presented)) return { status: 401, reason: 'wrong token', tokenFromEarlierLaunch: true };
  return null;
}

function frameBytes(data: RawData): Buffer {
  return Array.isArray(data) ? Buffer.concat(data) : Buffer.isBuffer(data) ? data : Buffer.from(new Uint8Array(data));
}

function parseCall(bytes: Buffer): CallMessage | undefined {
  try {
    const text = bytes.toString('utf8');
    const parsed = CallMessage.safeParse(JSON.parse(text));
    return parsed.success ? parsed.data : undefined;
  } catch {
    return undefined;
  }
}

import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Dispatcher } from '../core/bridge/dispatcher';
import type { EventHub } from '../core/bridge/events';
import type { Logger } from '../core/ports';
import type { DownloadRoute } from './downloads';
import type { TestClockRoute } from './test-clock';
import { contentSecurityPolicy, createSessionToken } from './security';
import { attachBridgeSocket } from './socket';
import { createStaticHandler } from './static';
import { errorText } from '../core/errors';

export interface WebHostOptions {
  /** The built renderer (out/renderer). */
  staticDir: string;
  dispatcher: Dispatcher;
  hub: EventHub;
  logger: Logger;
  /** 0 (the default) picks a free port. */
  port?: number;
  /** Fixed only in tests; a fresh random token per launch otherwise. */
  token?: string;
  /** One-time PDF downloads (`/downloads/<ticket>`) the core hands out through `pdfs.open`. */
  downloads?: DownloadRoute;
  /** Test hosts only (`--test-clock`): the route that moves the core's clock. */
  testClock?: (token: () => string) => TestClockRoute;
  /** Writes into the app's page what it must know before its first paint (its language). */
  page?: (html: string) => string;
}

export interface WebHost {
  /** What to open: `http://127.0.0.1:PORT/#token=...` (the fragment never reaches the server). */
  url: string;
  origin: string;
  port: number;
  token: string;
  close(): Promise<void>;
}

const LOOPBACK = '127.0.0.1';

/** Serves the renderer and the bridge on 127.0.0.1 only. */
export async function startWebHost(options: WebHostOptions): Promise<WebHost> {
  const token = options.token ?? createSessionToken();
  let host = '';
  const headers = () => ({
    'Content-Security-Policy': contentSecurityPolicy(host),
    'X-Content-Type-Options': 'nosniff',
    'X-Frame-Options': 'DENY',
    'Referrer-Policy': 'no-referrer',
    'Cross-Origin-Opener-Policy': 'same-origin',
    'Cross-Origin-Resource-Policy': 'same-origin',
  });
  const testClock = options.testClock?.(() => token);
  const serveStatic = createStaticHandler({ root: options.staticDir, headers, ...(options.page ? { page: options.page } : {}) });

  const server = createServer((request, response) => {
    // A page reached through another name (DNS rebinding) is not ours to serve.
    if (request.headers.host !== host) {
      response.writeHead(421, { 'Content-Type': 'text/plain; charset=utf-8' }).end('Misdirected request');
      return;
    }
    const serve = async () => {
      if (testClock && (await testClock.serve(request, response, headers()))) return;
      if (options.downloads && (await options.downloads.serve(request, response, headers()))) return;
      await serveStatic(request, response);
    };
    serve().catch((error: unknown) => {
      options.logger.error('static file failed', { url: request.url, error: errorText(error) });
      if (!response.headersSent) response.writeHead(500, { 'Content-Type': 'text/plain; charset=utf-8' });
      response.end('Internal error');
    });
  });
  const socket = attachBridgeSocket({ server, dispatcher: options.dispatcher, hub: options.hub, logger: options.logger, token, host: () => host });

  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port ?? 0, LOOPBACK, () => {
      server.off('error', reject);
      resolve();
    });
  });
  const { port } = server.address() as AddressInfo;
  host = `${LOOPBACK}:${port}`;
  const origin = `http://${host}`;
  options.logger.info('browser-mode host listening', { origin });

  return {
    url: `${origin}/#token=${token}`,
    origin,
    port,
    token,
    close: async () => {
      socket.close();
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

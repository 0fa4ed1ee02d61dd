import { mkdtemp, mkdir, rm, writeFile } from 'node:fs/promises';
import { request } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import WebSocket from 'ws';
import { createDispatcher } from '../../../main/core/bridge/dispatcher';
import { createEventHub } from '../../../main/core/bridge/events';
import { startWebHost } from '../../../main/web/server';
import type { WebHost } from '../../../main/web/server';
import { BRIDGE_PROTOCOL } from '../../../main/web/security';
import type { Handlers } from '../../../preload/contract';
import { unusedHandlers } from '../../helpers/bridge-fixtures';
import { createRecordingLogger } from '../../helpers/recording-logger';

export const SECRET_OUTSIDE = 'this file lives outside the served folder';

/** A built-renderer stand-in, a file beside it that must never be served, and a running host. */
export async function startTestHost(handlers: Partial<Handlers> = {}, options: { port?: number; token?: string; root?: string } = {}) {
  const root = options.root ?? (await mkdtemp(join(tmpdir(), 'quotedesk-web-')));
  const staticDir = join(root, 'renderer');
  await mkdir(join(staticDir, 'assets'), { recursive: true });
  await writeFile(join(staticDir, 'index.html'), '<!doctype html><title>Quotedesk</title><script type="module" src="./assets/app.js"></script>');
  await writeFile(join(staticDir, 'assets', 'app.js'), 'console.log("app");');
  await writeFile(join(staticDir, 'assets', 'app.css'), 'body { margin: 0 }');
  await writeFile(join(root, 'secret.txt'), SECRET_OUTSIDE);

  const logger = createRecordingLogger();
  const hub = createEventHub({ logger });
  const dispatcher = createDispatcher({ handlers: { ...unusedHandlers(), ...handlers }, logger });
  const host = await startWebHost({ staticDir, dispatcher, hub, logger, port: options.port ?? 0, ...(options.token ? { token: options.token } : {}) });
  return {
    host,
    hub,
    logger,
    root,
    staticDir,
    async close() {
      await host.close();
      await rm(root, { recursive: true, force: true });
    },
  };
}

/** A raw GET: the path goes out exactly as given (fetch would normalise `..` away). */
export function rawGet(host: WebHost, path: string, headers: Record<string, string> = {}) {
  return new Promise<{ status: number; headers: Record<string, string | string[] | undefined>; body: string }>((resolve, reject) => {
    const req = request({ host: '127.0.0.1', port: host.port, path, method: 'GET', headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks).toString('utf8') }));
    });
    req.on('error', reject);
    req.end();
  });
}

/** Opens the bridge socket as a page would, with the given token and origin. */
export function openSocket(host: WebHost, options: { token?: string | null; origin?: string; path?: string } = {}): WebSocket {
  const protocols = [BRIDGE_PROTOCOL];
  const token = options.token === undefined ? host.token : options.token;
  if (token !== null) protocols.push(`token.${token}`);
  return new WebSocket(`ws://127.0.0.1:${host.port}${options.path ?? '/bridge'}`, protocols, { origin: options.origin ?? host.origin });
}

/** How a connection attempt ended: opened, or refused with an HTTP status before the upgrade. */
export function outcome(socket: WebSocket): Promise<{ opened: true } | { opened: false; status: number }> {
  return new Promise((resolve, reject) => {
    socket.once('open', () => resolve({ opened: true }));
    socket.once('unexpected-response', (_request, response) => {
      resolve({ opened: false, status: response.statusCode ?? 0 });
      socket.terminate();
    });
    socket.once('error', (error) => {
      if (!/Unexpected server response/.test(error.message)) reject(error);
    });
  });
}

export function nextMessage(socket: WebSocket): Promise<Record<string, unknown>> {
  return new Promise((resolve) => socket.once('message', (data: Buffer) => resolve(JSON.parse(data.toString('utf8')) as Record<string, unknown>)));
}

import { createReadStream } from 'node:fs';
import { stat } from 'node:fs/promises';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { extname, join, resolve, sep } from 'node:path';

const CONTENT_TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.map': 'application/json; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
  '.gif': 'image/gif',
  '.webp': 'image/webp',
  '.ico': 'image/x-icon',
  '.woff': 'font/woff',
  '.woff2': 'font/woff2',
  '.txt': 'text/plain; charset=utf-8',
  '.wasm': 'application/wasm',
};

type Resolution = { kind: 'file'; path: string } | { kind: 'refused'; status: 400 | 403 | 404 | 405 };

/**
 * Serves the built renderer. Refuses anything that would step outside the folder,
 * answers 404 for unknown files, and falls back to index.html for extension-less paths
 * (the single-page app's own routes).
 */
export function createStaticHandler(options: { root: string; headers: () => Record<string, string> }) {
  const root = resolve(options.root);

  async function resolveRequest(method: string | undefined, rawUrl: string): Promise<Resolution> {
    if (method !== 'GET' && method !== 'HEAD') return { kind: 'refused', status: 405 };
    const rawPath = rawUrl.split(/[?#]/, 1)[0] ?? '/';
    let path: string;
    try {
      path = decodeURIComponent(rawPath);
    } catch {
      return { kind: 'refused', status: 400 };
    }
    if (!path.startsWith('/') || path.includes('\0')) return { kind: 'refused', status: 400 };
    const segments = path.split(/[/\\]/);
    if (segments.some((segment) => segment === '..')) return { kind: 'refused', status: 403 };

    const candidate = join(root, ...segments);
    if (candidate !== root && !candidate.startsWith(root + sep)) return { kind: 'refused', status: 403 };
    if (await isFile(candidate)) return { kind: 'file', path: candidate };
    if (extname(path) !== '') return { kind: 'refused', status: 404 };
    const index = join(root, 'index.html');
    return (await isFile(index)) ? { kind: 'file', path: index } : { kind: 'refused', status: 404 };
  }

  return async function serveStatic(request: IncomingMessage, response: ServerResponse): Promise<void> {
    const resolution = await resolveRequest(request.method, request.url ?? '/');
    const headers = options.headers();
    if (resolution.kind === 'refused') {
      const allow: Record<string, string> = resolution.status === 405 ? { Allow: 'GET, HEAD' } : {};
      response.writeHead(resolution.status, { ...headers, ...allow, 'Content-Type': 'text/plain; charset=utf-8' });
      response.end(REASONS[resolution.status]);
      return;
    }
    const { size } = await stat(resolution.path);
    response.writeHead(200, {
      ...headers,
      'Content-Type': CONTENT_TYPES[extname(resolution.path).toLowerCase()] ?? 'application/octet-stream',
      'Content-Length': String(size),
      'Cache-Control': 'no-cache',
    });
    if (request.method === 'HEAD') {
      response.end();
      return;
    }
    createReadStream(resolution.path)
      .on('error', () => response.destroy())
      .pipe(response);
  };
}

const REASONS: Record<400 | 403 | 404 | 405, string> = {
  400: 'Bad request',
  403: 'Forbidden',
  404: 'Not found',
  405: 'Method not allowed',
};

async function isFile(path: string): Promise<boolean> {
  try {
    return (await stat(path)).isFile();
  } catch {
    return false;
  }
}

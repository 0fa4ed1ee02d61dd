import { createReadStream } from 'node:fs';
import { readFile, stat } from 'node:fs/promises';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { basename, dirname, extname, resolve } from 'node:path';
import { contentTypeOf, resolveRendererFile } from '../core/hosting/renderer-files';

type Resolution = { kind: 'file'; path: string } | { kind: 'refused'; status: 400 | 403 | 404 | 405 };

/**
 * Serves the built renderer. Refuses anything that would step outside the folder (the one
 * rule of main/core/hosting/renderer-files.ts, symlinks included), answers 404 for unknown files, and falls back to index.html for extension-less paths
 * (the single-page app's own routes).
 */
export function createStaticHandler(options: { root: string; headers: () => Record<string, string>; page?: (html: string) => string }) {
  const root = resolve(options.root);

  async function resolveRequest(method: string | undefined, rawUrl: string): Promise<Resolution> {
    if (method !== 'GET' && method !== 'HEAD') return { kind: 'refused', status: 405 };
    const rawPath = rawUrl.split(/[?#]/, 1)[0] ?? '/';
    const file = await resolveRendererFile(root, rawPath);
    if (file.kind === 'file') return file;
    // The single-page app's own routes: an extension-less path that is no file is the page.
    if (file.status !== 404 || extname(rawPath) !== '') return { kind: 'refused', status: file.status };
    const index = await resolveRendererFile(root, '/');
    return index.kind === 'file' ? index : { kind: 'refused', status: 404 };
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
    // The app's page carries the language it opens in (main/core/hosting/page-language.ts).
    if (options.page && basename(resolution.path) === 'index.html' && dirname(resolution.path) === root) {
      const page = Buffer.from(options.page(await readFile(resolution.path, 'utf8')));
      response.writeHead(200, { ...headers, 'Content-Type': contentTypeOf(resolution.path), 'Content-Length': String(page.length), 'Cache-Control': 'no-cache' });
      response.end(request.method === 'HEAD' ? undefined : page);
      return;
    }
    const { size } = await stat(resolution.path);
    response.writeHead(200, {
      ...headers,
      'Content-Type': contentTypeOf(resolution.path),
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


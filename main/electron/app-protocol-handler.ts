// Electron's side of app://quotedesk/: the scheme's privileges (declared before `ready`)
// and the handler answering from the built renderer folder. The rules live in app-protocol.ts.
import { readFile } from 'node:fs/promises';
import type { Protocol } from 'electron';
import type { Logger } from '../core/ports';
import { APP_RESPONSE_HEADERS, APP_SCHEME, APP_SCHEME_PRIVILEGES, resolveAppRequest } from './app-protocol';
import { errorText } from '../core/errors';

/** Must run before the app is ready: Chromium fixes scheme privileges at startup. */
export function registerAppScheme(protocol: Pick<Protocol, 'registerSchemesAsPrivileged'>): void {
  protocol.registerSchemesAsPrivileged([{ scheme: APP_SCHEME, privileges: APP_SCHEME_PRIVILEGES }]);
}

/** Answers app:// requests of the session the protocol object belongs to. */
export function handleAppScheme(protocol: Pick<Protocol, 'handle'>, options: AppRequestOptions): void {
  protocol.handle(APP_SCHEME, (request) => answerAppRequest(request, options));
}

export interface AppRequestOptions {
  rendererDir: string;
  logger: Logger;
  /** Writes into the app's page what it must know before its first paint (its language). */
  page?: (html: string) => string;
}

export async function answerAppRequest(request: Request, options: AppRequestOptions): Promise<Response> {
  const resolved = await resolveAppRequest(request, options.rendererDir);
  if (resolved.kind === 'refused') {
    if (resolved.status !== 404) options.logger.warn('app:// request refused', { url: request.url, reason: resolved.reason });
    return new Response(request.method === 'HEAD' ? null : `${resolved.status}: ${resolved.reason}`, { status: resolved.status, headers: resolved.headers });
  }
  try {
    const body = request.method === 'HEAD' ? null : await readFile(resolved.path);
    if (body && options.page && new URL(request.url).pathname === '/index.html') return new Response(options.page(body.toString('utf8')), { status: 200, headers: resolved.headers });
    return new Response(body, { status: 200, headers: resolved.headers });
  } catch (error) {
    options.logger.error('app:// file could not be read', { url: request.url, error: errorText(error) });
    return new Response('500: the file could not be read', { status: 500, headers: { ...APP_RESPONSE_HEADERS, 'Content-Type': 'text/plain; charset=utf-8' } });
  }
}

// The renderer's own origin, app://quotedesk/, and how one of its requests becomes a file of
// the built renderer folder. Pure (Node only, type imports from Electron) so every rule is
// unit-tested without Electron; app-protocol-handler.ts registers it with Electron.
import type { CustomScheme } from 'electron';
import { contentTypeOf, resolveRendererFile } from '../core/hosting/renderer-files';

export { contentTypeOf } from '../core/hosting/renderer-files';

export const APP_SCHEME = 'app';
export const APP_HOST = 'quotedesk';
export const APP_ORIGIN = `${APP_SCHEME}://${APP_HOST}`;
/** The page the window loads and the only page the IPC bridge answers. */
export const APP_ENTRY_URL = `${APP_ORIGIN}/index.html`;

/**
 * standard: URLs parse like http (an origin, relative links, dot segments resolved);
 * secure: a secure context, like https; supportFetchAPI: Vite's module scripts are fetched
 * (same-origin, so they need no CORS). Deliberately NOT bypassCSP, allowServiceWorkers,
 * stream, or corsEnabled (which would let other origins read app:// responses).
 */
export const APP_SCHEME_PRIVILEGES: NonNullable<CustomScheme['privileges']> = {
  standard: true,
  secure: true,
  supportFetchAPI: true,
  codeCache: true,
};

/**
 * The policy on every response of the app's origin (the page repeats it in a meta tag as a
 * second line, which cannot carry frame-ancestors). The Electron renderer talks to main only
 * over IPC, so it connects nowhere; images are its own files and the data: favicon.
 */
export const APP_CSP = [
  "default-src 'none'",
  "script-src 'self'",
  "style-src 'self' 'unsafe-inline'",
  "img-src 'self' data:",
  "font-src 'self'",
  "connect-src 'none'",
  "object-src 'none'",
  "frame-src 'none'",
  "worker-src 'none'",
  "manifest-src 'none'",
  "media-src 'none'",
  "base-uri 'none'",
  "form-action 'none'",
  "frame-ancestors 'none'",
].join('; ');

export const APP_RESPONSE_HEADERS: Readonly<Record<string, string>> = {
  'Content-Security-Policy': APP_CSP,
  'X-Content-Type-Options': 'nosniff',
  'Referrer-Policy': 'no-referrer',
  'Cross-Origin-Opener-Policy': 'same-origin',
  'Cross-Origin-Resource-Policy': 'same-origin',
  // The files change only with the app: no stale page after an update, nothing kept on disk.
  'Cache-Control': 'no-store',
};

export type AppResponse =
  | { kind: 'file'; status: 200; path: string; headers: Record<string, string> }
  | { kind: 'refused'; status: 400 | 403 | 404 | 405; reason: string; headers: Record<string, string> };

function refused(status: 400 | 403 | 404 | 405, reason: string): AppResponse {
  return { kind: 'refused', status, reason, headers: { ...APP_RESPONSE_HEADERS, 'Content-Type': 'text/plain; charset=utf-8' } };
}

/**
 * Maps a request of the app's origin to a file under `rootDir` (the built renderer folder),
 * or says why not: only GET/HEAD of app://quotedesk/..., then the one path rule both hosts
 * share (main/core/hosting/renderer-files.ts: no traversal, no symlinks out).
 */
export async function resolveAppRequest(request: { url: string; method: string }, rootDir: string): Promise<AppResponse> {
  if (request.method !== 'GET' && request.method !== 'HEAD') return refused(405, `method ${request.method} not allowed`);

  let url: URL;
  try {
    url = new URL(request.url);
  } catch {
    return refused(400, 'malformed URL');
  }
  if (url.protocol !== `${APP_SCHEME}:` || url.host !== APP_HOST || url.username || url.password || url.port) {
    return refused(403, 'not the app origin');
  }

  // The raw path as sent: the URL parser has already resolved plain dot segments, and a
  // request that needed that is not one the app's own pages make.
  // (Node leaves a non-http scheme's empty path empty where Chromium says "/".)
  const file = await resolveRendererFile(rootDir, url.pathname || '/');
  if (file.kind === 'refused') return refused(file.status, file.reason);
  const real = file.path;
  return { kind: 'file', status: 200, path: real, headers: { ...APP_RESPONSE_HEADERS, 'Content-Type': contentTypeOf(real) } };
}

/** True for the app's entry page with any query or fragment (the renderer may keep state in either). */
export function isAppPage(url: string): boolean {
  try {
    const parsed = new URL(url);
    // Compared by parts: Node's URL gives non-http schemes an opaque ('null') origin.
    return parsed.protocol === `${APP_SCHEME}:` && parsed.host === APP_HOST && !parsed.username && !parsed.password && parsed.pathname === '/index.html';
  } catch {
    return false;
  }
}

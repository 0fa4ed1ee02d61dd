// The renderer's own origin, app://quotedesk/, and how one of its requests becomes a file of
// the built renderer folder. Pure (Node only, type imports from Electron) so every rule is
// unit-tested without Electron; app-protocol-handler.ts registers it with Electron.
import { realpath, stat } from 'node:fs/promises';
import { extname, isAbsolute, join, relative, sep } from 'node:path';
import type { CustomScheme } from 'electron';

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

const CONTENT_TYPES: Readonly<Record<string, string>> = {
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
};

export function contentTypeOf(path: string): string {
  return CONTENT_TYPES[extname(path).toLowerCase()] ?? 'application/octet-stream';
}

export type AppResponse =
  | { kind: 'file'; status: 200; path: string; headers: Record<string, string> }
  | { kind: 'refused'; status: 400 | 403 | 404 | 405; reason: string; headers: Record<string, string> };

function refused(status: 400 | 403 | 404 | 405, reason: string): AppResponse {
  return { kind: 'refused', status, reason, headers: { ...APP_RESPONSE_HEADERS, 'Content-Type': 'text/plain; charset=utf-8' } };
}

/** True when `child` is `root` itself or lies inside it (both absolute, already resolved). */
function isInside(root: string, child: string): boolean {
  const rel = relative(root, child);
  return rel === '' || (!rel.startsWith(`..${sep}`) && rel !== '..' && !isAbsolute(rel));
}

/**
 * Maps a request of the app's origin to a file under `rootDir` (the built renderer folder),
 * or says why not. Only GET/HEAD of app://quotedesk/...; every path segment is decoded once
 * and must be a plain name (no '.', '..', slash, backslash or NUL after decoding, so
 * %2e%2e and %2f tricks fail), and the file's real path (symlinks resolved) must still lie
 * inside the real root. "/" is the entry page; a folder or a missing file is a 404.
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
  const rawSegments = (url.pathname || '/').split('/').slice(1);
  const segments: string[] = [];
  for (const raw of rawSegments) {
    let segment: string;
    try {
      segment = decodeURIComponent(raw);
    } catch {
      return refused(400, 'malformed path encoding');
    }
    if (segment === '.' || segment === '..' || /[/\\\0]/.test(segment)) return refused(403, 'path escapes the app folder');
    segments.push(segment);
  }
  if (segments.length === 1 && segments[0] === '') segments[0] = 'index.html';
  if (segments.some((segment) => segment === '')) return refused(404, 'no such file');

  let root: string;
  try {
    root = await realpath(rootDir);
  } catch {
    return refused(404, 'the app folder is missing');
  }
  const candidate = join(root, ...segments);
  if (!isInside(root, candidate)) return refused(403, 'path escapes the app folder');

  let real: string;
  try {
    real = await realpath(candidate);
  } catch {
    return refused(404, 'no such file');
  }
  if (!isInside(root, real)) return refused(403, 'link leads out of the app folder');
  try {
    if (!(await stat(real)).isFile()) return refused(404, 'no such file');
  } catch {
    return refused(404, 'no such file');
  }
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

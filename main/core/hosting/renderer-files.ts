// How a request path becomes a file of the built renderer folder: ONE rule for both hosts
// (app://quotedesk/ in Electron, http://127.0.0.1 in browser mode), so what the browser-mode
// tests prove about path confinement holds for the desktop app too.
import { realpath, stat } from 'node:fs/promises';
import { extname, isAbsolute, join, relative, sep } from 'node:path';

export type RendererFile =
  | { kind: 'file'; path: string }
  | { kind: 'refused'; status: 400 | 403 | 404; reason: string };

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
  '.wasm': 'application/wasm',
};

export function contentTypeOf(path: string): string {
  return CONTENT_TYPES[extname(path).toLowerCase()] ?? 'application/octet-stream';
}

/** True when `child` is `root` itself or lies inside it (both absolute, already resolved). */
function isInside(root: string, child: string): boolean {
  const rel = relative(root, child);
  return rel === '' || (!rel.startsWith(`..${sep}`) && rel !== '..' && !isAbsolute(rel));
}

/**
 * Maps a raw (still percent-encoded) URL path to a file under `rootDir`, or says why not.
 * Every path segment is decoded once and must be a plain name (no '.', '..', slash,
 * backslash or NUL after decoding, so %2e%2e and %2f tricks fail), and the file's real path
 * (symlinks resolved) must still lie inside the real root. "/" is the entry page; a folder
 * or a missing file is a 404.
 */
export async function resolveRendererFile(rootDir: string, rawPath: string): Promise<RendererFile> {
  const refused = (status: 400 | 403 | 404, reason: string): RendererFile => ({ kind: 'refused', status, reason });
  if (!rawPath.startsWith('/')) return refused(400, 'malformed path');
  const segments: string[] = [];
  for (const raw of rawPath.split('/').slice(1)) {
    let segment: string;
    try {
      segment = decodeURIComponent(raw);
    } catch {
      return refused(400, 'malformed path encoding');
    }
    if (segment.includes('\0')) return refused(400, 'malformed path');
    if (segment === '.' || segment === '..' || /[/\\]/.test(segment)) return refused(403, 'path escapes the app folder');
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
  return { kind: 'file', path: real };
}

// Company logos for the quote view. The renderer may show images only from itself and from
// data: URLs (its Content-Security-Policy), so the core fetches a logo once, checks that it
// is a small image, keeps it on disk for offline use and hands it over as a data: URL.
// Only an address found in a cached quote's details is fetched (the bridge names a quote,
// never a URL), without any credentials and without following redirects: from the account's
// own service address as it is (demo mode serves its logos on loopback), from anywhere else
// only over https to a public address (public-address.ts).
// Files unused for long are removed once per start (see logo-retention.ts).
import { createHash } from 'node:crypto';
import { isIP } from 'node:net';
import { readdir, readFile, utimes } from 'node:fs/promises';
import { join } from 'node:path';
import { request } from 'undici';
import type { Dispatcher } from 'undici';
import { credentialOrigin, isLoopbackHost } from '../../../preload/contract/plain/base-url';
import type { Clock, Logger } from '../ports';
import { writeFileAtomic } from '../data-files';
import type { AsyncFileSystem } from '../data-files';
import { imageKindOf, IMAGE_TYPES } from './image-kind';
import type { ImageKind } from './image-kind';
import { LOGO_FILE_NAME, pruneLogoFolder } from './logo-retention';
import { createPublicOnlyAgent, nonPublicReason } from './public-address';

export const LOGO_MAX_BYTES = 512 * 1024;
/** A logo that could not be had is not asked for again before this (it shows as initials meanwhile). */
export const LOGO_RETRY_AFTER_MS = 10 * 60_000;
const LOGO_TIMEOUT_MS = 10_000;

export interface LogoCache {
  /**
   * The logo at `url` as a data: URL, from disk or fetched now; null when there is none to
   * show. `serviceBaseUrl` is the base URL of the account the quote belongs to: an address on
   * its origin is fetched as it is; any other only over https from a public address.
   */
  dataUrl(url: string, serviceBaseUrl?: string | null): Promise<string | null>;
  /**
   * Removes logo files unused for long, in the background: the first call does the work,
   * later ones share it. Never rejects; a logo being shown is never removed.
   */
  prune(): Promise<void>;
}

export interface LogoCacheOptions {
  /** Where logo files live: `<userData>/logos`. */
  folder: string;
  clock: Clock;
  logger: Logger;
  /** For addresses on the account's own service; the shared global dispatcher otherwise. */
  serviceDispatcher?: Dispatcher;
  /** For every other address; an agent that connects only to public addresses otherwise (tests give a mock). */
  publicDispatcher?: Dispatcher;
  /** For tests: the file calls of the writer (a full disk). */
  writerFs?: AsyncFileSystem;
}

export function createLogoCache(options: LogoCacheOptions): LogoCache {
  const { folder, clock, logger } = options;
  let publicAgent: Dispatcher | null = null;
  const publicDispatcher = () => options.publicDispatcher ?? (publicAgent ??= createPublicOnlyAgent({ connectTimeoutMs: LOGO_TIMEOUT_MS }));
  const inFlight = new Map<string, Promise<string | null>>();
  const failedAt = new Map<string, number>();
  const refusalsLogged = new Set<string>();
  let onDisk: Promise<Map<string, string>> | null = null;
  let pruned: Promise<void> | null = null;
  /** Files read or written in this run: their mtime is recent (or about to be), and pruning leaves them alone. */
  const used = new Set<string>();

  /** Logo files by the hash of their address, read once: the name says the kind. */
  const files = () =>
    (onDisk ??= readdir(folder).then(
      (names) => new Map(names.flatMap((name) => (LOGO_FILE_NAME.test(name) ? [[name.slice(0, 32), name] as const] : []))),
      () => new Map<string, string>(),
    ));

  /** The mtime is the file's last use; once per run is enough for retention counted in days. */
  function touch(name: string): void {
    if (used.has(name)) return;
    used.add(name);
    const at = new Date(clock.now());
    // Not awaited: at worst the logo is removed earlier than it should be, and fetched again.
    utimes(join(folder, name), at, at).catch((error: unknown) => logger.debug('a company logo\'s last use could not be recorded', { error: (error as Error).message }));
  }

  async function load(url: string, serviceBaseUrl: string | null): Promise<string | null> {
    const route = logoRoute(url, serviceBaseUrl);
    if (route.kind === 'refused') {
      // Once per address and run: a refusal costs nothing to repeat, and its reason does not change.
      if (!refusalsLogged.has(url)) logger.warn('a company logo was not fetched', { origin: originOf(url), error: route.reason });
      refusalsLogged.add(url);
      return null;
    }
    const key = keyOf(url);
    const known = (await files()).get(key);
    if (known) {
      // In the same tick as the lookup: a prune deciding later sees the file in use.
      touch(known);
      const bytes = await readFile(join(folder, known)).catch(() => null);
      const kind = bytes && imageKindOf(bytes);
      if (kind) return toDataUrl(kind, bytes);
    }
    const last = failedAt.get(url);
    if (last !== undefined && clock.now() - last < LOGO_RETRY_AFTER_MS) return null;
    try {
      const bytes = await fetchLogo(url, route.kind === 'service' ? options.serviceDispatcher : publicDispatcher());
      const kind = imageKindOf(bytes);
      if (!kind) throw new Error('it is not a PNG, JPEG, GIF, WebP or SVG image');
      const name = `${key}.${kind}`;
      // Kept for offline use; a full disk costs only that, the logo is still shown now.
      await writeFileAtomic(join(folder, name), bytes, { fs: options.writerFs }).then(
        async () => {
          used.add(name);
          (await files()).set(key, name);
        },
        (error: unknown) => logger.warn('a company logo could not be kept', { error: (error as Error).message }),
      );
      failedAt.delete(url);
      return toDataUrl(kind, bytes);
    } catch (error) {
      failedAt.set(url, clock.now());
      // The address may carry a signed token: only its origin reaches the log.
      logger.warn('a company logo could not be fetched', { origin: originOf(url), error: (error as Error).message });
      return null;
    }
  }

  return {
    dataUrl(url, serviceBaseUrl = null) {
      const id = `${serviceBaseUrl ?? ''}\u0000${url}`;
      let pending = inFlight.get(id);
      if (!pending) {
        pending = load(url, serviceBaseUrl).finally(() => inFlight.delete(id));
        inFlight.set(id, pending);
      }
      return pending;
    },
    prune() {
      return (pruned ??= files().then((byKey) =>
        pruneLogoFolder({
          folder,
          now: clock.now(),
          logger,
          claim(name) {
            if (used.has(name)) return true;
            const key = name.slice(0, 32);
            if (byKey.get(key) === name) byKey.delete(key);
            return false;
          },
        }),
      ));
    },
  };
}

/**
 * The file name's hash. A loopback address is keyed without its scheme, host and port: the
 * demo service gets a new port at every start, and its logos stay the same. Written as the
 * same address on 127.0.0.1 without a port, which no other address can be.
 */
function keyOf(url: string): string {
  let identity = url;
  try {
    const parsed = new URL(url);
    if (isLoopbackHost(parsed.hostname)) {
      parsed.protocol = 'http:';
      parsed.hostname = '127.0.0.1';
      parsed.port = '';
      identity = parsed.href;
    }
  } catch {
    // Not an address: it is never fetched, and its key only has to be its own.
  }
  return createHash('sha256').update(identity).digest('hex').slice(0, 32);
}

export type LogoRoute = { kind: 'service' } | { kind: 'public' } | { kind: 'refused'; reason: string };

/**
 * How a logo address may be fetched: on the account's own service origin as it is; else
 * only over https, and never from a literal address that is not public (a name is checked on
 * what it resolves to, when connecting). Never with credentials in the address.
 */
export function logoRoute(url: string, serviceBaseUrl: string | null = null): LogoRoute {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return { kind: 'refused', reason: 'it is not an address' };
  }
  if (parsed.username || parsed.password) return { kind: 'refused', reason: 'its address carries credentials' };
  if (serviceBaseUrl && credentialOrigin(serviceBaseUrl) === parsed.origin) return { kind: 'service' };
  if (parsed.protocol !== 'https:') return { kind: 'refused', reason: "its address is not https, and not on the account's service" };
  // The URL parser has already turned 127.1, 2130706433 and 0x7f.1 into 127.0.0.1.
  const literal = parsed.hostname.replace(/^\[|\]$/g, '');
  const reason = isIP(literal) ? nonPublicReason(literal) : null;
  if (reason) return { kind: 'refused', reason: `${literal} is a ${reason} address, not a public one` };
  return { kind: 'public' };
}

/** Whether the core may fetch a logo from this address (see logoRoute). */
export function logoUrlAllowed(url: string, serviceBaseUrl: string | null = null): boolean {
  return logoRoute(url, serviceBaseUrl).kind !== 'refused';
}

async function fetchLogo(url: string, dispatcher: Dispatcher | undefined): Promise<Buffer> {
  const response = await request(url, {
    method: 'GET',
    headers: { accept: Object.values(IMAGE_TYPES).join(', ') },
    dispatcher,
    headersTimeout: LOGO_TIMEOUT_MS,
    bodyTimeout: LOGO_TIMEOUT_MS,
    signal: AbortSignal.timeout(LOGO_TIMEOUT_MS),
  });
  if (response.statusCode !== 200) {
    await response.body.dump();
    throw new Error(`the server answered ${response.statusCode}`);
  }
  const announced = Number(response.headers['content-length']);
  if (announced > LOGO_MAX_BYTES) {
    await response.body.dump();
    throw new Error(`it is larger than ${LOGO_MAX_BYTES / 1024} KiB`);
  }
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of response.body as AsyncIterable<Buffer>) {
    size += chunk.length;
    if (size > LOGO_MAX_BYTES) {
      response.body.destroy();
      throw new Error(`it is larger than ${LOGO_MAX_BYTES / 1024} KiB`);
    }
    chunks.push(chunk);
  }
  return Buffer.concat(chunks);
}

function toDataUrl(kind: ImageKind, bytes: Buffer): string {
  return `data:${IMAGE_TYPES[kind]};base64,${bytes.toString('base64')}`;
}

function originOf(url: string): string {
  try {
    return new URL(url).origin;
  } catch {
    return '(not an address)';
  }
}

import { createHash } from 'node:crypto';
import { mkdirSync } from 'node:fs';
import { readdir, rm, stat } from 'node:fs/promises';
import { join } from 'node:path';
import type { Dispatcher } from 'undici';
import type { QuotePdfLink } from '../../../preload/contract';
import { PDF_LIMIT_MEGABYTES } from '../../../preload/contract/plain/offline-limits';
import type { AccountsService } from '../accounts/types';
import { describeError } from '../api/describe-error';
import type { Timeouts } from '../api/transport';
import { AppError, errorText } from '../errors';
import type { DomainBus } from '../events';
import type { Clock, Logger } from '../ports';
import type { PdfRow, QuoteStore } from '../database/types';
import { createFixedLimit } from './adaptive-limit';
import type { AdaptiveLimit } from './adaptive-limit';
import { fetchPdfFile, nodeFileSystem, PDF_TEMP_PATTERN } from './pdf-file';
import type { PdfFileSystem } from './pdf-file';
import type { QuoteCache } from './quotes';

export interface PdfCacheOptions {
  /** Total size of cached PDFs; the least recently used go first beyond it. */
  maxBytes: number;
  /** A link is not used this close to its expiry. */
  linkSafetyMs: number;
  prefetchParallelism: number;
  /** Progress events at most every this many bytes. */
  progressStepBytes: number;
  timeouts?: Partial<Timeouts>;
}

export const DEFAULT_PDF_OPTIONS: PdfCacheOptions = {
  maxBytes: PDF_LIMIT_MEGABYTES.default * 1024 * 1024,
  linkSafetyMs: 30_000,
  prefetchParallelism: 2,
  progressStepBytes: 256 * 1024,
};

export interface PdfCacheDeps {
  store: QuoteStore;
  cache: QuoteCache;
  accounts: Pick<AccountsService, 'client'>;
  bus: DomainBus;
  clock: Clock;
  logger: Logger;
  /** The folder of cached PDFs (inside the app's data folder). */
  folder: string;
  options?: Partial<PdfCacheOptions>;
  /** The account's HTTP agent, so downloads share its pool and connect timeout (the client's is async to get). */
  dispatcherFor?: (accountId: string) => Dispatcher | undefined | Promise<Dispatcher | undefined>;
  fs?: PdfFileSystem;
}

export interface CachedPdf {
  path: string;
  bytes: number;
  /** The quote changed since this file was fetched and a fresh one could not be had (offline). */
  outdated: boolean;
  /** Served from the cache without asking the service. */
  fromCache: boolean;
}

export interface PdfStatus {
  cached: boolean;
  outdated: boolean;
  bytes: number | null;
  fetchedAt: number | null;
  downloading: boolean;
}

/** A quote whose PDF is to be kept offline, with how the person knows it (for the failures' words). */
export interface QuoteToKeep {
  accountId: string;
  quoteId: string;
  label: string | null;
}

/** What keeping several PDFs offline did, quote by quote counted. */
export interface KeepOfflineOutcome {
  /** Downloaded now. */
  kept: number;
  /** The current version was already on this computer. */
  alreadyOffline: number;
  /** In the order given; any copy there was stays. */
  failed: { accountId: string; quoteId: string; label: string | null; reason: string }[];
  /** The service could not be reached: these were not tried, as they would fail the same way. */
  notTried: number;
}

export interface PdfCache {
  /** Deletes leftover temporary files, files no index row names, and rows whose file is gone; subscribes to the bus. */
  start(): Promise<() => void>;
  /** The quote's PDF: the cached file when it belongs to the quote's current version, else downloaded (or the outdated copy when offline). */
  get(accountId: string, quoteId: string, signal?: AbortSignal): Promise<CachedPdf>;
  status(accountId: string, quoteId: string): PdfStatus;
  /** The cached file when it belongs to the quote's current version (what a decision receipt keeps a copy of), else null. */
  currentFile(accountId: string, quoteId: string): string | null;
  /** Downloads what is missing or outdated among these quotes, a few at a time; failures are logged, not thrown. */
  prefetch(accountId: string, quoteIds: readonly string[]): Promise<void>;
  /**
   * The PDFs of these quotes kept offline (a selection in the inbox): downloaded when missing
   * or outdated, as many at a time as `limit` allows (the cache's prefetch width without one),
   * each outcome counted. A quote the service is too busy for (429, 503) is tried again after
   * the pause it asks for; stops at the first failure that says the service cannot be reached;
   * never throws for one quote.
   */
  keepOffline(quotes: readonly QuoteToKeep[], signal?: AbortSignal, limit?: AdaptiveLimit): Promise<KeepOfflineOutcome>;
  usage(): { files: number; bytes: number };
  /** A new room for cached PDFs (Settings): beyond it the least recently used are deleted now. */
  setMaxBytes(bytes: number): Promise<void>;
  /** Stops listening, aborts prefetches and waits for the background work, so the store can be closed after it. */
  close(): Promise<void>;
}

interface KnownLink {
  link: QuotePdfLink;
  obtainedAt: number;
}

/** Times one quote is tried again after the service said it was busy, before it counts as failed. */
const BUSY_RETRIES = 5;
/** Pauses are waited in real time, whatever the clock the cache is given says. */
const monotonicNow = () => performance.now();

/** A 429, or a 503 (unavailable for now): the service asks for fewer requests, it is not gone. */
function isBusyAnswer(error: unknown): boolean {
  const { code, status } = error as { code?: unknown; status?: unknown };
  return code === 'rate-limited' || status === 429 || status === 503;
}

function retryAfterOf(error: unknown): number | null {
  const retryAfterMs = (error as { retryAfterMs?: unknown }).retryAfterMs;
  return typeof retryAfterMs === 'number' && Number.isFinite(retryAfterMs) ? retryAfterMs : null;
}

const SERVICE_UNAVAILABLE = new Set(['network', 'timeout', 'server', 'rate-limited', 'needs-credentials', 'authentication']);

/** Statuses a signed link answers when it expired or was withdrawn: ask for a new one. */
const REFUSED_LINK = new Set([401, 403, 404, 410]);

export function createPdfCache(deps: PdfCacheDeps): PdfCache {
  const options: PdfCacheOptions = { ...DEFAULT_PDF_OPTIONS, ...deps.options };
  const { store, bus, clock, logger, folder } = deps;
  const fs = deps.fs ?? nodeFileSystem;
  const links = new Map<string, KnownLink>();
  const inFlight = new Map<string, Promise<CachedPdf>>();
  const key = (accountId: string, quoteId: string) => `${accountId}\u0000${quoteId}`;
  mkdirSync(folder, { recursive: true, mode: 0o700 });
  // Work started by events (prefetches, removals): aborted and awaited by close().
  const background = new AbortController();
  const pending = new Set<Promise<unknown>>();
  const inBackground = (work: () => Promise<unknown>) => {
    if (background.signal.aborted) return;
    const running = work()
      .catch((error: unknown) => logger.warn('PDF cache background work failed', { error: errorText(error) }))
      .finally(() => pending.delete(running));
    pending.add(running);
  };
  let unsubscribe: (() => void) | null = null;

  const accountPrefix = (accountId: string) => `${createHash('sha256').update(accountId).digest('hex').slice(0, 12)}-`;

  async function removeAccountFiles(accountId: string): Promise<void> {
    const prefix = accountPrefix(accountId);
    for (const entry of await readdir(folder).catch(() => [] as string[])) {
      if (entry.startsWith(prefix)) await rm(join(folder, entry), { force: true }).catch(() => undefined);
    }
    if (background.signal.aborted) return;
    for (const row of store.allPdfs()) if (row.accountId === accountId) store.deletePdf(accountId, row.quoteId);
  }

  function fileName(accountId: string, quoteId: string, version: string): string {
    const safeQuote = quoteId.replace(/[^A-Za-z0-9-]/g, '_').slice(0, 64);
    return `${accountPrefix(accountId)}${safeQuote}-${version.slice(0, 16)}.pdf`;
  }

  async function fileExists(name: string): Promise<boolean> {
    return stat(join(folder, name)).then(
      (info) => info.isFile(),
      () => false,
    );
  }

  async function linkFor(accountId: string, quoteId: string, fresh: boolean): Promise<QuotePdfLink> {
    const known = links.get(key(accountId, quoteId));
    // A link older than its expiresIn (less a margin for the download itself) is never used.
    if (!fresh && known && clock.now() < known.obtainedAt + known.link.expiresIn * 1000 - options.linkSafetyMs) return known.link;
    const client = await deps.accounts.client(accountId);
    const obtainedAt = clock.now();
    const link = await client.quotes.pdf(quoteId);
    links.set(key(accountId, quoteId), { link, obtainedAt });
    return link;
  }

  async function download(accountId: string, quoteId: string, signal?: AbortSignal): Promise<CachedPdf> {
    const version = deps.cache.version(accountId, quoteId) ?? 'unknown';
    const name = fileName(accountId, quoteId, version);
    let lastPublished = 0;
    const dispatcher = await deps.dispatcherFor?.(accountId);
    const fetchWith = async (link: QuotePdfLink) =>
      fetchPdfFile(link.downloadUrl, folder, name, {
        dispatcher,
        timeouts: options.timeouts,
        signal,
        fs,
        onProgress: (bytes, total) => {
          if (bytes - lastPublished < options.progressStepBytes && bytes !== total) return;
          lastPublished = bytes;
          bus.publish('pdf.progress', { accountId, quoteId, bytes, total });
        },
      });
    let fetched: { bytes: number };
    try {
      fetched = await fetchWith(await linkFor(accountId, quoteId, false));
    } catch (error) {
      const status = (error as { status?: unknown }).status;
      if (typeof status !== 'number' || !REFUSED_LINK.has(status)) throw error;
      logger.info('a PDF link was refused; asking for a new one', { accountId, quoteId, status });
      links.delete(key(accountId, quoteId));
      fetched = await fetchWith(await linkFor(accountId, quoteId, true));
    }
    bus.publish('pdf.progress', { accountId, quoteId, bytes: fetched.bytes, total: fetched.bytes });
    const now = clock.now();
    const previous = store.getPdf(accountId, quoteId);
    // The file is in place before the index names it; the old file goes after: a crash
    // in between leaves an unnamed file (swept at start), never a row without its file.
    try {
      store.putPdf({ accountId, quoteId, version, file: name, bytes: fetched.bytes, fetchedAt: now, lastUsedAt: now, outdated: false });
    } catch (error) {
      await rm(join(folder, name), { force: true });
      throw error;
    }
    if (previous && previous.file !== name) await rm(join(folder, previous.file), { force: true }).catch(() => undefined);
    bus.publish('pdf.changed', { accountId, quoteId, cached: true, outdated: false });
    await evict(key(accountId, quoteId));
    return { path: join(folder, name), bytes: fetched.bytes, outdated: false, fromCache: false };
  }

  async function forget(row: PdfRow): Promise<void> {
    store.deletePdf(row.accountId, row.quoteId);
    await rm(join(folder, row.file), { force: true }).catch(() => undefined);
    bus.publish('pdf.changed', { accountId: row.accountId, quoteId: row.quoteId, cached: false, outdated: false });
  }

  async function evict(keep: string): Promise<void> {
    const rows = store.allPdfs();
    let total = rows.reduce((sum, row) => sum + row.bytes, 0);
    for (const row of rows) {
      if (total <= options.maxBytes) break;
      if (key(row.accountId, row.quoteId) === keep) continue;
      await forget(row);
      total -= row.bytes;
    }
  }

  async function get(accountId: string, quoteId: string, signal?: AbortSignal): Promise<CachedPdf> {
    const row = store.getPdf(accountId, quoteId);
    const version = deps.cache.version(accountId, quoteId) ?? 'unknown';
    const onDisk = row ? await fileExists(row.file) : false;
    if (row && onDisk && !row.outdated && row.version === version) {
      store.touchPdf(accountId, quoteId, clock.now());
      return { path: join(folder, row.file), bytes: row.bytes, outdated: false, fromCache: true };
    }
    try {
      return await download(accountId, quoteId, signal);
    } catch (error) {
      // Offline (or refused): the copy we have is better than nothing, and says it is old.
      // Only when the service could not be had: a local failure (disk full) must be told, not hidden.
      const unreachable = SERVICE_UNAVAILABLE.has(String((error as { code?: unknown }).code));
      if (row && onDisk && unreachable) {
        store.touchPdf(accountId, quoteId, clock.now());
        return { path: join(folder, row.file), bytes: row.bytes, outdated: true, fromCache: true };
      }
      throw error;
    }
  }

  async function prefetch(accountId: string, quoteIds: readonly string[], signal?: AbortSignal): Promise<void> {
    const wanted = quoteIds.filter((quoteId) => {
      const status = pdfs.status(accountId, quoteId);
      return !status.cached || status.outdated;
    });
    let next = 0;
    const worker = async () => {
      while (next < wanted.length && !signal?.aborted) {
        const quoteId = wanted[next++]!;
        try {
          await pdfs.get(accountId, quoteId, signal);
        } catch (error) {
          if (signal?.aborted) return;
          logger.warn('a PDF could not be prefetched', { accountId, quoteId, error: errorText(error) });
          // Offline or refused: the others would fail the same way.
          if (error instanceof AppError && error.retryable) return;
        }
      }
    };
    await Promise.all(Array.from({ length: Math.min(options.prefetchParallelism, wanted.length) }, worker));
  }

  async function keepOffline(quotes: readonly QuoteToKeep[], signal?: AbortSignal, limit?: AdaptiveLimit): Promise<KeepOfflineOutcome> {
    const width = limit ?? createFixedLimit(options.prefetchParallelism, monotonicNow);
    let kept = 0;
    let alreadyOffline = 0;
    const failed: { index: number; failure: KeepOfflineOutcome['failed'][number] }[] = [];
    // Quotes to try, in order; one the service was too busy for goes back to the front.
    const waiting = quotes.map((_, index) => index);
    const busyTries = new Map<number, number>();
    let active = 0;
    let unreachable = false;
    const fail = (index: number, quote: QuoteToKeep, reason: string) =>
      failed.push({ index, failure: { accountId: quote.accountId, quoteId: quote.quoteId, label: quote.label, reason } });

    async function keepOne(index: number): Promise<void> {
      const quote = quotes[index]!;
      const started = monotonicNow();
      try {
        const pdf = await pdfs.get(quote.accountId, quote.quoteId, signal);
        if (pdf.outdated) {
          // get() fell back on the older copy: the service could not be had, the copy stays.
          unreachable = true;
          fail(index, quote, 'The service could not be reached: the older copy on this computer stays.');
        } else if (pdf.fromCache) alreadyOffline++;
        else {
          kept++;
          width.succeeded(monotonicNow() - started);
        }
      } catch (error) {
        // Stopped: the download was aborted (its temporary file deleted); the quote was not tried.
        if (signal?.aborted) return;
        const tries = (busyTries.get(index) ?? 0) + 1;
        if (isBusyAnswer(error) && tries <= BUSY_RETRIES) {
          // The service asks for fewer requests: fewer at once, after its pause, and this quote again.
          busyTries.set(index, tries);
          width.busy(retryAfterOf(error));
          waiting.unshift(index);
          return;
        }
        const described = describeError(error);
        fail(index, quote, described.message);
        logger.warn('a PDF could not be kept offline', { accountId: quote.accountId, quoteId: quote.quoteId, error: errorText(error) });
        // Offline, refused or busy: the others would fail the same way.
        if (described.retryable || SERVICE_UNAVAILABLE.has(described.code)) unreachable = true;
      }
    }

    await new Promise<void>((allDone) => {
      let timer: ReturnType<typeof setTimeout> | undefined;
      const stopped = () => signal?.aborted || unreachable;
      const pump = () => {
        clearTimeout(timer);
        timer = undefined;
        while (!stopped() && waiting.length > 0 && active < width.allowed()) {
          const index = waiting.shift()!;
          active++;
          void keepOne(index).finally(() => {
            active--;
            pump();
          });
        }
        if (active > 0) return;
        if (stopped() || waiting.length === 0) {
          signal?.removeEventListener('abort', pump);
          allDone();
          return;
        }
        // Nothing runs and the service asked for a pause: wake when it ends (or at a stop).
        const until = width.pausedUntil();
        timer = setTimeout(pump, until === null ? 0 : Math.max(0, until - monotonicNow()));
      };
      signal?.addEventListener('abort', pump, { once: true });
      pump();
    });
    const done = kept + alreadyOffline + failed.length;
    return { kept, alreadyOffline, failed: failed.sort((a, b) => a.index - b.index).map(({ failure }) => failure), notTried: quotes.length - done };
  }

  const pdfs: PdfCache = {
    async start() {
      const rows = store.allPdfs();
      const named = new Set(rows.map((row) => row.file));
      for (const row of rows) if (!(await fileExists(row.file))) store.deletePdf(row.accountId, row.quoteId);
      for (const entry of await readdir(folder)) {
        if (PDF_TEMP_PATTERN.test(entry) || (entry.endsWith('.pdf') && !named.has(entry))) await rm(join(folder, entry), { force: true });
      }
      const stops = [
        bus.subscribe('quotes.stored', ({ accountId, quotes }) => {
          for (const quote of quotes) {
            if (quote.changes.some((change) => change.kind !== 'new') && store.markPdfOutdated(accountId, quote.quoteId)) {
              bus.publish('pdf.changed', { accountId, quoteId: quote.quoteId, cached: true, outdated: true });
            }
          }
        }),
        bus.subscribe('sync.completed', ({ accountId, needsAction }) => {
          const outdated = store
            .allPdfs()
            .filter((row) => row.accountId === accountId && row.outdated)
            .map((row) => row.quoteId);
          inBackground(() => prefetch(accountId, [...new Set([...needsAction, ...outdated])], background.signal));
        }),
        bus.subscribe('account.removed', ({ accountId }) => {
          // By name, not by index row: the quotes cache may already have dropped the account's rows.
          inBackground(() => removeAccountFiles(accountId));
        }),
      ];
      unsubscribe = () => stops.splice(0).forEach((stop) => stop());
      return unsubscribe;
    },

    async close() {
      unsubscribe?.();
      background.abort(new Error('Quotedesk is closing'));
      while (pending.size > 0) await Promise.all([...pending]);
    },

    prefetch: (accountId, quoteIds) => prefetch(accountId, quoteIds),
    keepOffline,

    get(accountId, quoteId, signal) {
      const id = key(accountId, quoteId);
      let pending = inFlight.get(id);
      if (!pending) {
        pending = get(accountId, quoteId, signal).finally(() => inFlight.delete(id));
        inFlight.set(id, pending);
      }
      return pending;
    },

    status(accountId, quoteId) {
      const row = store.getPdf(accountId, quoteId);
      const version = deps.cache.version(accountId, quoteId) ?? undefined;
      return {
        cached: row !== null,
        outdated: row !== null && (row.outdated || (version !== undefined && row.version !== version)),
        bytes: row?.bytes ?? null,
        fetchedAt: row?.fetchedAt ?? null,
        downloading: inFlight.has(key(accountId, quoteId)),
      };
    },

    currentFile(accountId, quoteId) {
      const row = store.getPdf(accountId, quoteId);
      const status = pdfs.status(accountId, quoteId);
      return row && status.cached && !status.outdated ? join(folder, row.file) : null;
    },

    usage() {
      const rows = store.allPdfs();
      return { files: rows.length, bytes: rows.reduce((sum, row) => sum + row.bytes, 0) };
    },
    async setMaxBytes(bytes) {
      options.maxBytes = bytes;
      await evict('');
    },
  };
  return pdfs;
}

// Keeping the PDFs of several selected quotes offline: a few downloads at a time, each
// outcome counted, a refused quote told in plain words without stopping the others, an
// unreachable service stopping the rest (counted as not tried), and no copy lost.
import { existsSync, readdirSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Dispatcher } from 'undici';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { NetworkError, NotFoundError, RateLimitedError } from '../../../../main/core/api';
import { createAdaptiveLimit } from '../../../../main/core/cache/adaptive-limit';
import type { QuotingClient } from '../../../../main/core/api';
import { createPdfCache } from '../../../../main/core/cache';
import type { PdfCache, QuoteToKeep } from '../../../../main/core/cache';
import { createSilentLogger } from '../../../../main/core/log';
import { startFakeService } from '../../../helpers/fake-service';
import type { FakeService } from '../../../helpers/fake-service';
import { fakeQuote, listItemOf } from '../../../helpers/service-fixtures';
import type { FakeQuote } from '../../../helpers/service-fixtures';
import { cacheRig } from './helpers';
import type { CacheRig } from './helpers';
import { TIMEOUTS, pdfBytes } from './pdfs-rig';

let service: FakeService;
let dir: string;
let folder: string;
let rig: CacheRig;
let stop: (() => void) | undefined;
/** How the service answers a PDF link request per quote id: a link (default), or a failure. */
let refuse: Map<string, () => Error>;
let downloading = 0;
let mostAtOnce = 0;
let links = 0;
/** The files' answer sends half the PDF and then waits, as a slow service would. */
let stallHalfway = false;
/** Links asked for while this many downloads run are refused with 429 and this Retry-After (a service's rate limit); null: no limit. */
let busyAbove: { downloads: number; retryAfterMs: number } | null = null;
/** When each link was asked for, and when each 429 was answered (performance.now()). */
let linkTimes: number[] = [];
let busyTimes: number[] = [];
/** Links handed out whose download has not ended: what a rate limit counts. */
let granted = 0;

beforeEach(async () => {
  service = await startFakeService();
  dir = await mkdtemp(join(tmpdir(), 'qd-keep-offline-'));
  folder = join(dir, 'pdfs');
  rig = cacheRig();
  refuse = new Map();
  downloading = 0;
  mostAtOnce = 0;
  links = 0;
  stallHalfway = false;
  busyAbove = null;
  linkTimes = [];
  busyTimes = [];
  granted = 0;
});
afterEach(async () => {
  stop?.();
  rig.close();
  await service.close();
  await rm(dir, { recursive: true, force: true });
});

function client(): QuotingClient {
  return {
    baseUrl: service.baseUrl,
    dispatcher: {} as Dispatcher,
    webhooks: {} as QuotingClient['webhooks'],
    quotes: {
      async pdf(quoteId: string) {
        const failure = refuse.get(quoteId);
        if (failure) throw failure();
        if (busyAbove && granted >= busyAbove.downloads) {
          busyTimes.push(performance.now());
          throw new RateLimitedError({ endpoint: 'GET /quotes/…/pdf', status: 429, retryAfterMs: busyAbove.retryAfterMs });
        }
        linkTimes.push(performance.now());
        granted += 1;
        links += 1;
        const path = `/files/${links}/quote.pdf`;
        service.route('GET', path, (_req, res) => {
          downloading += 1;
          mostAtOnce = Math.max(mostAtOnce, downloading);
          if (stallHalfway) {
            const bytes = pdfBytes(4096);
            res.writeHead(200, { 'content-type': 'application/pdf', 'content-length': String(bytes.length) }).write(bytes.subarray(0, 2048));
            return;
          }
          // A little later, so downloads overlap when they may.
          setTimeout(() => {
            downloading -= 1;
            granted -= 1;
            const bytes = pdfBytes(2048);
            res.writeHead(200, { 'content-type': 'application/pdf', 'content-length': String(bytes.length) }).end(bytes);
          }, 20);
        });
        return { downloadUrl: `${service.baseUrl}${path}`, fileName: 'quote.pdf', expiresIn: 3600 };
      },
    } as unknown as QuotingClient['quotes'],
  };
}

async function pdfCache(): Promise<PdfCache> {
  const cache = createPdfCache({
    store: rig.store,
    cache: rig.cache,
    accounts: { client: async () => client() },
    bus: rig.bus,
    clock: rig.clock,
    logger: createSilentLogger(),
    folder,
    options: { timeouts: TIMEOUTS, prefetchParallelism: 2 },
  });
  stop = await cache.start();
  return cache;
}

function seen(quotes: FakeQuote[]): QuoteToKeep[] {
  rig.cache.ingest({ accountId: 'acc', access: 'internal', source: 'sync', observation: { kind: 'list', items: quotes.map((quote) => listItemOf(quote)) } });
  return quotes.map((quote) => ({ accountId: 'acc', quoteId: quote.id, label: quote.quoteNumber }));
}

const notFound = () => new NotFoundError({ endpoint: 'GET /quotes/…/pdf', status: 404 });
const offline = () => new NetworkError({ endpoint: 'GET /quotes/…/pdf' }, undefined, 'refused');

describe('keeping several PDFs offline', () => {
  it('downloads every PDF, two at a time, and counts the ones already offline', async () => {
    const pdfs = await pdfCache();
    const quotes = seen(Array.from({ length: 6 }, () => fakeQuote()));
    await pdfs.get('acc', quotes[0]!.quoteId);

    const outcome = await pdfs.keepOffline(quotes);

    expect(outcome).toEqual({ kept: 5, alreadyOffline: 1, failed: [], notTried: 0 });
    expect(mostAtOnce).toBe(2);
    for (const quote of quotes) expect(pdfs.currentFile('acc', quote.quoteId)).not.toBeNull();
  });

  it('tells which quote failed and why, and keeps going with the others', async () => {
    const pdfs = await pdfCache();
    const quotes = seen(Array.from({ length: 5 }, () => fakeQuote()));
    refuse.set(quotes[1]!.quoteId, notFound);
    refuse.set(quotes[3]!.quoteId, notFound);

    const outcome = await pdfs.keepOffline(quotes);

    expect(outcome.kept).toBe(3);
    expect(outcome.notTried).toBe(0);
    expect(outcome.failed.map((failure) => failure.label)).toEqual([quotes[1]!.label, quotes[3]!.label]);
    expect(outcome.failed[0]!.reason).toMatch(/no such quote/);
    expect(pdfs.currentFile('acc', quotes[1]!.quoteId)).toBeNull();
  });

  it('stops when the service cannot be reached, counting the rest as not tried, and keeps the copies there were', async () => {
    const pdfs = await pdfCache();
    const quotes = seen(Array.from({ length: 8 }, () => fakeQuote()));
    await pdfs.get('acc', quotes[2]!.quoteId);
    const kept = pdfs.currentFile('acc', quotes[2]!.quoteId)!;
    // The quote changes: its copy is outdated; then the network goes.
    rig.cache.ingest({ accountId: 'acc', access: 'internal', source: 'sync', observation: { kind: 'list', items: [listItemOf({ ...fakeQuote(), id: quotes[2]!.quoteId, status: 'REVISED' })] } });
    for (const quote of quotes) refuse.set(quote.quoteId, offline);

    const outcome = await pdfs.keepOffline(quotes);

    expect(outcome.kept).toBe(0);
    expect(outcome.alreadyOffline).toBe(0);
    expect(outcome.failed.length).toBeGreaterThanOrEqual(1);
    expect(outcome.failed.length).toBeLessThanOrEqual(2);
    expect(outcome.failed[0]!.reason).toMatch(/Could not reach the service/);
    expect(outcome.failed.length + outcome.notTried).toBe(8);
    // The older copy is still on disk and still indexed.
    expect(existsSync(kept)).toBe(true);
    expect(pdfs.status('acc', quotes[2]!.quoteId).cached).toBe(true);
    expect(readdirSync(folder).filter((name) => name.endsWith('.pdf'))).toHaveLength(1);
  });

  it('when stopped, starts no other download and aborts those under way: neither kept nor failed, and no partial file stays', async () => {
    const pdfs = await pdfCache();
    const quotes = seen(Array.from({ length: 6 }, () => fakeQuote()));
    stallHalfway = true;
    const stopping = new AbortController();

    const keeping = pdfs.keepOffline(quotes, stopping.signal);
    await vi.waitFor(() => expect(downloading).toBe(2));
    stopping.abort(new Error('stopped'));
    const outcome = await keeping;

    expect(outcome).toEqual({ kept: 0, alreadyOffline: 0, failed: [], notTried: 6 });
    expect(links).toBe(2);
    expect(readdirSync(folder)).toEqual([]);
    for (const quote of quotes) expect(pdfs.currentFile('acc', quote.quoteId)).toBeNull();
  });

  it('with an adaptive width: more at once while answers are quick, fewer and the pause asked for on 429, and every PDF kept', async () => {
    const pdfs = await pdfCache();
    const quotes = seen(Array.from({ length: 30 }, () => fakeQuote()));
    busyAbove = { downloads: 4, retryAfterMs: 150 };

    const outcome = await pdfs.keepOffline(quotes, undefined, createAdaptiveLimit({ initial: 2, now: () => performance.now() }));

    expect(outcome).toEqual({ kept: 30, alreadyOffline: 0, failed: [], notTried: 0 });
    // It grew past the fixed two until the service said no, and never beyond what it allows.
    expect(mostAtOnce).toBe(4);
    expect(busyTimes.length).toBeGreaterThan(0);
    // After each 429, no link was asked for before its Retry-After had passed.
    for (const refusedAt of busyTimes) {
      const next = linkTimes.find((at) => at > refusedAt);
      if (next !== undefined) expect(next - refusedAt).toBeGreaterThanOrEqual(150 - 5);
    }
  });

  it('counts a quote as failed once the service stays busy through its retries, and stops the rest', async () => {
    const pdfs = await pdfCache();
    const quotes = seen(Array.from({ length: 4 }, () => fakeQuote()));
    busyAbove = { downloads: 0, retryAfterMs: 5 };

    const outcome = await pdfs.keepOffline(quotes, undefined, createAdaptiveLimit({ initial: 2, now: () => performance.now() }));

    expect(outcome.kept).toBe(0);
    expect(outcome.failed.length).toBeGreaterThanOrEqual(1);
    expect(outcome.failed[0]!.reason).toMatch(/too many requests/);
    expect(outcome.failed.length + outcome.notTried).toBe(4);
  });
});

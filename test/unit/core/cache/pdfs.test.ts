import { existsSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import * as fsp from 'node:fs/promises';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { ServerResponse } from 'node:http';
import { Agent } from 'undici';
import type { Dispatcher } from 'undici';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { QuotePdfLink } from '../../../../preload/contract';
import type { QuotingClient } from '../../../../main/core/api';
import { createPdfCache } from '../../../../main/core/cache';
import type { PdfCache, PdfCacheDeps, PdfCacheOptions, PdfFileSystem } from '../../../../main/core/cache';
import { createSilentLogger } from '../../../../main/core/log';
import { startFakeService } from '../../../helpers/fake-service';
import type { FakeService } from '../../../helpers/fake-service';
import { fakeQuote, listItemOf } from '../../../helpers/service-fixtures';
import type { FakeQuote } from '../../../helpers/service-fixtures';
import { cacheRig } from './helpers';
import type { CacheRig } from './helpers';

const TIMEOUTS = { connectMs: 500, headersMs: 300, bodyMs: 150, bodyTotalMs: 2000 };
const pdfBytes = (size = 1024, mark = 'A') => Buffer.concat([Buffer.from('%PDF-1.7\n'), Buffer.alloc(size, mark), Buffer.from('\n%%EOF\n')]);

let service: FakeService;
let dir: string;
let rig: CacheRig;
let linksAsked: string[];
let nextLinks: (QuotePdfLink | null)[];
let stopPdfs: () => void;

beforeEach(async () => {
  service = await startFakeService();
  dir = await mkdtemp(join(tmpdir(), 'qd-pdfs-'));
  rig = cacheRig();
  linksAsked = [];
  nextLinks = [];
});
afterEach(async () => {
  stopPdfs?.();
  rig.close();
  await service.close();
  await rm(dir, { recursive: true, force: true });
});

let served = 0;
/** A signed link per call: /files/<n>/quote.pdf, answered by `respond`. */
function serveLinks(respond: (res: ServerResponse, token: number) => void, expiresIn = 3600): void {
  for (let token = 1; token <= 6; token += 1) service.route('GET', `/files/${token}/quote.pdf`, (_req, res) => respond(res, token));
  served = 0;
  nextLinks = Array.from({ length: 6 }, (_, index) => ({ downloadUrl: `${service.baseUrl}/files/${index + 1}/quote.pdf`, fileName: 'quote.pdf', expiresIn }));
}

function client(): QuotingClient {
  return {
    baseUrl: service.baseUrl,
    // Not used by the cache unless passed as dispatcherFor (as the core does).
    dispatcher: {} as Dispatcher,
    webhooks: {} as QuotingClient['webhooks'],
    quotes: {
      async pdf(id: string) {
        linksAsked.push(id);
        const link = nextLinks[served++];
        if (!link) throw new Error('no more links');
        return link;
      },
    } as QuotingClient['quotes'],
  };
}

async function pdfCache(options: Partial<PdfCacheOptions> = {}, fs?: PdfFileSystem, dispatcherFor?: PdfCacheDeps['dispatcherFor']): Promise<PdfCache> {
  const cache = createPdfCache({
    store: rig.store,
    cache: rig.cache,
    accounts: { client: async () => client() },
    bus: rig.bus,
    clock: rig.clock,
    logger: createSilentLogger(),
    folder: join(dir, 'pdfs'),
    options: { timeouts: TIMEOUTS, ...options },
    fs,
    dispatcherFor,
  });
  stopPdfs = await cache.start();
  return cache;
}

function seen(quote: FakeQuote): void {
  rig.cache.ingest({ accountId: 'acc', access: 'internal', source: 'sync', observation: { kind: 'list', items: [listItemOf(quote)] } });
}
const folderFiles = () => readdirSync(join(dir, 'pdfs'));

describe('the PDF cache', () => {
  it('downloads once with progress, then serves the file from the cache', async () => {
    const quote = fakeQuote();
    seen(quote);
    const body = pdfBytes(600 * 1024);
    serveLinks((res) => {
      res.writeHead(200, { 'content-type': 'application/pdf', 'content-length': String(body.length) });
      res.end(body);
    });
    const pdfs = await pdfCache();
    const first = await pdfs.get('acc', quote.id);
    expect(first).toMatchObject({ fromCache: false, outdated: false, bytes: body.length });
    expect(readFileSync(first.path).equals(body)).toBe(true);
    const progress = rig.ofType('pdf.progress');
    expect(progress.length).toBeGreaterThan(1);
    expect(progress.at(-1)).toEqual({ accountId: 'acc', quoteId: quote.id, bytes: body.length, total: body.length });
    expect(await pdfs.get('acc', quote.id)).toMatchObject({ fromCache: true, path: first.path });
    expect(linksAsked).toHaveLength(1);
    expect(rig.cache.inbox({ sort: 'newest', offset: 0, limit: 1, now: 0 }).rows[0]?.pdf).toBe('cached');
  });

  it("downloads through the account's HTTP agent, so its pool and connect timeout apply", async () => {
    const quote = fakeQuote();
    seen(quote);
    const body = pdfBytes(2048);
    serveLinks((res) => {
      res.writeHead(200, { 'content-type': 'application/pdf', 'content-length': String(body.length) });
      res.end(body);
    });
    const origins: string[] = [];
    class AccountAgent extends Agent {
      override dispatch(options: Dispatcher.DispatchOptions, handler: Dispatcher.DispatchHandler): boolean {
        origins.push(`${String(options.origin)}${options.path}`);
        return super.dispatch(options, handler);
      }
    }
    const agent = new AccountAgent({ connect: { timeout: 500 } });
    const asked: string[] = [];
    try {
      const pdfs = await pdfCache({}, undefined, async (accountId) => {
        asked.push(accountId);
        return agent;
      });
      const fetched = await pdfs.get('acc', quote.id);
      expect(readFileSync(fetched.path).equals(body)).toBe(true);
      expect(asked).toEqual(['acc']);
      expect(origins).toEqual([`${service.baseUrl}/files/1/quote.pdf`]);
    } finally {
      await agent.close();
    }
  });

  it('a stalled body times out and leaves nothing behind', async () => {
    const quote = fakeQuote();
    seen(quote);
    serveLinks((res) => {
      res.writeHead(200, { 'content-type': 'application/pdf' });
      res.write('%PDF-1.7\nsome bytes then silence');
    });
    const pdfs = await pdfCache();
    await expect(pdfs.get('acc', quote.id)).rejects.toMatchObject({ code: 'timeout' });
    expect(folderFiles()).toEqual([]);
    expect(pdfs.status('acc', quote.id).cached).toBe(false);
  });

  it('refuses an HTML page served instead of the PDF', async () => {
    const quote = fakeQuote();
    seen(quote);
    serveLinks((res) => {
      res.writeHead(200, { 'content-type': 'text/html' });
      res.end('<!doctype html><html><body>Sign in to continue</body></html>');
    });
    const pdfs = await pdfCache();
    await expect(pdfs.get('acc', quote.id)).rejects.toMatchObject({ code: 'schema', message: expect.stringMatching(/not a PDF/), problem: expect.stringMatching(/not a PDF/) });
    expect(folderFiles()).toEqual([]);
  });

  it('refuses a PDF cut short (no %%EOF, or fewer bytes than announced)', async () => {
    const quote = fakeQuote();
    seen(quote);
    serveLinks((res) => {
      res.writeHead(200, { 'content-type': 'application/pdf' });
      res.end('%PDF-1.7\nthe first half of a document');
    });
    const pdfs = await pdfCache();
    await expect(pdfs.get('acc', quote.id)).rejects.toMatchObject({ message: expect.stringMatching(/not a PDF/), problem: expect.stringMatching(/incomplete/) });
    expect(folderFiles()).toEqual([]);
  });

  it('asks for a new link when the service refuses the old one', async () => {
    const quote = fakeQuote();
    seen(quote);
    serveLinks((res, token) => {
      if (token === 1) {
        res.writeHead(410, { 'content-type': 'text/plain' });
        return void res.end('This link has expired');
      }
      res.writeHead(200, { 'content-type': 'application/pdf' });
      res.end(pdfBytes());
    });
    const pdfs = await pdfCache();
    await expect(pdfs.get('acc', quote.id)).resolves.toMatchObject({ fromCache: false });
    expect(linksAsked).toEqual([quote.id, quote.id]);
  });

  it('reuses a link within its expiresIn, never after', async () => {
    const quote = fakeQuote({ amount: 100 });
    seen(quote);
    serveLinks((res) => {
      res.writeHead(200, { 'content-type': 'application/pdf' });
      res.end(pdfBytes());
    }, 120);
    const pdfs = await pdfCache();
    await pdfs.get('acc', quote.id);
    seen({ ...quote, amount: 110 });
    rig.clock.advance(60_000);
    await pdfs.get('acc', quote.id);
    expect(linksAsked).toHaveLength(1);
    seen({ ...quote, amount: 120 });
    rig.clock.advance(61_000);
    await pdfs.get('acc', quote.id);
    expect(linksAsked).toHaveLength(2);
  });

  it('marks the PDF outdated when its quote changes, re-fetches it online and serves the old copy offline', async () => {
    const quote = fakeQuote({ amount: 100 });
    seen(quote);
    let version = 'A';
    serveLinks((res) => {
      res.writeHead(200, { 'content-type': 'application/pdf' });
      res.end(pdfBytes(1024, version));
    });
    const pdfs = await pdfCache();
    const first = await pdfs.get('acc', quote.id);
    seen({ ...quote, amount: 200 });
    expect(pdfs.status('acc', quote.id)).toMatchObject({ cached: true, outdated: true });
    expect(rig.ofType('pdf.changed').at(-1)).toEqual({ accountId: 'acc', quoteId: quote.id, cached: true, outdated: true });
    expect(rig.cache.inbox({ sort: 'newest', offset: 0, limit: 1, now: 0 }).rows[0]?.pdf).toBe('outdated');

    version = 'B';
    const second = await pdfs.get('acc', quote.id);
    expect(second).toMatchObject({ fromCache: false, outdated: false });
    expect(readFileSync(second.path, 'latin1')).toContain('BBBB');
    expect(existsSync(first.path)).toBe(false);

    seen({ ...quote, amount: 300 });
    await service.close();
    await expect(pdfs.get('acc', quote.id)).resolves.toMatchObject({ fromCache: true, outdated: true, path: second.path });
  });

  it('keeps the total under its cap by evicting the least recently used', async () => {
    const quotes = [fakeQuote(), fakeQuote(), fakeQuote()];
    for (const quote of quotes) seen(quote);
    serveLinks((res) => {
      res.writeHead(200, { 'content-type': 'application/pdf' });
      res.end(pdfBytes(1000));
    });
    const pdfs = await pdfCache({ maxBytes: 2500 });
    const [a, b, c] = quotes as [FakeQuote, FakeQuote, FakeQuote];
    const first = await pdfs.get('acc', a.id);
    rig.clock.advance(1000);
    await pdfs.get('acc', b.id);
    rig.clock.advance(1000);
    await pdfs.get('acc', a.id);
    rig.clock.advance(1000);
    await pdfs.get('acc', c.id);
    expect(pdfs.status('acc', b.id).cached).toBe(false);
    expect(pdfs.status('acc', a.id).cached).toBe(true);
    expect(pdfs.status('acc', c.id).cached).toBe(true);
    expect(existsSync(first.path)).toBe(true);
    expect(folderFiles()).toHaveLength(2);

    // Less room (Settings): the least recently used goes at once, without waiting for a download.
    await pdfs.setMaxBytes(1500);
    expect(pdfs.status('acc', a.id).cached).toBe(false);
    expect(pdfs.status('acc', c.id).cached).toBe(true);
    expect(existsSync(first.path)).toBe(false);
    expect(pdfs.usage()).toMatchObject({ files: 1 });
  });

  it.each([
    ['EACCES', /may not write/],
    ['ENOSPC', /disk is full/],
  ])('a write failure (%s) is a clear error and the PDF cached before stays', async (code, words) => {
    const quote = fakeQuote({ amount: 100 });
    seen(quote);
    serveLinks((res) => {
      res.writeHead(200, { 'content-type': 'application/pdf' });
      res.end(pdfBytes());
    });
    let failing = false;
    const fs: PdfFileSystem = {
      ...fsp,
      open: (async (path: string, ...rest: unknown[]) => {
        if (failing && path.endsWith('.part')) throw Object.assign(new Error(`${code}: injected`), { code });
        return (fsp.open as (...args: unknown[]) => Promise<fsp.FileHandle>)(path, ...rest);
      }) as typeof fsp.open,
    };
    const pdfs = await pdfCache({}, fs);
    const first = await pdfs.get('acc', quote.id);
    seen({ ...quote, amount: 150 });
    failing = true;
    // Online, a failed refresh of an outdated PDF must not pass for success: the error says why.
    await expect(pdfs.get('acc', quote.id)).rejects.toMatchObject({ code: 'internal', message: expect.stringMatching(words) });
    expect(pdfs.status('acc', quote.id).outdated).toBe(true);
    expect(readFileSync(first.path).equals(pdfBytes())).toBe(true);
    expect(rig.store.getPdf('acc', quote.id)?.file).toBe(first.path.split('/').at(-1));
  });

  it("removing an account deletes its PDFs", async () => {
    const quote = fakeQuote();
    seen(quote);
    serveLinks((res) => {
      res.writeHead(200, { 'content-type': 'application/pdf' });
      res.end(pdfBytes());
    });
    const pdfs = await pdfCache();
    await pdfs.get('acc', quote.id);
    rig.bus.publish('account.removed', { accountId: 'acc' });
    await vi.waitFor(() => expect(folderFiles()).toEqual([]));
    expect(pdfs.usage()).toEqual({ files: 0, bytes: 0 });
  });

  it('at start, sweeps leftover downloads and unindexed files, and forgets rows whose file is gone', async () => {
    const quote = fakeQuote();
    seen(quote);
    serveLinks((res) => {
      res.writeHead(200, { 'content-type': 'application/pdf' });
      res.end(pdfBytes());
    });
    let pdfs = await pdfCache();
    const kept = await pdfs.get('acc', quote.id);
    rig.store.putPdf({ accountId: 'acc', quoteId: 'ghost', version: 'v', file: 'ghost.pdf', bytes: 10, fetchedAt: 0, lastUsedAt: 0, outdated: false });
    writeFileSync(join(dir, 'pdfs', '.qd-pdf-0a1b2c.part'), '%PDF-half');
    writeFileSync(join(dir, 'pdfs', 'orphan.pdf'), pdfBytes());
    stopPdfs();
    pdfs = await pdfCache();
    expect(folderFiles()).toEqual([kept.path.split('/').at(-1)]);
    expect(rig.store.getPdf('acc', 'ghost')).toBeNull();
    expect(pdfs.status('acc', quote.id).cached).toBe(true);
  });

  it('close() waits for background work (a removal, a prefetch), so the store can be closed right after', async () => {
    const [removedQuote, stalledQuote] = [fakeQuote(), fakeQuote()];
    seen(removedQuote);
    seen(stalledQuote);
    let stalled = 0;
    serveLinks((res, token) => {
      res.writeHead(200, { 'content-type': 'application/pdf' });
      // The first link serves a whole file; the others stall mid-body until the download is aborted.
      if (token === 1) return void res.end(pdfBytes());
      stalled += 1;
      res.write('%PDF-1.7\nhalf');
    });
    const pdfs = await pdfCache({ timeouts: { ...TIMEOUTS, bodyMs: 60_000, bodyTotalMs: 60_000 } });
    await pdfs.get('acc', removedQuote.id);
    rig.bus.publish('sync.completed', { accountId: 'acc', at: 0, quotes: 2, needsAction: [stalledQuote.id] });
    await vi.waitFor(() => expect(stalled).toBe(1));
    rig.bus.publish('account.removed', { accountId: 'acc' });
    await pdfs.close();
    expect(folderFiles()).toEqual([]);
    expect(() => rig.close()).not.toThrow();
    // Nothing runs on after close: no event starts new work.
    rig.bus.publish('sync.completed', { accountId: 'acc', at: 1, quotes: 2, needsAction: [stalledQuote.id] });
    expect(linksAsked).toEqual([removedQuote.id, stalledQuote.id]);
  });
});

// The background details reader: every quote's details read so the service-type and
// target-market facets become exact, at the service's pace and never while the person works.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Dispatcher } from 'undici';
import { afterEach, describe, expect, it } from 'vitest';
import type { AccountView, QuoteDetails } from '../../../../preload/contract';
import { ForbiddenError, NotFoundError, RateLimitedError, ServerError } from '../../../../main/core/api';
import type { QuotingClient } from '../../../../main/core/api';
import { createSilentLogger } from '../../../../main/core/log';
import { createDetailsReader, createPersonActivity } from '../../../../main/core/sync';
import type { DetailsReader, DetailsReaderOptions, PersonActivity } from '../../../../main/core/sync';
import { createFakeClock } from '../../../helpers/fake-clock';
import type { FakeClock } from '../../../helpers/fake-clock';
import { detailsOf, fakeQuote, listItemOf } from '../../../helpers/service-fixtures';
import { cacheRig } from '../cache/helpers';
import type { CacheRig } from '../cache/helpers';

const NOW = Date.parse('2025-03-01T09:00:00Z');
const view: AccountView = { id: 'acc', name: 'acc', environment: 'custom', baseUrl: 'http://127.0.0.1:1', mechanism: 'api-key', access: 'internal', credentialsSet: true, status: 'ok', statusMessage: null, demo: false };

/** One call of quotes.get: which quote, at what time, and how many were in flight then. */
interface Call {
  quoteId: string;
  at: number;
  inFlight: number;
}

/** The service's side: details of every quote, or the failure `answer` gives for a call. */
function detailsClient(clock: FakeClock, details: Map<string, QuoteDetails>, answer: (quoteId: string, call: number) => Error | null = () => null) {
  const calls: Call[] = [];
  let inFlight = 0;
  const client = {
    baseUrl: view.baseUrl,
    dispatcher: {} as Dispatcher,
    webhooks: {} as QuotingClient['webhooks'],
    quotes: {
      async get(quoteId: string) {
        inFlight += 1;
        calls.push({ quoteId, at: clock.now(), inFlight });
        try {
          await new Promise((settle) => setImmediate(settle));
          const failure = answer(quoteId, calls.length);
          if (failure) throw failure;
          return details.get(quoteId)!;
        } finally {
          inFlight -= 1;
        }
      },
    } as unknown as QuotingClient['quotes'],
  };
  return { client: client as QuotingClient, calls };
}

/** A clock whose sleeps advance it and yield to the event loop (the reader's loop never spins in place). */
function yieldingClock(): FakeClock {
  const clock = createFakeClock(NOW);
  const sleep = clock.sleep;
  return Object.assign(clock, {
    sleep: async (ms: number, signal?: AbortSignal) => {
      await sleep(ms, signal);
      await new Promise((settle) => setImmediate(settle));
    },
  });
}

const folders: string[] = [];
const running: { reader: DetailsReader; rig: CacheRig }[] = [];
afterEach(async () => {
  for (const { reader, rig } of running.splice(0)) {
    await reader.stop();
    rig.close();
  }
  for (const folder of folders.splice(0)) rmSync(folder, { recursive: true, force: true });
});

/** A cache holding `count` listed quotes (no details), and their details as the service has them. */
function listed(count: number, path = ':memory:', clock: FakeClock = yieldingClock()) {
  const rig = cacheRig(path, clock);
  const quotes = Array.from({ length: count }, (_, index) => fakeQuote({ id: `q-${String(index).padStart(3, '0')}` }));
  rig.cache.record({ accountId: view.id, access: 'internal', source: 'sync', observations: [{ kind: 'list', items: quotes.map((quote) => listItemOf(quote)) }] });
  return { rig, clock, details: new Map(quotes.map((quote) => [quote.id, detailsOf(quote)])) };
}

function startReader(rig: CacheRig, clock: FakeClock, client: QuotingClient, options: Partial<DetailsReaderOptions> = {}, activity: PersonActivity = createPersonActivity({ quietMs: 0 })) {
  const reader = createDetailsReader({
    accounts: { list: async () => [view], client: async () => client },
    cache: rig.cache,
    activity,
    clock,
    logger: createSilentLogger(),
    options: { concurrency: 2, batch: 10, gapMs: 10, ...options },
  });
  running.push({ reader, rig });
  reader.start();
  return reader;
}

const coverage = (rig: CacheRig) => rig.cache.inboxFacets({ now: NOW }).coverage;

describe('the background details reader', () => {
  it('reads every quote once, a few at a time, until the facets cover every quote', async () => {
    const { rig, clock, details } = listed(25);
    expect(coverage(rig)).toEqual({ known: 0, total: 25 });
    const { client, calls } = detailsClient(clock, details);
    const reader = startReader(rig, clock, client);
    await reader.drained();
    expect(coverage(rig)).toEqual({ known: 25, total: 25 });
    expect(new Set(calls.map((call) => call.quoteId)).size).toBe(25);
    expect(calls).toHaveLength(25);
    expect(Math.max(...calls.map((call) => call.inFlight))).toBe(2);
    expect(rig.cache.inboxFacets({ now: NOW }).serviceTypes.length).toBeGreaterThan(0);
  });

  it('waits as long as a 429 or 503 says before asking the service again', async () => {
    const { rig, clock, details } = listed(6);
    const { client, calls } = detailsClient(clock, details, (_, call) =>
      call === 2 ? new RateLimitedError({ endpoint: 'GET /quotes/x', status: 429, retryAfterMs: 45_000 }) : call === 5 ? new ServerError({ endpoint: 'GET /quotes/x', status: 503 }) : null,
    );
    const reader = startReader(rig, clock, client, { concurrency: 1, retryAfterDefaultMs: 120_000 });
    await reader.drained();
    expect(coverage(rig)).toEqual({ known: 6, total: 6 });
    const gaps = calls.slice(1).map((call, index) => call.at - calls[index]!.at);
    // After the 429 (the second call): Retry-After's 45 s at least; after the 503 without one: the default.
    expect(gaps[1]).toBeGreaterThanOrEqual(45_000);
    expect(gaps[4]).toBeGreaterThanOrEqual(120_000);
    expect(gaps.filter((gap) => gap >= 45_000)).toHaveLength(2);
  });

  it('asks nothing while a call from the window is in flight, and resumes once it is quiet', async () => {
    const { rig, clock, details } = listed(5);
    const { client, calls } = detailsClient(clock, details);
    const activity = createPersonActivity({ quietMs: 20 });
    let finishCall: () => void = () => undefined;
    const call = activity.during(() => new Promise<void>((settle) => (finishCall = settle)));
    const reader = startReader(rig, clock, client, {}, activity);
    await new Promise((settle) => setTimeout(settle, 60));
    expect(calls).toHaveLength(0);
    expect(activity.busy()).toBe(true);
    finishCall();
    await call;
    // Just after the call: still the person's moment.
    expect(activity.busy()).toBe(true);
    await reader.drained();
    expect(calls).toHaveLength(5);
  });

  it('after a restart reads only the quotes the file still lacks details of', async () => {
    const folder = mkdtempSync(join(tmpdir(), 'details-reader-'));
    folders.push(folder);
    const path = join(folder, 'quotes.db');
    const first = listed(12, path);
    const firstService = detailsClient(first.clock, first.details);
    const reader = startReader(first.rig, first.clock, firstService.client, { batch: 5, concurrency: 1 });
    while (firstService.calls.length < 5) await new Promise((settle) => setImmediate(settle));
    await reader.stop();
    running.splice(0);
    const readBefore = coverage(first.rig).known;
    expect(readBefore).toBeGreaterThanOrEqual(5);
    expect(readBefore).toBeLessThan(12);
    first.rig.close();

    const clock = yieldingClock();
    const rig = cacheRig(path, clock);
    const { client, calls } = detailsClient(clock, first.details);
    await startReader(rig, clock, client).drained();
    expect(coverage(rig)).toEqual({ known: 12, total: 12 });
    // Nothing read twice: the second start asked for the rest alone.
    expect(calls).toHaveLength(12 - readBefore);
    const readFirst = new Set(firstService.calls.map((each) => each.quoteId));
    expect(calls.some((each) => readFirst.has(each.quoteId))).toBe(false);
  });

  it('woken by a sync pass, reads the quotes it listed since without waiting out its idle time', async () => {
    const { rig, clock, details } = listed(3);
    // The hour of idle time never passes by itself here: only a wake (or the stop) ends it.
    const short = clock.sleep;
    clock.sleep = (ms, signal) =>
      ms < 3_600_000 ? short(ms, signal) : new Promise((_, reject) => signal?.addEventListener('abort', () => reject(signal.reason), { once: true }));
    const { client, calls } = detailsClient(clock, details);
    const reader = startReader(rig, clock, client, { idleMs: 3_600_000 });
    await reader.drained();
    const later = [fakeQuote({ id: 'q-new-1' }), fakeQuote({ id: 'q-new-2' })];
    for (const quote of later) details.set(quote.id, detailsOf(quote));
    rig.cache.record({ accountId: view.id, access: 'internal', source: 'sync', observations: [{ kind: 'list', items: later.map((quote) => listItemOf(quote)) }] });
    reader.wake();
    await reader.drained();
    expect(coverage(rig)).toEqual({ known: 5, total: 5 });
    expect(calls).toHaveLength(5);
  });

  it('counts a quote whose details the service refuses as known, and does not ask again', async () => {
    const { rig, clock, details } = listed(4);
    const { client, calls } = detailsClient(clock, details, (quoteId) =>
      quoteId === 'q-001' ? new NotFoundError({ endpoint: 'GET /quotes/x', status: 404 }) : quoteId === 'q-002' ? new ForbiddenError({ endpoint: 'GET /quotes/x', status: 403 }) : null,
    );
    const reader = startReader(rig, clock, client);
    await reader.drained();
    expect(coverage(rig)).toEqual({ known: 4, total: 4 });
    // Another round finds nothing to read.
    await reader.drained();
    expect(calls).toHaveLength(4);
    expect(rig.cache.get(view.id, 'q-001')?.details).toBeNull();
  });
});

// A first sync into an empty cache, whole or interrupted: what the cache ends up holding,
// compared row by row and revision by revision with a sync that was never interrupted.
import type { Dispatcher } from 'undici';
import { afterEach, describe, expect, it } from 'vitest';
import type { QuotingClient } from '../../../../main/core/api';
import type { StoredQuote } from '../../../../main/core/cache';
import type { QuoteStore } from '../../../../main/core/database';
import { createSilentLogger } from '../../../../main/core/log';
import { createSyncEngine } from '../../../../main/core/sync';
import type { SyncEngine } from '../../../../main/core/sync';
import { createFakeClock } from '../../../helpers/fake-clock';
import { detailsOf, fakeQuote, listItemOf } from '../../../helpers/service-fixtures';
import { cacheRig } from '../cache/helpers';
import type { CacheRig } from '../cache/helpers';

const TOTAL = 430;
// Every third quote waits for an internal key's decision: its details are prefetched.
const quotes = Array.from({ length: TOTAL }, (_, index) => fakeQuote({ status: index % 3 === 0 ? 'SENT' : 'ACCEPTED' }));
const waitingIds = quotes.filter((quote) => quote.status === 'SENT').map((quote) => quote.id);
const waiting = waitingIds.length;
const view = { id: 'acc', name: 'acc', environment: 'custom', baseUrl: 'http://127.0.0.1:1', mechanism: 'api-key', access: 'internal', credentialsSet: true, status: 'ok', statusMessage: null, demo: false } as const;
const networkDown = () => Object.assign(new Error('connection reset'), { code: 'network' });

interface Service {
  client: QuotingClient;
  /** Detail requests per quote id. */
  detailRequests: Map<string, number>;
  /** The next list request for this page fails once; the n-th detail request from now fails once. */
  failPage(page: number): void;
  failDetail(nth: number): void;
}

function fakeService(): Service {
  const failingPages = new Set<number>();
  let detailFailsIn = 0;
  const detailRequests = new Map<string, number>();
  const client = {
    baseUrl: view.baseUrl,
    dispatcher: {} as Dispatcher,
    webhooks: {} as QuotingClient['webhooks'],
    quotes: {
      async list({ page, limit }) {
        await new Promise((resolve) => setImmediate(resolve));
        if (failingPages.delete(page)) throw networkDown();
        const totalPages = Math.ceil(TOTAL / limit);
        const data = quotes.slice((page - 1) * limit, page * limit).map((quote) => listItemOf(quote));
        return { data, pagination: { page, limit, total: TOTAL, totalPages, hasNextPage: page < totalPages, hasPrevPage: page > 1 } };
      },
      async get(id: string) {
        await new Promise((resolve) => setImmediate(resolve));
        if (detailFailsIn > 0 && (detailFailsIn -= 1) === 0) throw networkDown();
        detailRequests.set(id, (detailRequests.get(id) ?? 0) + 1);
        return detailsOf(quotes.find((quote) => quote.id === id)!);
      },
    } as QuotingClient['quotes'],
  };
  return { client, detailRequests, failPage: (page) => failingPages.add(page), failDetail: (nth) => (detailFailsIn = nth) };
}

/** What the cache holds of the account, without the local times of its writes. */
function holding(store: QuoteStore) {
  return store
    .allQuotes('acc')
    .map(({ storedAt: _storedAt, detailsFetchedAt, ...row }) => ({
      ...row,
      detailsFetched: detailsFetchedAt !== null,
      revisions: store.revisions('acc', row.quoteId).map(({ hash, detailsJson }) => ({ hash, detailsJson })),
    }))
    .sort((a, b) => (a.quoteId < b.quoteId ? -1 : 1));
}

/** What was reported, quote by quote, in a stable order. */
const reports = (stored: StoredQuote[]) => [...stored].sort((a, b) => (a.quoteId < b.quoteId ? -1 : a.quoteId > b.quoteId ? 1 : 0));

const rigs: CacheRig[] = [];
afterEach(() => rigs.splice(0).forEach((rig) => rig.close()));

function syncRig(service: Service, detailsPerCommit = 50): { rig: CacheRig; engine: SyncEngine; reported: StoredQuote[] } {
  const rig = cacheRig(':memory:', createFakeClock());
  rigs.push(rig);
  const reported: StoredQuote[] = [];
  rig.bus.subscribe('quotes.stored', ({ quotes: stored }) => reported.push(...stored));
  const engine = createSyncEngine({
    accounts: { list: async () => [view], client: async () => service.client },
    bus: rig.bus, cache: rig.cache, clock: rig.clock, logger: createSilentLogger(), options: { parallelism: 3, detailsPerCommit },
  });
  return { rig, engine, reported };
}

describe('a first sync into an empty cache', () => {
  it('interrupted in its pages and then in its details, resumes and holds exactly what an uninterrupted one holds, each quote reported new once', async () => {
    const whole = syncRig(fakeService());
    expect((await whole.engine.refresh('acc'))[0]?.phase).toBe('online');

    const service = fakeService();
    const broken = syncRig(service);
    service.failPage(3);
    expect((await broken.engine.refresh('acc'))[0]?.phase).toBe('offline');
    service.failDetail(70);
    expect((await broken.engine.refresh('acc'))[0]?.phase).toBe('offline');
    // What the second pass fetched before it broke is kept: the third asks only for the rest.
    const kept = waiting - broken.rig.cache.withoutFreshDetails('acc', waitingIds).length;
    expect(kept).toBeGreaterThanOrEqual(69);
    const before = new Map(service.detailRequests);
    expect((await broken.engine.refresh('acc'))[0]?.phase).toBe('online');
    const askedAgain = [...service.detailRequests].filter(([id, count]) => count > (before.get(id) ?? 0)).length;
    expect(askedAgain).toBe(waiting - kept);

    expect(holding(broken.rig.store)).toEqual(holding(whole.rig.store));
    expect(holding(whole.rig.store).filter((row) => row.revisions.length === 1)).toHaveLength(waiting);
    const news = broken.reported.filter((quote) => quote.changes.some((change) => change.kind === 'new')).map((quote) => quote.quoteId);
    expect(news).toHaveLength(TOTAL);
    expect(new Set(news).size).toBe(TOTAL);
    expect(reports(broken.reported)).toEqual(reports(whole.reported));
  });
});

import type { Dispatcher } from 'undici';
import { describe, expect, it } from 'vitest';
import type { QuotingClient } from '../../../../main/core/api';
import { createSilentLogger } from '../../../../main/core/log';
import { createSyncEngine } from '../../../../main/core/sync';
import { createFakeClock } from '../../../helpers/fake-clock';
import { detailsOf, fakeQuote, listItemOf } from '../../../helpers/service-fixtures';
import { cacheRig } from '../cache/helpers';
import { createQuoteCache } from '../../../../main/core/cache';
import { createEventBus } from '../../../../main/core/events';
import type { DomainEvents } from '../../../../main/core/events';
import { openSqliteStore } from '../../../../main/core/database';

const TOTAL = 950;
const quotes = Array.from({ length: TOTAL }, () => listItemOf(fakeQuote({ status: 'ACCEPTED' })));

function pagedClient(onList: (inFlight: number, limit: number) => void): QuotingClient {
  let inFlight = 0;
  return {
    baseUrl: 'http://127.0.0.1:1',
    dispatcher: {} as Dispatcher,
    webhooks: {} as QuotingClient['webhooks'],
    quotes: {
      async list({ page, limit }) {
        inFlight += 1;
        onList(inFlight, limit);
        await new Promise((resolve) => setTimeout(resolve, 5));
        inFlight -= 1;
        const totalPages = Math.ceil(TOTAL / limit);
        return {
          data: quotes.slice((page - 1) * limit, page * limit),
          pagination: { page, limit, total: TOTAL, totalPages, hasNextPage: page < totalPages, hasPrevPage: page > 1 },
        };
      },
    } as QuotingClient['quotes'],
  };
}

const view = { id: 'acc', name: 'acc', environment: 'custom', baseUrl: 'http://127.0.0.1:1', mechanism: 'api-key', access: 'internal', credentialsSet: true, status: 'ok', statusMessage: null, demo: false } as const;

describe('the first sync of a large account', () => {
  it('asks for pages of 100, never more than the parallelism at once', async () => {
    const clock = createFakeClock();
    const rig = cacheRig(':memory:', clock);
    let widest = 0;
    const limits = new Set<number>();
    const client = pagedClient((inFlight, limit) => {
      widest = Math.max(widest, inFlight);
      limits.add(limit);
    });
    const engine = createSyncEngine({ accounts: { list: async () => [view], client: async () => client }, bus: rig.bus, cache: rig.cache, clock, logger: createSilentLogger(), options: { parallelism: 3 } });
    await engine.refresh();
    expect(limits).toEqual(new Set([100]));
    expect(widest).toBe(3);
    expect(rig.cache.inbox({ sort: 'newest', offset: 0, limit: 1, now: 0 }).total).toBe(TOTAL);
    rig.close();
  });

  it('stores each page by a direct call to the cache: nothing needs to listen on the bus for a sync to be kept', async () => {
    const clock = createFakeClock();
    const logger = createSilentLogger();
    const store = openSqliteStore({ path: ':memory:', clock, logger });
    const bus = createEventBus<DomainEvents>({ logger });
    // Never started: the cache subscribes to nothing.
    const cache = createQuoteCache({ store, bus, clock, logger });
    const stored: number[] = [];
    bus.subscribe('quotes.stored', ({ quotes: changed }) => stored.push(changed.length));
    const engine = createSyncEngine({ accounts: { list: async () => [view], client: async () => pagedClient(() => undefined) }, bus, cache, clock, logger });
    const [state] = await engine.refresh('acc');
    expect(state?.phase).toBe('online');
    expect(cache.inbox({ sort: 'newest', offset: 0, limit: 1, now: 0 }).total).toBe(TOTAL);
    expect(stored.reduce((sum, count) => sum + count, 0)).toBe(TOTAL);
    store.close();
  });

  it('stores the detail prefetches in batches, not one transaction per quote, and keeps every one', async () => {
    const clock = createFakeClock();
    const rig = cacheRig(':memory:', clock);
    const waiting = Array.from({ length: 120 }, () => fakeQuote({ status: 'SENT' }));
    const client = pagedClient(() => undefined);
    const list = client.quotes.list;
    client.quotes.list = async (query) => ({ ...(await list(query)), data: query.page === 1 ? waiting.map((quote) => listItemOf(quote)) : [] });
    client.quotes.get = async (id) => detailsOf(waiting.find((quote) => quote.id === id)!);
    let transactions = 0;
    const transaction = rig.store.transaction.bind(rig.store);
    rig.store.transaction = (work) => {
      transactions += 1;
      return transaction(work);
    };
    const engine = createSyncEngine({ accounts: { list: async () => [view], client: async () => client }, bus: rig.bus, cache: rig.cache, clock, logger: createSilentLogger(), options: { detailsPerCommit: 50 } });
    const [state] = await engine.refresh('acc');
    expect(state?.phase).toBe('online');
    const pages = Math.ceil(TOTAL / 100);
    // One per list page, three for 120 details (50, 50, 20), and the pass's end.
    expect(transactions).toBeLessThanOrEqual(pages + 3 + 1);
    expect(rig.cache.withoutFreshDetails('acc', waiting.map((quote) => quote.id))).toEqual([]);
    rig.close();
  });

  it('a cache that cannot be written fails the pass with its reason and does not count as synced', async () => {
    const clock = createFakeClock();
    const rig = cacheRig(':memory:', clock);
    const engine = createSyncEngine({ accounts: { list: async () => [view], client: async () => pagedClient(() => undefined) }, bus: rig.bus, cache: rig.cache, clock, logger: createSilentLogger() });
    engine.start();
    rig.store.putQuote = () => {
      throw Object.assign(new Error('write failed'), { code: 'EACCES' });
    };
    const [state] = await engine.refresh('acc');
    expect(state).toMatchObject({ phase: 'failed', lastSyncedAt: null, message: expect.stringMatching(/may not write/) });
    expect(rig.cache.lastSyncedAt('acc')).toBeNull();
    await engine.stop();
    rig.close();
  });
});

import { afterEach, describe, expect, it, vi } from 'vitest';
import type { QuoteDetails } from '../../../../preload/contract';
import { detailsOf, fakeQuote, listItemOf } from '../../../helpers/service-fixtures';
import { cacheRig } from './helpers';
import type { CacheRig } from './helpers';

let rig: CacheRig;
afterEach(() => rig?.close());

const list = (rigged: CacheRig, items: ReturnType<typeof listItemOf>[], source: 'sync' | 'webhook' = 'sync') =>
  rigged.cache.ingest({ accountId: 'acc', access: 'internal', source, observation: { kind: 'list', items } });
const details = (rigged: CacheRig, value: QuoteDetails, source: 'sync' | 'webhook' | 'open' = 'sync') =>
  rigged.cache.ingest({ accountId: 'acc', access: 'internal', source, observation: { kind: 'details', details: value } });

describe('the quotes cache', () => {
  it('reports a new quote once, and nothing when the same list comes again', () => {
    rig = cacheRig();
    const quote = fakeQuote();
    list(rig, [listItemOf(quote)]);
    list(rig, [listItemOf(quote)]);
    const stored = rig.ofType('quotes.stored');
    expect(stored).toHaveLength(1);
    expect(stored[0]).toMatchObject({ accountId: 'acc', source: 'sync', baseline: true, quotes: [{ quoteId: quote.id, changes: [{ kind: 'new' }] }] });
  });

  it('a status change seen by sync and then by a webhook is reported once, by the first to see it', () => {
    rig = cacheRig();
    const quote = fakeQuote({ status: 'SENT' });
    list(rig, [listItemOf(quote)]);
    rig.cache.markSynced('acc', rig.clock.now());
    details(rig, detailsOf(quote));
    rig.events.length = 0;

    list(rig, [listItemOf(quote, 'ACCEPTED')], 'sync');
    details(rig, detailsOf(quote, 'ACCEPTED'), 'webhook');
    list(rig, [listItemOf(quote, 'ACCEPTED')], 'webhook');

    const stored = rig.ofType('quotes.stored');
    const statusChanges = stored.flatMap((event) => event.quotes.flatMap((entry) => entry.changes)).filter((change) => change.kind === 'status');
    expect(statusChanges).toEqual([{ kind: 'status', from: 'SENT', to: 'ACCEPTED' }]);
    expect(stored[0]).toMatchObject({ source: 'sync', baseline: false });
    expect(rig.cache.get('acc', quote.id)?.details?.status).toBe('ACCEPTED');
  });

  it('keeps every distinct version of the details and reports a revision with its number', () => {
    rig = cacheRig();
    const quote = fakeQuote({ amount: 1000 });
    details(rig, detailsOf(quote));
    details(rig, detailsOf(quote));
    const revised = { ...quote, amount: 900 };
    details(rig, detailsOf(revised, 'REVISED'), 'webhook');
    details(rig, detailsOf(revised, 'REVISED'), 'sync');

    expect(rig.cache.revisions('acc', quote.id).map((revision) => revision.details.totalPrice?.amount)).toEqual([1000, 900]);
    const changes = rig.ofType('quotes.stored').flatMap((event) => event.quotes.flatMap((entry) => entry.changes));
    expect(changes).toEqual([
      { kind: 'new' },
      { kind: 'status', from: 'SENT', to: 'REVISED' },
      { kind: 'pricing', from: { amount: 1000, currency: 'EUR' }, to: { amount: 900, currency: 'EUR' } },
      { kind: 'revised', revision: 2 },
    ]);
    expect(rig.cache.diff('acc', quote.id)?.totals.at(-1)).toEqual({ team: null, currency: 'EUR', before: 1000, after: 900 });
  });

  it('marks details stale when the list moves after they were fetched', () => {
    rig = cacheRig();
    const quote = fakeQuote();
    list(rig, [listItemOf(quote)]);
    details(rig, detailsOf(quote));
    expect(rig.cache.get('acc', quote.id)?.detailsStale).toBe(false);
    list(rig, [{ ...listItemOf(quote), projectName: 'Renamed' }]);
    expect(rig.cache.get('acc', quote.id)).toMatchObject({ detailsStale: true, list: { projectName: 'Renamed' } });
  });

  it('counts unchanged details fetched again as fresh from then on, without a revision or an event', () => {
    rig = cacheRig();
    const quote = fakeQuote({ status: 'SENT' });
    list(rig, [listItemOf(quote)]);
    details(rig, detailsOf(quote));
    rig.clock.advance(5 * 60_000);
    // The list moved (a field the details do not carry): the details may be behind.
    list(rig, [{ ...listItemOf(quote), projectDescription: 'Moved in the list' }]);
    expect(rig.cache.withoutFreshDetails('acc', [quote.id])).toEqual([quote.id]);
    rig.events.length = 0;

    details(rig, detailsOf(quote), 'open');
    expect(rig.cache.get('acc', quote.id)).toMatchObject({ detailsFetchedAt: rig.clock.now(), detailsStale: false });
    expect(rig.cache.decisionBase('acc', quote.id)?.cachedAt).toBe(rig.clock.now());
    expect(rig.cache.withoutFreshDetails('acc', [quote.id])).toEqual([]);
    expect(rig.cache.revisions('acc', quote.id)).toHaveLength(1);
    expect(rig.events).toEqual([]);
  });

  it('gives the list item back as it was listed, also after newer details moved its columns, with each document stored once', () => {
    rig = cacheRig();
    const quote = fakeQuote({ status: 'SENT', amount: 1000 });
    const listed = { ...listItemOf(quote), referenceNumber: undefined, projectDescription: 'Four languages' };
    list(rig, [listed]);
    details(rig, detailsOf({ ...quote, amount: 800, projectName: 'Renamed in the details' }, 'REVISED'), 'webhook');
    const cached = rig.cache.get('acc', quote.id)!;
    expect(cached.list).toEqual(JSON.parse(JSON.stringify(listed)));
    expect(cached.details).toMatchObject({ status: 'REVISED', projectName: 'Renamed in the details', totalPrice: { amount: 800 } });
    // The inbox shows the newest state: the details'.
    expect(rig.store.getQuote('acc', quote.id)).toMatchObject({ status: 'REVISED', totalAmount: 800 });
    expect(rig.ofType('quotes.stored').at(-1)?.quotes[0]).toMatchObject({ companyName: quote.companyName, totalPrice: { amount: 800, currency: 'EUR' }, status: 'REVISED' });
  });

  it('names the quotes whose details a sync must fetch: never fetched, behind the list, or not cached at all, in the order asked', () => {
    rig = cacheRig();
    const [fresh, stale, listOnly, detailsOnly] = [fakeQuote(), fakeQuote(), fakeQuote(), fakeQuote()];
    list(rig, [listItemOf(fresh), listItemOf(stale), listItemOf(listOnly)]);
    details(rig, detailsOf(fresh));
    details(rig, detailsOf(stale));
    details(rig, detailsOf(detailsOnly));
    list(rig, [{ ...listItemOf(stale), projectName: 'Renamed' }]);

    const asked = ['unknown', listOnly.id, detailsOnly.id, fresh.id, stale.id];
    expect(rig.cache.withoutFreshDetails('acc', asked)).toEqual(['unknown', listOnly.id, stale.id]);
    expect(rig.cache.withoutFreshDetails('other-account', [fresh.id])).toEqual([fresh.id]);
    expect(rig.cache.withoutFreshDetails('acc', [])).toEqual([]);
  });

  it('names the quotes needing action alike before the inbox index is built (read from the file) and after, newest first', () => {
    rig = cacheRig();
    const statuses = ['SENT', 'ACCEPTED', 'REVISED', 'PENDING', 'SENT_PENDING', 'REJECTED', 'SENT_REVISED'] as const;
    const items = Array.from({ length: 60 }, (_, index) => {
      const quote = fakeQuote({ status: statuses[index % statuses.length]!, quoteNumber: index % 5 === 0 ? null : `Q-${index}` });
      // Some dates shared (the quote id breaks the tie), some missing.
      const quoteDate = index % 11 === 0 ? null : new Date(Date.UTC(2025, 0, 1 + (index % 9))).toISOString();
      return { ...listItemOf(quote), quoteDate };
    });
    list(rig, items);
    rig.cache.ingest({ accountId: 'client', access: 'client', source: 'sync', observation: { kind: 'list', items } });
    const fromFile = { internal: rig.cache.needsAction('acc'), client: rig.cache.needsAction('client') };
    expect(rig.cache.needsActionAtAGlance('acc').length).toBeGreaterThan(10);
    expect({ internal: rig.cache.needsAction('acc'), client: rig.cache.needsAction('client') }).toEqual(fromFile);
    expect(fromFile.client).not.toEqual(fromFile.internal);
    expect(rig.cache.needsAction('nobody')).toEqual([]);
  });

  it('gives the quotes needing action at a glance as their list items say, newest first, without parsing any stored JSON', () => {
    rig = cacheRig();
    const [sent, revised, accepted, unpriced] = [fakeQuote({ status: 'SENT' }), fakeQuote({ status: 'REVISED' }), fakeQuote({ status: 'ACCEPTED' }), fakeQuote({ status: 'SENT_PENDING' })];
    list(rig, [listItemOf(sent), listItemOf(revised), listItemOf(accepted), { ...listItemOf(unpriced), totalPrice: null, validUntil: undefined, companyName: null }]);
    details(rig, detailsOf(sent));

    const parse = vi.spyOn(JSON, 'parse');
    const glance = rig.cache.needsActionAtAGlance('acc');
    expect(parse).not.toHaveBeenCalled();
    parse.mockRestore();

    const asListed = rig.cache.needsAction('acc').map((id) => {
      const item = rig.cache.get('acc', id)?.list;
      if (!item) throw new Error(`no list item for ${id}`);
      const { quoteNumber, projectName, companyName, status, totalPrice } = item;
      return { id, quoteNumber, projectName, companyName, status, totalPrice, validUntil: item.validUntil ?? null };
    });
    expect(glance).toEqual(asListed);
    expect(glance.map((quote) => quote.id).sort()).toEqual([sent.id, revised.id, unpriced.id].sort());
    expect(rig.cache.needsActionAtAGlance('other-account')).toEqual([]);
  });

  it('a write that fails throws its reason to the producer and changes nothing, in the store, the inbox or on the bus', () => {
    rig = cacheRig();
    const quote = fakeQuote();
    list(rig, [listItemOf(quote)]);
    expect(rig.cache.inbox({ sort: 'newest', offset: 0, limit: 10, now: 0 }).total).toBe(1);
    const original = rig.store.putQuote.bind(rig.store);
    let calls = 0;
    rig.store.putQuote = (row) => {
      calls += 1;
      if (calls === 2) throw Object.assign(new Error('disk I/O error'), { code: 'ENOSPC' });
      original(row);
    };
    const other = fakeQuote();
    rig.events.length = 0;
    expect(() => list(rig, [listItemOf(other), listItemOf({ ...quote, projectName: 'Changed' })])).toThrow(/disk is full/);
    expect(rig.events).toEqual([]);
    expect(rig.store.getQuote('acc', other.id)).toBeNull();
    expect(rig.cache.get('acc', quote.id)?.list?.projectName).toBe(quote.projectName);
    expect(rig.cache.inbox({ sort: 'newest', offset: 0, limit: 10, now: 0 }).total).toBe(1);
  });

  it('forgets an account when it is removed', () => {
    rig = cacheRig();
    list(rig, [listItemOf(fakeQuote())]);
    rig.bus.publish('account.removed', { accountId: 'acc' });
    expect(rig.store.allQuotes('acc')).toEqual([]);
    expect(rig.cache.inbox({ sort: 'newest', offset: 0, limit: 10, now: 0 }).total).toBe(0);
  });
});

describe('the canonical JSON behind content hashes', () => {
  it('is the same text whatever the key order, and skips undefined fields as JSON does', async () => {
    const { canonicalJson } = await import('../../../../main/core/cache/hash');
    const a = { b: 1, a: { d: [1, { z: 'x', y: null }], c: undefined }, e: 'é"' };
    const b = { e: 'é"', a: { d: [1, { y: null, z: 'x' }] }, b: 1 };
    expect(canonicalJson(a)).toBe(canonicalJson(b));
    expect(JSON.parse(canonicalJson(a))).toEqual(JSON.parse(JSON.stringify(b)));
    expect(canonicalJson(a)).toBe('{"a":{"d":[1,{"y":null,"z":"x"}]},"b":1,"e":"é\\""}');
  });
});

// Facet coverage: how many quotes' service types and target markets are known, so the
// inbox can say those two facets are partial while details are still being read; and what
// the background reader asks the cache for (which quotes still lack them, refused details).
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { cacheRig } from './helpers';
import { NOW, indexOf, sourceRow } from './inbox-rows';
import { detailsOf, fakeQuote, listItemOf } from '../../../helpers/service-fixtures';

const folders: string[] = [];
afterEach(() => {
  for (const folder of folders.splice(0)) rmSync(folder, { recursive: true, force: true });
});

describe('facet coverage in the index', () => {
  it('counts the quotes with known service types among those the facets count, before the facet filters', () => {
    const built = indexOf(
      [sourceRow({ quoteId: 'a', companyName: 'Acme' }), sourceRow({ quoteId: 'b', companyName: 'Acme' }), sourceRow({ quoteId: 'c', companyName: 'Globex' })],
      { 'internal-acc': { access: 'internal' } },
    );
    expect(built.facets({ now: NOW }).coverage).toEqual({ known: 0, total: 3 });
    built.put({ ...sourceRow({ quoteId: 'a', companyName: 'Acme' }), serviceTypes: ['translation'], targetMarkets: [] });
    // Known without any service type (the service refused the details, or the pricing names none) is still known.
    built.put({ ...sourceRow({ quoteId: 'c', companyName: 'Globex' }), serviceTypes: [], targetMarkets: [] });
    expect(built.facets({ now: NOW }).coverage).toEqual({ known: 2, total: 3 });
    // A company filter is a facet filter: coverage still speaks of every quote counted.
    expect(built.facets({ now: NOW, companies: ['Acme'] }).coverage).toEqual({ known: 2, total: 3 });
    // The search narrows what is counted, coverage with it.
    expect(built.facets({ now: NOW, quoteIds: ['a', 'b'] }).coverage).toEqual({ known: 1, total: 2 });
  });

  it('lists an account’s quotes without known facets, newest first, up to a limit', () => {
    const built = indexOf(
      [
        sourceRow({ quoteId: 'old', quoteDate: '2026-01-01T00:00:00Z' }),
        sourceRow({ quoteId: 'new', quoteDate: '2026-03-01T00:00:00Z' }),
        sourceRow({ quoteId: 'mid', quoteDate: '2026-02-01T00:00:00Z' }),
      ],
      { 'internal-acc': { access: 'internal' } },
    );
    expect(built.undescribed('internal-acc', 2)).toEqual(['new', 'mid']);
    built.put({ ...sourceRow({ quoteId: 'new', quoteDate: '2026-03-01T00:00:00Z' }), serviceTypes: ['dtp'], targetMarkets: [] });
    expect(built.undescribed('internal-acc', 5)).toEqual(['mid', 'old']);
    expect(built.undescribed('nobody', 5)).toEqual([]);
  });
});

describe('what the background reader asks of the cache', () => {
  it('a quote whose details were read, or refused, is no longer wanted, and that survives a restart', async () => {
    const folder = mkdtempSync(join(tmpdir(), 'facet-coverage-'));
    folders.push(folder);
    const path = join(folder, 'quotes.db');
    const quotes = ['q-1', 'q-2', 'q-3'].map((id) => fakeQuote({ id }));
    const rig = cacheRig(path);
    rig.cache.record({ accountId: 'acc', access: 'internal', source: 'sync', observations: [{ kind: 'list', items: quotes.map((quote) => listItemOf(quote)) }] });
    expect((await rig.cache.withoutFacets('acc', 10)).sort()).toEqual(['q-1', 'q-2', 'q-3']);
    expect(await rig.cache.withoutFacets('acc', 2)).toHaveLength(2);
    rig.cache.record({ accountId: 'acc', access: 'internal', source: 'sync', observations: [{ kind: 'details', details: detailsOf(quotes[2]!) }] });
    rig.cache.markDetailsRefused('acc', ['q-1']);
    expect(await rig.cache.withoutFacets('acc', 10)).toEqual(['q-2']);
    expect(rig.cache.inboxFacets({ now: NOW }).coverage).toEqual({ known: 2, total: 3 });
    // A list page later keeps what is known.
    rig.cache.record({ accountId: 'acc', access: 'internal', source: 'sync', observations: [{ kind: 'list', items: quotes.map((quote) => listItemOf({ ...quote, projectName: 'Renamed' })) }] });
    expect(await rig.cache.withoutFacets('acc', 10)).toEqual(['q-2']);
    rig.close();

    const again = cacheRig(path);
    try {
      expect(await again.cache.withoutFacets('acc', 10)).toEqual(['q-2']);
      expect(again.cache.inboxFacets({ now: NOW }).coverage).toEqual({ known: 2, total: 3 });
    } finally {
      again.close();
    }
  });

  it('says once when quotes become described, so the inbox counts its facets again, and not when they already were', async () => {
    const rig = cacheRig();
    try {
      const quotes = [fakeQuote({ id: 'q-1' }), fakeQuote({ id: 'q-2' })];
      rig.cache.record({ accountId: 'acc', access: 'internal', source: 'sync', observations: [{ kind: 'list', items: quotes.map((quote) => listItemOf(quote)) }] });
      await rig.cache.withoutFacets('acc', 10);
      rig.cache.record({ accountId: 'acc', access: 'internal', source: 'sync', observations: [{ kind: 'details', details: detailsOf(quotes[0]!) }] });
      expect(rig.ofType('quotes.described')).toEqual([{ accountId: 'acc', count: 1 }]);
      // Read again, revised, listed anew: no facet became known.
      rig.cache.record({ accountId: 'acc', access: 'internal', source: 'open', observations: [{ kind: 'details', details: { ...detailsOf(quotes[0]!), projectName: 'Revised' } }] });
      expect(rig.ofType('quotes.described')).toHaveLength(1);
      rig.cache.markDetailsRefused('acc', ['q-2']);
      rig.cache.markDetailsRefused('acc', ['q-2']);
      expect(rig.ofType('quotes.described')).toEqual([{ accountId: 'acc', count: 1 }, { accountId: 'acc', count: 1 }]);
    } finally {
      rig.close();
    }
  });

  it('refused details do not hide details read earlier', async () => {
    const rig = cacheRig();
    try {
      const quote = fakeQuote({ id: 'q-1' });
      rig.cache.record({ accountId: 'acc', access: 'internal', source: 'sync', observations: [{ kind: 'details', details: detailsOf(quote) }] });
      const before = rig.cache.inboxFacets({ now: NOW }).serviceTypes;
      expect(before.length).toBeGreaterThan(0);
      rig.cache.markDetailsRefused('acc', ['q-1', 'unknown']);
      expect(rig.cache.inboxFacets({ now: NOW }).serviceTypes).toEqual(before);
    } finally {
      rig.close();
    }
  });
});

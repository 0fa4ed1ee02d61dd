// Facets from the index: counts per company, currency, service type, target market and
// date range for the current search and filters, each facet counted without its own filter.
import { describe, expect, it } from 'vitest';
import { pricingFacets } from '../../../../main/core/database/pricing-facets';
import { cacheRig } from './helpers';
import { DAY, NOW, indexOf, queryOf, sourceRow } from './inbox-rows';
import { detailsOf, fakeQuote } from '../../../helpers/service-fixtures';

const at = (days: number) => new Date(NOW + days * DAY).toISOString();
const day = (days: number) => at(days).slice(0, 10);

function index() {
  const built = indexOf(
    [
      sourceRow({ quoteId: 'a', companyName: 'Acme', currency: 'EUR', projectName: 'Website relaunch', projectDueDate: day(-3), validUntil: at(3) }),
      sourceRow({ quoteId: 'b', companyName: 'Acme', currency: 'USD', projectName: 'App strings', projectDueDate: day(10), validUntil: at(-1), status: 'EXPIRED' }),
      sourceRow({ quoteId: 'c', companyName: 'Globex', currency: 'EUR', projectName: 'Website copy', projectDueDate: null, validUntil: at(60) }),
      sourceRow({ quoteId: 'd', companyName: null, currency: null, projectName: 'Brochure', projectDueDate: day(100), validUntil: null, totalAmount: null }),
    ],
    { 'internal-acc': { access: 'internal' } },
  );
  built.put({ ...sourceRow({ quoteId: 'a', companyName: 'Acme', currency: 'EUR', projectName: 'Website relaunch', projectDueDate: day(-3), validUntil: at(3) }), serviceTypes: ['translation', 'dtp'], targetMarkets: ['French (France)'] });
  built.put({ ...sourceRow({ quoteId: 'c', companyName: 'Globex', currency: 'EUR', projectName: 'Website copy', validUntil: at(60) }), serviceTypes: ['translation'], targetMarkets: ['German (Germany)', 'French (France)'] });
  return built;
}

const counts = (list: { value: string; count: number }[]) => Object.fromEntries(list.map(({ value, count }) => [value, count]));

describe('facet counts', () => {
  it('count each value over every quote, with date ranges from now', () => {
    const facets = index().facets({ now: NOW });
    expect(facets.total).toBe(4);
    expect(counts(facets.companies)).toEqual({ Acme: 2, Globex: 1 });
    expect(counts(facets.currencies)).toEqual({ EUR: 2, USD: 1 });
    expect(counts(facets.serviceTypes)).toEqual({ translation: 2, dtp: 1 });
    expect(counts(facets.targetMarkets)).toEqual({ 'French (France)': 2, 'German (Germany)': 1 });
    expect(counts(facets.dueDate)).toEqual({ overdue: 1, 'next-7-days': 0, 'next-30-days': 1, later: 1, none: 1 });
    expect(counts(facets.validUntil)).toEqual({ ended: 1, 'next-7-days': 1, 'next-30-days': 0, later: 1, none: 1 });
  });

  it('follow the search and stages, and count each facet with every filter but its own', () => {
    const facets = index().facets({ now: NOW, search: 'website', companies: ['Acme'], currencies: ['EUR'] });
    expect(facets.total).toBe(1);
    // Companies: with the search and the currency filter, not the company one.
    expect(counts(facets.companies)).toEqual({ Acme: 1, Globex: 1 });
    // Currencies: with the company filter (Acme's website quote is in EUR only).
    expect(counts(facets.currencies)).toEqual({ EUR: 1 });
    expect(counts(facets.serviceTypes)).toEqual({ translation: 1, dtp: 1 });
    expect(index().facets({ now: NOW, stages: ['expired'] }).total).toBe(1);
  });

  it('keep a chosen value that no quote has, with no quotes, so its chip can be removed', () => {
    const facets = index().facets({ now: NOW, companies: ['Initech'] });
    expect(facets.total).toBe(0);
    expect(facets.companies).toContainEqual({ value: 'Initech', count: 0 });
  });

  it('agree with the totals of inbox queries filtered by each value', () => {
    const built = index();
    const base = { search: 'e', now: NOW };
    const facets = built.facets(base);
    for (const { value, count } of facets.companies) expect(built.query(queryOf({ ...base, companies: [value] })).total).toBe(count);
    for (const { value, count } of facets.serviceTypes) expect(built.query(queryOf({ ...base, serviceTypes: [value] })).total).toBe(count);
    for (const { value, count } of facets.dueDate) expect(built.query(queryOf({ ...base, dueDate: [value] })).total).toBe(count);
    for (const { value, count } of facets.validUntil) expect(built.query(queryOf({ ...base, validUntil: [value] })).total).toBe(count);
    expect(built.query(queryOf(base)).total).toBe(facets.total);
  });
});

describe('facet filters on the inbox query', () => {
  it('keep quotes with any chosen value of a facet, and must all hold across facets', () => {
    const ids = (query: Parameters<typeof queryOf>[0]) => index().query(queryOf(query)).rows.map((row) => row.quoteId).sort();
    expect(ids({ companies: ['Acme', 'Globex'] })).toEqual(['a', 'b', 'c']);
    expect(ids({ companies: ['Acme'], currencies: ['EUR'] })).toEqual(['a']);
    expect(ids({ targetMarkets: ['German (Germany)'] })).toEqual(['c']);
    expect(ids({ dueDate: ['overdue', 'none'] })).toEqual(['a', 'c']);
    expect(ids({ validUntil: ['ended'] })).toEqual(['b']);
    expect(ids({ quoteIds: ['d', 'b', 'nope'] })).toEqual(['b', 'd']);
  });

  it('a list item written later keeps the service types its details gave', () => {
    const built = index();
    built.put(sourceRow({ quoteId: 'a', companyName: 'Acme', projectName: 'Website relaunch v2' }));
    expect(built.query(queryOf({ serviceTypes: ['dtp'] })).rows.map((row) => row.projectName)).toEqual(['Website relaunch v2']);
  });
});

describe('service types and target markets from the cache', () => {
  it("are read from stored details' pricing", () => {
    const details = detailsOf(fakeQuote());
    const expected = pricingFacets(details);
    expect(expected.serviceTypes.length).toBeGreaterThan(0);
    const rig = cacheRig();
    try {
      rig.cache.ingest({ accountId: 'acc', access: 'internal', source: 'sync', observation: { kind: 'details', details } });
      const facets = rig.cache.inboxFacets({ now: NOW });
      expect(facets.serviceTypes.map((facet) => facet.value).sort()).toEqual([...expected.serviceTypes].sort());
      expect(facets.targetMarkets.map((facet) => facet.value).sort()).toEqual([...expected.targetMarkets].sort());
    } finally {
      rig.close();
    }
  });

  it('the cache lists a quote two accounts on one service see once, as the accounts are told', () => {
    const rig = cacheRig();
    try {
      const details = detailsOf(fakeQuote());
      rig.cache.ingest({ accountId: 'client', access: 'client', source: 'sync', observation: { kind: 'details', details } });
      rig.cache.ingest({ accountId: 'internal', access: 'internal', source: 'sync', observation: { kind: 'details', details } });
      expect(rig.cache.inbox(queryOf({})).total).toBe(2);
      rig.cache.setServices([{ id: 'client', baseUrl: 'https://Quotes.example.test/' }, { id: 'internal', baseUrl: 'https://quotes.example.test' }]);
      expect(rig.cache.inbox(queryOf({})).rows.map((row) => row.accounts.map((view) => view.accountId).sort())).toEqual([['client', 'internal']]);
    } finally {
      rig.close();
    }
  });
});

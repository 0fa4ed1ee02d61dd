import { afterEach, describe, expect, it } from 'vitest';
import { QUOTE_STATUSES } from '../../../preload/contract';
import { DEFAULT_QUOTES, DEFAULT_SEED, ManualClock, startSimulator } from '../../../main/simulator';
import type { Simulator } from '../../../main/simulator';
import { DEMO_QUOTES, DEMO_SEED } from '../../../main/simulator/demo';
import { generateWorld } from '../../../main/simulator/seed/generate';
import { pricingTotal, revisePricing } from '../../../main/simulator/seed/pricing';
import type { Random } from '../../../main/simulator/random';
import type { PricingRecord, QuoteRecord } from '../../../main/simulator/model';
import type { Principal } from '../../../main/simulator/auth/credentials';
import { toDetails, toListItem } from '../../../main/simulator/views/quote-views';
import { api, key } from './http';

const START = Date.UTC(2026, 2, 10, 12, 0, 0);
const running: Simulator[] = [];
afterEach(async () => {
  await Promise.all(running.splice(0).map((sim) => sim.close()));
});

async function listAll(sim: Simulator): Promise<unknown[]> {
  const response = await api(sim.baseUrl, '/api/public/v1/quotes?page=1&limit=100', { headers: key(sim.credentials.adminApiKey) });
  return (response.json as { data: unknown[] }).data;
}

describe('seeded data', () => {
  it('serves the same quotes for the same seed and different ones for another seed', async () => {
    const [a, b, c] = await Promise.all([
      startSimulator({ seed: 42, quotes: 80, clock: new ManualClock(START) }),
      startSimulator({ seed: 42, quotes: 80, clock: new ManualClock(START) }),
      startSimulator({ seed: 43, quotes: 80, clock: new ManualClock(START) }),
    ]);
    running.push(a, b, c);
    const [listA, listB, listC] = await Promise.all([listAll(a), listAll(b), listAll(c)]);
    expect(listA).toHaveLength(80);
    expect(listB).toEqual(listA);
    expect(listC).not.toEqual(listA);
    expect(a.credentials.companies.map(({ id, name }) => ({ id, name }))).toEqual(b.credentials.companies.map(({ id, name }) => ({ id, name })));
    // Credentials are never derived from the seed.
    expect(a.credentials.adminApiKey).not.toBe(b.credentials.adminApiKey);
  });

  it('contains every status, several companies, currencies, services, markets and units', () => {
    const world = generateWorld(5, 20, START);
    expect(new Set(world.quotes.map((quote) => quote.status))).toEqual(new Set(QUOTE_STATUSES));
    expect(world.companies.length).toBeGreaterThanOrEqual(3);
    expect(world.companies.length).toBeLessThanOrEqual(4);
    const big = generateWorld(9, 2000, START);
    const pricings = big.quotes.flatMap((quote) => quote.revisions.map((revision) => revision.pricing)).filter((pricing) => pricing !== null);
    const services = new Set(pricings.flatMap((pricing) => pricing.services.map((service) => service.serviceType)));
    const markets = new Set(pricings.flatMap((pricing) => pricing.services.flatMap((service) => service.markets.map(({ market }) => market.code))));
    const units = new Set(pricings.flatMap((pricing) => pricing.services.flatMap((service) => service.markets.flatMap(({ items }) => items.map((item) => item.unit)))));
    expect(services).toEqual(new Set(['translation', 'transcreation', 'voice-over', 'subtitling', 'dtp', 'mt-post-editing']));
    for (const code of ['fr-FR', 'de-DE', 'ja-JP', 'pt-BR', 'es-MX', 'zh-CN']) expect(markets).toContain(code);
    expect(units).toEqual(new Set(['words', 'hours', 'minutes', 'pages']));
    expect(new Set(pricings.map((pricing) => pricing.currency))).toEqual(new Set(['EUR', 'GBP', 'USD']));
  });

  it('keeps a revision history whose pricing changed for revised quotes', () => {
    const world = generateWorld(3, 200, START);
    const revised = world.quotes.filter((quote) => quote.status === 'REVISED' || quote.status === 'SENT_REVISED');
    expect(revised.length).toBeGreaterThan(0);
    for (const quote of revised) {
      expect(quote.revisions.length).toBeGreaterThanOrEqual(2);
      const totals = quote.revisions.map((revision) => pricingTotal(revision.pricing!));
      expect(new Set(totals).size).toBe(totals.length);
    }
  });

  it('changes the total of a revision even when ten percent off a unit price rounds back to the same cents', () => {
    // A draw that changes nothing, so the revision must change the price itself.
    const unchanged = { chance: () => false, next: () => 0 } as unknown as Random;
    const market = { id: 'm', code: 'fr-FR', label: 'French (France)' };
    const previous: PricingRecord = {
      currency: 'EUR',
      services: [{ serviceName: 'Translation', serviceType: 'translation', teamName: 'T', dueDate: null, notes: null, markets: [{ market, items: [{ itemName: 'Words', unit: 'words', quantity: 9342, unitPrice: 0.05 }] }] }],
    };
    expect(pricingTotal(revisePricing(unchanged, previous))).not.toBe(pricingTotal(previous));
  });

  it('gives pending quotes no number and never dates anything in the future', () => {
    const world = generateWorld(11, 500, START);
    for (const quote of world.quotes) {
      if (quote.status === 'PENDING') expect(quote.quoteNumber).toBeNull();
      else expect(quote.quoteNumber).toMatch(/^Q-\d{4}-\d{4,}$/);
      expect(quote.updatedAt).toBeLessThanOrEqual(START);
      expect(quote.quoteDate ?? 0).toBeLessThanOrEqual(START);
    }
  });

  it('generates 10,000 quotes and refuses counts outside 20..200,000', () => {
    expect(generateWorld(1, 10_000, START).quotes).toHaveLength(10_000);
    expect(() => generateWorld(1, 19, START)).toThrow(/from 20 to 200000/);
    expect(() => generateWorld(1, 200_001, START)).toThrow(/from 20 to 200000/);
  });

  it('gives the same quote whichever of its parts is read first, and the list total matches the details', () => {
    const principal = { kind: 'admin' } as Principal;
    const readDetailsFirst = generateWorld(21, 300, START);
    const readListFirst = generateWorld(21, 300, START);
    const companyOf = (world: ReturnType<typeof generateWorld>, quote: QuoteRecord) => world.companies.find((company) => company.id === quote.companyId)!;
    const revised = readDetailsFirst.quotes.filter((quote) => quote.status === 'REVISED').slice(0, 3);
    expect(revised.length).toBeGreaterThan(0);
    // One world opens the quotes at once; the other lists every quote (which peeks at each total) and reads teams first.
    const opened = revised.map((quote) => toDetails(principal, quote, companyOf(readDetailsFirst, quote)));
    const listed = readListFirst.quotes.map((quote) => toListItem(principal, quote, companyOf(readListFirst, quote)));
    for (const quote of readListFirst.quotes) void quote.team;
    const later = revised.map(({ id }) => readListFirst.quotesById.get(id)!).map((quote) => toDetails(principal, quote, companyOf(readListFirst, quote)));
    expect(later).toEqual(opened);
    for (const details of opened) expect(listed.find((item) => item.id === details.id)?.totalPrice).toEqual(details.totalPrice);
    // A revised quote keeps its earlier pricing, drawn from the same stream.
    expect(readListFirst.quotesById.get(revised[0]!.id)!.revisions.length).toBeGreaterThanOrEqual(2);
  });
});

/** Every page of the quote list as `apiKey` sees it. */
async function everyQuote(sim: Simulator, apiKey: string): Promise<{ id: string; status: string; quoteNumber: string | null; companyId: string }[]> {
  const all = [];
  for (let page = 1; ; page++) {
    const response = await api(sim.baseUrl, `/api/public/v1/quotes?page=${page}&limit=100`, { headers: key(apiKey) });
    const body = response.json as { data: { id: string; status: string; quoteNumber: string | null; companyId: string }[]; pagination: { hasNextPage: boolean } };
    all.push(...body.data);
    if (!body.pagination.hasNextPage) return all;
  }
}

const TERMINAL_SPREAD = [['ACCEPTED', 'CHANGED_TO_PROJECT'], ['REJECTED'], ['EXPIRED'], ['CANCELLED']];

describe('demo data a person can work with, for every company', () => {
  it.each([
    ['the simulator default', DEFAULT_SEED, DEFAULT_QUOTES],
    ['demo mode', DEMO_SEED, DEMO_QUOTES],
  ])('%s (seed %i, %i quotes)', async (_name, seed, quotes) => {
    const sim = await startSimulator({ seed, quotes, clock: new ManualClock(START) });
    running.push(sim);
    const everything = await everyQuote(sim, sim.credentials.adminApiKey);
    expect(everything).toHaveLength(quotes);
    expect(new Set(everything.map((quote) => quote.companyId))).toEqual(new Set(sim.credentials.companies.map((company) => company.id)));

    for (const company of sim.credentials.companies) {
      const stored = sim.operator.findQuotes({ companyId: company.id });
      const seen = await everyQuote(sim, company.apiKey);
      expect(new Set(seen.map((quote) => quote.id))).toEqual(new Set(stored.map((quote) => quote.id)));
      expect(everything.filter((quote) => quote.companyId === company.id)).toHaveLength(stored.length);

      const inPreparation = stored.filter((quote) => quote.status === 'PENDING');
      expect(inPreparation.length, company.name).toBeGreaterThanOrEqual(3);
      expect(inPreparation.every((quote) => quote.quoteNumber === null)).toBe(true);

      for (const ends of TERMINAL_SPREAD) expect(stored.some((quote) => ends.includes(quote.status)), `${company.name}: ${ends.join(' or ')}`).toBe(true);

      const revised = stored.filter((quote) => quote.status === 'REVISED');
      expect(revised.length, company.name).toBeGreaterThanOrEqual(2);
      for (const quote of revised) {
        expect(sim.operator.quoteRevisions(quote.id).length).toBeGreaterThanOrEqual(2);
        // The client sees that there was an earlier version.
        const summary = await api(sim.baseUrl, `/api/public/v1/quotes/${quote.id}/summary`, { headers: key(company.apiKey) });
        expect((summary.json as { data: { revision: number } }).data.revision).toBeGreaterThanOrEqual(2);
      }

      // Stored SENT and REVISED are what the service lets a client decide: try each one.
      const decidable = stored.filter((quote) => quote.status === 'SENT' || quote.status === 'REVISED');
      expect(decidable.length, company.name).toBeGreaterThanOrEqual(3);
      for (const [index, quote] of decidable.entries()) {
        const details = await api(sim.baseUrl, `/api/public/v1/quotes/${quote.id}`, { headers: key(company.apiKey) });
        expect(Date.parse((details.json as { data: { validUntil: string } }).data.validUntil)).toBeGreaterThan(START);
        const action = index % 2 === 0 ? 'accept' : 'decline';
        const decided = await api(sim.baseUrl, `/api/public/v1/quotes/${quote.id}/${action}`, { method: 'POST', headers: key(company.apiKey), body: {} });
        expect(decided.status, `${action} ${quote.quoteNumber}`).toBe(200);
      }
    }
  });

  it('holds for other seeds too, from 60 quotes up', () => {
    for (let seed = 1; seed <= 25; seed++) {
      for (const count of [60, 120, 400]) {
        const world = generateWorld(seed, count, START);
        for (const company of world.companies) {
          const own = world.quotes.filter((quote) => quote.companyId === company.id);
          const where = `seed ${seed}, ${count} quotes, ${company.name}`;
          expect(own.filter((quote) => quote.status === 'SENT' || quote.status === 'REVISED').length, where).toBeGreaterThanOrEqual(3);
          expect(own.filter((quote) => quote.status === 'PENDING' && quote.quoteNumber === null).length, where).toBeGreaterThanOrEqual(3);
          expect(own.some((quote) => quote.status === 'REVISED' && quote.revisions.length >= 2), where).toBe(true);
          for (const ends of TERMINAL_SPREAD) expect(own.some((quote) => ends.includes(quote.status)), where).toBe(true);
        }
        expect(new Set(world.quotes.map((quote) => quote.status)), `seed ${seed}`).toEqual(new Set(QUOTE_STATUSES));
      }
    }
  });
});

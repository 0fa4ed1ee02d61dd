import { afterEach, describe, expect, it } from 'vitest';
import { QUOTE_STATUSES } from '../../../preload/contract';
import { ManualClock, startSimulator } from '../../../main/simulator';
import type { Simulator } from '../../../main/simulator';
import { generateWorld } from '../../../main/simulator/seed/generate';
import { pricingTotal } from '../../../main/simulator/seed/pricing';
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

  it('gives pending quotes no number and never dates anything in the future', () => {
    const world = generateWorld(11, 500, START);
    for (const quote of world.quotes) {
      if (quote.status === 'PENDING') expect(quote.quoteNumber).toBeNull();
      else expect(quote.quoteNumber).toMatch(/^Q-\d{4}-\d{4,}$/);
      expect(quote.updatedAt).toBeLessThanOrEqual(START);
      expect(quote.quoteDate ?? 0).toBeLessThanOrEqual(START);
    }
  });

  it('generates 10,000 quotes and refuses counts outside 20..10,000', () => {
    expect(generateWorld(1, 10_000, START).quotes).toHaveLength(10_000);
    expect(() => generateWorld(1, 19, START)).toThrow(/from 20 to 10000/);
    expect(() => generateWorld(1, 10_001, START)).toThrow(/from 20 to 10000/);
  });
});

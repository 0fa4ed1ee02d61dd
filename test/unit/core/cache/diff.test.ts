import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createQuotingClient } from '../../../../main/core/api';
import type { ClosableQuotingClient } from '../../../../main/core/api';
import { diffQuotes } from '../../../../main/core/cache';
import type { LineFigures, LinePlace } from '../../../../main/core/cache';
import { ManualClock, startSimulator } from '../../../../main/simulator';
import type { Simulator } from '../../../../main/simulator';
import type { QuoteDetails } from '../../../../preload/contract';
import { detailsOf, fakeQuote } from '../../../helpers/service-fixtures';
import { cacheRig } from './helpers';

function withLines(base: QuoteDetails, lines: { market: string; item: string; quantity: number; unitPrice: number }[], total: number): QuoteDetails {
  const markets = [...new Set(lines.map((line) => line.market))];
  return {
    ...base,
    totalPrice: { amount: total, currency: 'EUR' },
    itemsPricing: {
      total,
      calculatedAt: null,
      teams: [
        {
          teamName: 'Translation',
          currency: 'EUR',
          total,
          clientServices: [
            {
              serviceName: 'Translation',
              serviceType: 'TRANSLATION',
              dueDate: null,
              notes: null,
              total,
              targetMarkets: markets.map((market) => ({
                targetMarketId: `00000000-0000-4000-8000-00000000000${markets.indexOf(market)}`,
                targetMarketLabel: market,
                subTotal: 0,
                items: lines
                  .filter((line) => line.market === market)
                  .map((line) => ({ itemName: line.item, unit: 'words', quantity: line.quantity, unitPrice: line.unitPrice, totalPrice: line.quantity * line.unitPrice })),
              })),
            },
          ],
        },
      ],
    },
  };
}

describe('the diff of two versions of a quote', () => {
  it('names a service by its type as well only when the type says more than the name', () => {
    const base = detailsOf(fakeQuote({ status: 'SENT' }));
    const line = [{ market: 'German (Germany)', item: 'New words', quantity: 1000, unitPrice: 0.1 }];
    const before = withLines(base, line, 100);
    const after = withLines(base, [{ ...line[0]!, quantity: 1200 }], 120);
    // "Translation" typed TRANSLATION reads "Translation", not "Translation (translation)".
    expect(diffQuotes(before, after).lines[0]!.place.service).toBe('Translation');
    for (const version of [before, after]) version.itemsPricing!.teams[0]!.clientServices[0]!.serviceType = 'MACHINE_TRANSLATION_POST_EDITING';
    expect(diffQuotes(before, after).lines[0]!.place.service).toBe('Translation (MACHINE_TRANSLATION_POST_EDITING)');
  });

  it('names lines added, removed and changed per market, the totals, dates, status and PO fields', () => {
    const base = detailsOf(fakeQuote({ status: 'SENT' }));
    const before = withLines(
      { ...base, poNumber: null, poRequired: false },
      [
        { market: 'German (Germany)', item: 'New words', quantity: 1000, unitPrice: 0.1 },
        { market: 'French (France)', item: 'New words', quantity: 1000, unitPrice: 0.1 },
        { market: 'French (France)', item: 'Proofreading', quantity: 10, unitPrice: 5 },
      ],
      350,
    );
    const after = withLines(
      { ...base, status: 'REVISED', validUntil: '2025-05-01T10:00:00.000Z', poNumber: 'PO-77', poRequired: true },
      [
        { market: 'German (Germany)', item: 'New words', quantity: 1200, unitPrice: 0.1 },
        { market: 'French (France)', item: 'New words', quantity: 1000, unitPrice: 0.1 },
        { market: 'French (France)', item: 'DTP', quantity: 2, unitPrice: 40 },
      ],
      300,
    );
    const diff = diffQuotes(before, after);
    const place = (targetMarket: string, item: string) => ({ team: 'Translation', service: 'Translation', targetMarket, item, unit: 'words' });
    expect(diff.lines).toEqual([
      { kind: 'changed', place: place('German (Germany)', 'New words'), before: { quantity: 1000, unitPrice: 0.1, totalPrice: 100 }, after: { quantity: 1200, unitPrice: 0.1, totalPrice: 120 }, fields: ['quantity', 'totalPrice'] },
      { kind: 'removed', place: place('French (France)', 'Proofreading'), before: { quantity: 10, unitPrice: 5, totalPrice: 50 } },
      { kind: 'added', place: place('French (France)', 'DTP'), after: { quantity: 2, unitPrice: 40, totalPrice: 80 } },
    ]);
    expect(diff.totals).toEqual([
      { team: 'Translation', currency: 'EUR', before: 350, after: 300 },
      { team: null, currency: 'EUR', before: 350, after: 300 },
    ]);
    expect(diff.dates).toEqual([{ field: 'validUntil', before: '2025-04-20T10:00:00.000Z', after: '2025-05-01T10:00:00.000Z' }]);
    expect(diff.status).toEqual({ before: 'SENT', after: 'REVISED' });
    expect(diff.po).toEqual([
      { field: 'poNumber', before: null, after: 'PO-77' },
      { field: 'poRequired', before: false, after: true },
    ]);
    expect(diff.changed).toBe(true);
    expect(diffQuotes(before, before)).toMatchObject({ lines: [], dates: [], po: [], status: null, changed: false });
  });
});

describe('a quote the operator of the embedded service revised', () => {
  let sim: Simulator;
  let client: ClosableQuotingClient;
  beforeAll(async () => {
    sim = await startSimulator({ seed: 11, quotes: 40, clock: new ManualClock(), log: () => undefined });
    client = createQuotingClient({ baseUrl: sim.baseUrl, credentials: { mechanism: 'api-key', apiKey: sim.credentials.adminApiKey } });
  });
  afterAll(async () => {
    await client.close();
    await sim.close();
  });

  it('is kept as two revisions whose diff matches both versions line by line', async () => {
    // The simulator's revision keeps a total made of tiny unit prices unchanged (0.04 * 0.9
    // rounds back to 0.04): take the first SENT quote whose revision really moved the price.
    const rig = cacheRig();
    let target: { id: string } | null = null;
    let before: QuoteDetails | null = null;
    let after: QuoteDetails | null = null;
    for (const candidate of sim.operator.findQuotes({ status: 'SENT' })) {
      before = await client.quotes.get(candidate.id);
      sim.operator.reviseQuote(candidate.id);
      after = await client.quotes.get(candidate.id);
      if (after.totalPrice?.amount !== before.totalPrice?.amount) {
        target = candidate;
        break;
      }
    }
    if (!target || !before || !after) throw new Error('no revision of the seeded quotes changed a price');
    rig.cache.ingest({ accountId: 'a', access: 'internal', source: 'sync', observation: { kind: 'details', details: before } });
    rig.cache.ingest({ accountId: 'a', access: 'internal', source: 'sync', observation: { kind: 'details', details: after } });

    expect(rig.cache.revisions('a', target.id)).toHaveLength(2);
    const diff = rig.cache.diff('a', target.id)!;
    expect(diff.status).toEqual({ before: 'SENT', after: 'REVISED' });
    expect(diff.lines.length).toBeGreaterThan(0);
    const overall = diff.totals.find((total) => total.team === null)!;
    expect(overall).toMatchObject({ before: before.totalPrice?.amount, after: after.totalPrice?.amount });
    expect(overall.before).not.toBe(overall.after);
    for (const team of after.itemsPricing!.teams) expect(diff.totals).toContainEqual(expect.objectContaining({ team: team.teamName, after: team.total }));

    // Every reported line is where the diff says, with the figures it says, in the version it says.
    const find = (details: QuoteDetails, place: LinePlace): LineFigures[] =>
      details.itemsPricing!.teams
        .filter((team) => team.teamName === place.team)
        .flatMap((team) => team.clientServices.filter((service) => place.service.startsWith(service.serviceName)))
        .flatMap((service) => service.targetMarkets.filter((market) => market.targetMarketLabel === place.targetMarket))
        .flatMap((market) => market.items.filter((item) => item.itemName === place.item && item.unit === place.unit))
        .map(({ quantity, unitPrice, totalPrice }) => ({ quantity, unitPrice, totalPrice }));
    for (const line of diff.lines) {
      if (line.kind !== 'added') expect(find(before, line.place)).toContainEqual(line.before);
      if (line.kind !== 'removed') expect(find(after, line.place)).toContainEqual(line.after);
      if (line.kind === 'added') expect(find(before, line.place)).toEqual([]);
      if (line.kind === 'removed') expect(find(after, line.place)).toEqual([]);
    }
    rig.close();
  });
});

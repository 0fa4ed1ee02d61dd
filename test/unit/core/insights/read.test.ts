import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createInsightsHandlers } from '../../../../main/core/insights/bridge';
import type { InsightsHandlers } from '../../../../main/core/insights/bridge';
import { insightsMethods } from '../../../../preload/contract/bridge/insights';
import type { InsightsInput } from '../../../../preload/contract/bridge/insights';
import type { QuoteListItem } from '../../../../preload/contract';
import { cacheRig } from '../cache/helpers';
import type { CacheRig } from '../cache/helpers';
import { createFakeClock } from '../../../helpers/fake-clock';
import { detailsOf, fakeQuote, listItemOf } from '../../../helpers/service-fixtures';

const NOW = Date.UTC(2025, 2, 10, 12); // 10 March 2025; the fixtures' quotes are dated 20 February 2025
let rig: CacheRig;
let insights: InsightsHandlers;

beforeEach(() => {
  rig = cacheRig(':memory:', createFakeClock(NOW));
  rig.cache.setServices([
    { id: 'client', baseUrl: 'https://quotes.example.test' },
    { id: 'internal', baseUrl: 'https://quotes.example.test' },
  ]);
  insights = createInsightsHandlers({ cache: rig.cache, clock: rig.clock, expiringSoonDays: 7 });
});
afterEach(() => rig.close());

function seen(accountId: 'client' | 'internal', items: QuoteListItem[]): void {
  rig.cache.record({ accountId, access: accountId, source: 'sync', observations: [{ kind: 'list', items }] });
}

async function figures(input: InsightsInput = {}) {
  const output = await insights['insights.figures'](insightsMethods['insights.figures'].input.parse(input));
  return insightsMethods['insights.figures'].output.parse(output);
}

describe('insights over the cache', () => {
  it('counts a quote two accounts on one service see once', async () => {
    const shared = fakeQuote({ status: 'ACCEPTED', amount: 500 });
    seen('client', [listItemOf(shared)]);
    seen('internal', [listItemOf(shared), listItemOf(fakeQuote({ status: 'ACCEPTED', amount: 20 }))]);
    const all = await figures({ range: 'all-time' });
    expect(all.spend.byCurrency).toEqual([{ currency: 'EUR', total: 520, count: 2 }]);
    expect((await figures({ range: 'all-time', accountId: 'client' })).spend.byCurrency).toEqual([{ currency: 'EUR', total: 500, count: 1 }]);
  });

  it('counts a quote declined, then revised and accepted once, as accepted', async () => {
    const quote = fakeQuote({ amount: 800 });
    seen('internal', [listItemOf(quote, 'REJECTED')]);
    expect((await figures()).decisions).toMatchObject({ accepted: 0, declined: 1, acceptanceRate: 0 });
    seen('internal', [{ ...listItemOf(quote, 'REVISED'), totalPrice: { amount: 750, currency: 'EUR' } }]);
    expect((await figures()).pipeline).toMatchObject({ count: 1, byCurrency: [{ currency: 'EUR', total: 750, count: 1 }] });
    seen('internal', [{ ...listItemOf(quote, 'ACCEPTED'), totalPrice: { amount: 750, currency: 'EUR' } }]);
    const after = await figures();
    expect(after.decisions).toMatchObject({ accepted: 1, declined: 0, acceptanceRate: 1, declinesByReason: [] });
    expect(after.spend.byCurrency).toEqual([{ currency: 'EUR', total: 750, count: 1 }]);
    expect(after.pipeline.count).toBe(0);
  });

  it("applies the inbox's facets and splits by service type from the details fetched, saying how many", async () => {
    const withDetails = fakeQuote({ status: 'ACCEPTED', amount: 300 });
    const listOnly = fakeQuote({ status: 'ACCEPTED', amount: 40, companyName: 'Beta Books' });
    seen('internal', [listItemOf(withDetails), listItemOf(listOnly)]);
    rig.cache.ingest({ accountId: 'internal', access: 'internal', source: 'open', observation: { kind: 'details', details: detailsOf(withDetails) } });
    const split = await figures({ splitBy: 'serviceType' });
    expect(split.spend.bySplit).toEqual([{ value: 'TRANSLATION', currency: 'EUR', total: 300, count: 1 }]);
    expect(split.spend).toMatchObject({ splitKnown: 1, accepted: 2 });
    expect((await figures({ companies: ['Beta Books'] })).spend.byCurrency).toEqual([{ currency: 'EUR', total: 40, count: 1 }]);
  });

  it('counts what the inbox lists: its search, and never a snoozed quote', async () => {
    const snoozed = fakeQuote({ status: 'ACCEPTED', amount: 70, projectName: 'Spring campaign' });
    const kept = fakeQuote({ status: 'ACCEPTED', amount: 30, projectName: 'Spring brochure' });
    const other = fakeQuote({ status: 'ACCEPTED', amount: 5, projectName: 'Autumn leaflet' });
    seen('internal', [listItemOf(snoozed), listItemOf(kept), listItemOf(other)]);
    const hidden = new Set([snoozed.id]);
    const withSnoozes = createInsightsHandlers({ cache: rig.cache, clock: rig.clock, expiringSoonDays: 7, hidden: () => hidden });
    const read = async (input: InsightsInput) => insightsMethods['insights.figures'].output.parse(await withSnoozes['insights.figures'](insightsMethods['insights.figures'].input.parse(input)));
    expect((await read({ search: 'spring' })).spend.byCurrency).toEqual([{ currency: 'EUR', total: 30, count: 1 }]);
    expect((await read({})).spend.byCurrency).toEqual([{ currency: 'EUR', total: 35, count: 2 }]);
  });

  it('refuses a custom range whose first day is after its last', () => {
    expect(() => insightsMethods['insights.figures'].input.parse({ range: 'custom', from: '2025-03-02', to: '2025-03-01' })).toThrow(/first day/);
  });
});

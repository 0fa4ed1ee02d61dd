import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createInsightsHandlers } from '../../../../main/core/insights/bridge';
import type { InsightsHandlers } from '../../../../main/core/insights/bridge';
import { createHistoryFeed } from '../../../../main/core/insights/history-feed';
import { revisionChangeOf } from '../../../../main/core/insights/revision-changes';
import { insightsMethods } from '../../../../preload/contract/bridge/insights';
import { cacheRig } from '../cache/helpers';
import type { CacheRig } from '../cache/helpers';
import { createFakeClock } from '../../../helpers/fake-clock';
import { detailsOf, fakeQuote } from '../../../helpers/service-fixtures';
import type { FakeQuote } from '../../../helpers/service-fixtures';

const NOW = Date.UTC(2025, 2, 10, 12); // the fixtures' quotes are dated 20 February 2025
const eur = (amount: number) => ({ totalPrice: { amount, currency: 'EUR' } });

describe('revision changes', () => {
  it('adds each step up or down within its currency, and leaves a step across currencies out', () => {
    // Hand-computed: 100 → 120 (+20) → 90 (−30) → 95 (+5) EUR; then 95 EUR → 80 USD (across) → 70 USD (−10).
    const versions = [eur(100), eur(120), eur(90), eur(95), { totalPrice: { amount: 80, currency: 'USD' } }, { totalPrice: { amount: 70, currency: 'USD' } }];
    expect(revisionChangeOf(versions)).toEqual({
      versions: 6,
      byCurrency: [
        { currency: 'EUR', up: 25, down: 30 },
        { currency: 'USD', up: 0, down: 10 },
      ],
    });
  });

  it('is nothing for a quote kept in one version', () => {
    expect(revisionChangeOf([eur(100)])).toBeNull();
    expect(revisionChangeOf([])).toBeNull();
  });
});

describe('revision figures over the cache', () => {
  let rig: CacheRig;
  let insights: InsightsHandlers;
  let stop: () => void;
  beforeEach(() => {
    rig = cacheRig(':memory:', createFakeClock(NOW));
    rig.cache.setServices([{ id: 'internal', baseUrl: 'https://quotes.example.test' }]);
    const feed = createHistoryFeed({ cache: rig.cache, bus: rig.bus, clock: rig.clock });
    stop = feed.start();
    insights = createInsightsHandlers({ cache: rig.cache, clock: rig.clock, expiringSoonDays: 7, history: { feed, cache: rig.cache } });
  });
  afterEach(() => {
    stop();
    rig.close();
  });

  const detailed = (quote: FakeQuote) => rig.cache.record({ accountId: 'internal', access: 'internal', source: 'sync', observations: [{ kind: 'details', details: detailsOf(quote) }] });
  async function revisions(range: 'all-time' | 'this-month' = 'all-time') {
    const output = await insights['insights.figures'](insightsMethods['insights.figures'].input.parse({ range }));
    return insightsMethods['insights.figures'].output.parse(output).revisions;
  }

  it('counts the revised quotes and sums their rises and falls per currency, following revisions stored later', async () => {
    const raised = fakeQuote({ status: 'SENT', amount: 100 });
    detailed(raised);
    detailed({ ...raised, status: 'REVISED', amount: 150 });
    detailed(fakeQuote({ status: 'SENT', amount: 70 }));
    expect(await revisions()).toEqual({ revised: 1, byCurrency: [{ currency: 'EUR', up: 50, down: 0, count: 1, quoteIds: [raised.id] }] });

    // Revised again, down: +50 then −80 on one quote; a second quote lowered by 20.30.
    detailed({ ...raised, status: 'REVISED', amount: 70 });
    const lowered = fakeQuote({ status: 'SENT', amount: 200 });
    detailed(lowered);
    detailed({ ...lowered, status: 'REVISED', amount: 179.7 });
    const moved = await revisions();
    expect({ ...moved, byCurrency: moved.byCurrency.map((row) => ({ ...row, quoteIds: row.quoteIds && [...row.quoteIds].sort() })) }).toEqual({
      revised: 2,
      byCurrency: [{ currency: 'EUR', up: 50, down: 100.3, count: 2, quoteIds: [raised.id, lowered.id].sort() }],
    });
    // Dated in February: none in a range of March.
    expect(await revisions('this-month')).toEqual({ revised: 0, byCurrency: [] });
  });
});

import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createInsightsHandlers } from '../../../../main/core/insights/bridge';
import type { InsightsHandlers } from '../../../../main/core/insights/bridge';
import { createHistoryFeed } from '../../../../main/core/insights/history-feed';
import { insightsMethods } from '../../../../preload/contract/bridge/insights';
import { cacheRig } from '../cache/helpers';
import type { CacheRig } from '../cache/helpers';
import { createFakeClock } from '../../../helpers/fake-clock';
import { detailsOf, fakeQuote, listItemOf } from '../../../helpers/service-fixtures';
import type { FakeQuote } from '../../../helpers/service-fixtures';

const NOW = Date.UTC(2025, 2, 10, 12); // 10 March 2025; the fixtures' quotes are dated 20 February 2025
let rig: CacheRig;
let insights: InsightsHandlers;
let stop: () => void;

beforeEach(() => {
  rig = cacheRig(':memory:', createFakeClock(NOW));
  rig.cache.setServices([
    { id: 'client', baseUrl: 'https://quotes.example.test' },
    { id: 'internal', baseUrl: 'https://quotes.example.test' },
  ]);
  const feed = createHistoryFeed({ cache: rig.cache, bus: rig.bus, clock: rig.clock });
  stop = feed.start();
  insights = createInsightsHandlers({ cache: rig.cache, clock: rig.clock, expiringSoonDays: 7, history: { feed, cache: rig.cache } });
});
afterEach(() => {
  stop();
  rig.close();
});

/** The fixtures' details price one line of French translation by the word at amount / 1000 EUR. */
function detailed(accountId: 'client' | 'internal', quote: FakeQuote): void {
  rig.cache.record({ accountId, access: accountId, source: 'sync', observations: [{ kind: 'details', details: detailsOf(quote) }] });
}

async function history(quote: FakeQuote) {
  const output = await insights['insights.history'](insightsMethods['insights.history'].input.parse({ accountId: 'internal', quoteId: quote.id }));
  return insightsMethods['insights.history'].output.parse(output).lines;
}

describe('"Compared with your history" over the cache', () => {
  it('compares with the other quotes once each, a quote two accounts see counted once, and follows quotes stored later', async () => {
    const earlier = [100, 110, 120, 130].map((amount) => fakeQuote({ status: 'ACCEPTED', amount }));
    for (const quote of earlier) detailed('internal', quote);
    const shared = fakeQuote({ status: 'REJECTED', amount: 200 });
    detailed('client', shared);
    detailed('internal', shared);
    const open = fakeQuote({ status: 'SENT', amount: 150 });
    detailed('internal', open);
    // Hand-computed: 0.10 0.11 0.12 0.13 0.20 from five other quotes.
    expect(await history(open)).toEqual([
      { serviceName: 'Translation', serviceType: 'TRANSLATION', market: 'French (France)', itemName: 'Words', unit: 'word', currency: 'EUR', unitPrice: 0.15, median: 0.12, quotes: 5 },
    ]);

    // Declined, then revised and accepted at 90: still one quote, at its new price (0.09 0.10 0.11 0.12 0.13).
    detailed('internal', { ...shared, status: 'ACCEPTED', amount: 90 });
    expect(await history(open)).toMatchObject([{ median: 0.11, quotes: 5 }]);
    // One more stored after the first read: counted without reading everything again.
    detailed('internal', fakeQuote({ status: 'ACCEPTED', amount: 140 }));
    const [line] = await history(open);
    expect(line?.quotes).toBe(6);
    expect(line?.median).toBeCloseTo(0.115, 10);
  });

  it('learns the details stored after its first read of quotes it held only as list items', async () => {
    const earlier = [100, 110, 120, 130, 200].map((amount) => fakeQuote({ status: 'ACCEPTED', amount }));
    rig.cache.record({ accountId: 'internal', access: 'internal', source: 'sync', observations: [{ kind: 'list', items: earlier.map((quote) => listItemOf(quote)) }] });
    const open = fakeQuote({ status: 'SENT', amount: 150 });
    detailed('internal', open);
    expect(await history(open)).toEqual([]);
    // The background reader stores their details: the next comparison has them.
    for (const quote of earlier) detailed('internal', quote);
    expect(await history(open)).toMatchObject([{ median: 0.12, quotes: 5 }]);
  });

  it('says nothing for a line with fewer than five quotes to compare with, or a quote without details', async () => {
    for (const amount of [100, 110, 120]) detailed('internal', fakeQuote({ amount }));
    const open = fakeQuote({ amount: 150 });
    detailed('internal', open);
    expect(await history(open)).toEqual([]);
    expect(await history(fakeQuote())).toEqual([]);
  });
});

describe('the Insights unit prices over the cache', () => {
  async function unitPrices() {
    const output = await insights['insights.figures'](insightsMethods['insights.figures'].input.parse({ range: 'all-time' }));
    return insightsMethods['insights.figures'].output.parse(output).unitPrices;
  }

  it('counts each quote once however many accounts see it, and follows quotes stored and revised later', async () => {
    const shared = fakeQuote({ status: 'SENT', amount: 100 });
    detailed('client', shared);
    detailed('internal', shared);
    detailed('internal', fakeQuote({ status: 'ACCEPTED', amount: 130 }));
    // Hand-computed: 0.10 and 0.13 per word from two quotes.
    expect(await unitPrices()).toMatchObject([{ serviceType: 'TRANSLATION', market: 'French (France)', unit: 'word', currency: 'EUR', quotes: 2, lines: 2, median: 0.115, min: 0.1, max: 0.13 }]);
    // Revised to 0.16 and one more at 0.12: read from the cache's events, not by reading everything again.
    detailed('internal', { ...shared, status: 'REVISED', amount: 160 });
    detailed('internal', fakeQuote({ status: 'SENT', amount: 120 }));
    expect(await unitPrices()).toMatchObject([{ quotes: 3, lines: 3, median: 0.13, min: 0.12, max: 0.16 }]);
  });
});

import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createInsightsHandlers } from '../../../../main/core/insights/bridge';
import type { InsightsHandlers } from '../../../../main/core/insights/bridge';
import { createHistoryFeed } from '../../../../main/core/insights/history-feed';
import { insightsMethods } from '../../../../preload/contract/bridge/insights';
import type { DecisionReceipt } from '../../../../preload/contract/bridge/decisions';
import type { QuoteStatus } from '../../../../preload/contract';
import { cacheRig } from '../cache/helpers';
import type { CacheRig } from '../cache/helpers';
import { createFakeClock } from '../../../helpers/fake-clock';
import { fakeQuote, listItemOf } from '../../../helpers/service-fixtures';
import type { FakeQuote } from '../../../helpers/service-fixtures';

const NOW = Date.UTC(2025, 2, 10, 12); // the fixtures' quotes are dated 20 February 2025
let rig: CacheRig;
let insights: InsightsHandlers;
let stop: () => void;
const receipts: DecisionReceipt[] = [];

beforeEach(() => {
  receipts.length = 0;
  rig = cacheRig(':memory:', createFakeClock(NOW));
  rig.cache.setServices([{ id: 'internal', baseUrl: 'https://quotes.example.test' }, { id: 'client', baseUrl: 'https://quotes.example.test' }]);
  const feed = createHistoryFeed({ cache: rig.cache, bus: rig.bus, clock: rig.clock, receipts: (accountId, quoteId) => receipts.filter((made) => made.accountId === accountId && made.quoteId === quoteId) });
  stop = feed.start();
  insights = createInsightsHandlers({ cache: rig.cache, clock: rig.clock, expiringSoonDays: 7, history: { feed, cache: rig.cache } });
});
afterEach(() => {
  stop();
  rig.close();
});

function seen(quote: FakeQuote, status: QuoteStatus, updatedAt: string | null, accountId: 'internal' | 'client' = 'internal'): void {
  rig.cache.record({ accountId, access: accountId, source: 'sync', observations: [{ kind: 'list', items: [{ ...listItemOf(quote, status), updatedAt }] }] });
}

function declinedHere(quote: FakeQuote, at: string, reason: string | null, accountId: 'internal' | 'client' = 'internal'): DecisionReceipt {
  return { id: `r-${quote.id}`, accountId, accountName: accountId, quoteId: quote.id, quoteNumber: quote.quoteNumber, version: 'v', total: null, decision: 'decline', reason, at, pdfSha256: null, outcome: 'done', status: 'REJECTED', settled: null };
}

async function decisions() {
  const output = await insights['insights.figures'](insightsMethods['insights.figures'].input.parse({ range: 'all-time' }));
  return insightsMethods['insights.figures'].output.parse(output).decisions;
}

describe('decision figures over the cache', () => {
  it('times decisions from receipts or the service, takes reasons from receipts, and follows a decision made later', async () => {
    // Quoted 20 February 10:00 (day 20 February): declined here on the 24th at 00:00 (4 days), accepted elsewhere on the 22nd (2 days).
    const declined = fakeQuote({ amount: 100 });
    receipts.push(declinedHere(declined, '2025-02-24T00:00:00.000Z', 'Too expensive'));
    seen(declined, 'REJECTED', '2025-02-28T00:00:00.000Z');
    seen(fakeQuote({ amount: 200 }), 'ACCEPTED', '2025-02-22T00:00:00.000Z');
    expect(await decisions()).toMatchObject({ medianDaysToDecision: 3, timed: [{ basis: 'here', count: 1 }, { basis: 'service', count: 1 }], declinesByReason: [{ reason: 'Too expensive', count: 1 }] });

    // Declined here afterwards, the receipt written after the new status was stored: the decision's event brings it in.
    const later = fakeQuote({ amount: 300 });
    seen(later, 'REJECTED', null);
    receipts.push(declinedHere(later, '2025-03-02T00:00:00.000Z', 'Deadline too late'));
    rig.bus.publish('quote.decided', { accountId: 'internal', quoteId: later.id, decision: 'decline', status: 'REJECTED', quote: null, receipt: receipts.at(-1)!, via: 'response' });
    // Days 4, 2, 10: median 4.
    expect(await decisions()).toMatchObject({
      medianDaysToDecision: 4,
      timed: [{ basis: 'here', count: 2 }, { basis: 'service', count: 1 }],
      declinesByReason: [{ reason: 'Deadline too late', count: 1 }, { reason: 'Too expensive', count: 1 }],
    });
  });

  it('keeps the reason given through a client key when the internal key sees the same quote, whichever is read last', async () => {
    const declined = fakeQuote({ amount: 100 });
    receipts.push(declinedHere(declined, '2025-02-24T00:00:00.000Z', 'Too expensive', 'client'));
    seen(declined, 'REJECTED', '2025-02-28T00:00:00.000Z', 'client');
    seen(declined, 'REJECTED', '2025-02-28T00:00:00.000Z', 'internal');
    expect(await decisions()).toMatchObject({ declined: 1, timed: [{ basis: 'here', count: 1 }], declinesByReason: [{ reason: 'Too expensive', count: 1 }] });
    // The internal key's view changes again later (a sync pass): the receipt's time and reason still stand.
    seen(declined, 'REJECTED', '2025-03-01T00:00:00.000Z', 'internal');
    expect(await decisions()).toMatchObject({ timed: [{ basis: 'here', count: 1 }], declinesByReason: [{ reason: 'Too expensive', count: 1 }] });
  });
});

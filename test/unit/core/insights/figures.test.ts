import { describe, expect, it } from 'vitest';
import { figuresOf } from '../../../../main/core/insights/figures';
import type { InsightRow } from '../../../../main/core/insights/figures';
import { rangeOf, inRange } from '../../../../main/core/insights/range';

const NOW = Date.UTC(2026, 10, 28, 12); // 28 November 2026

let next = 0;
function row(overrides: Partial<InsightRow>): InsightRow {
  next += 1;
  return {
    quoteId: `q-${next}`,
    hasDetails: true,
    stage: 'accepted',
    totalAmount: 100,
    currency: 'EUR',
    quoteDate: '2026-11-02T10:00:00.000Z',
    validUntil: null,
    companyName: 'Acme',
    ...overrides,
  };
}

// Hand-computed: EUR accepted 1000.10 (Oct, Acme) + 250 (Nov, Beta) + 49.95 (Nov, in project, Acme) = 1300.05;
// USD accepted 300 (Nov, Acme), kept apart; one accepted without a total; 2 declined; one accepted in 2025 (out of range).
const FIXTURE: InsightRow[] = [
  row({ totalAmount: 1000.1, quoteDate: '2026-10-15T09:00:00.000Z' }),
  row({ totalAmount: 250, companyName: 'Beta' }),
  row({ totalAmount: 49.95, stage: 'in-project' }),
  row({ totalAmount: 300, currency: 'USD' }),
  row({ totalAmount: null, currency: null }),
  row({ stage: 'declined', totalAmount: 999 }),
  row({ stage: 'declined', totalAmount: 5, currency: 'USD', quoteDate: '2026-09-01T00:00:00.000Z' }),
  row({ totalAmount: 7777, quoteDate: '2025-06-01T00:00:00.000Z' }),
  // Waiting: EUR 400 expiring in 3 days, EUR 600 in 20 days, USD 70 ended yesterday; all dated in 2025 (the pipeline ignores the range).
  row({ stage: 'awaiting-decision', totalAmount: 400, quoteDate: '2025-01-01T00:00:00.000Z', validUntil: '2026-12-01T12:00:00.000Z' }),
  row({ stage: 'revised', totalAmount: 600, quoteDate: '2025-01-01T00:00:00.000Z', validUntil: '2026-12-18T12:00:00.000Z' }),
  row({ stage: 'awaiting-decision', totalAmount: 70, currency: 'USD', quoteDate: null, validUntil: '2026-11-27T12:00:00.000Z' }),
  row({ stage: 'cancelled', totalAmount: 1 }),
];

describe('insights figures', () => {
  const figures = figuresOf(FIXTURE, { range: rangeOf('last-3-months', NOW), now: NOW, splitBy: 'company' });

  it('sums accepted spend per currency, never across currencies, and counts quotes without a total apart', () => {
    expect(figures.range).toEqual({ from: '2026-09-01', to: '2026-11-28' });
    expect(figures.spend.byCurrency).toEqual([
      { currency: 'EUR', total: 1300.05, count: 3 },
      { currency: 'USD', total: 300, count: 1 },
    ]);
    expect(figures.spend.accepted).toBe(5);
    expect(figures.spend.withoutTotal).toBe(1);
  });

  it('splits spend per month of the quote date and per company, each currency apart', () => {
    expect(figures.spend.byMonth).toEqual([
      { month: '2026-10', currency: 'EUR', total: 1000.1, count: 1 },
      { month: '2026-11', currency: 'EUR', total: 299.95, count: 2 },
      { month: '2026-11', currency: 'USD', total: 300, count: 1 },
    ]);
    expect(figures.spend.bySplit).toEqual([
      { value: 'Acme', currency: 'EUR', total: 1050.05, count: 2 },
      { value: 'Beta', currency: 'EUR', total: 250, count: 1 },
      { value: 'Acme', currency: 'USD', total: 300, count: 1 },
    ]);
  });

  it('counts the open pipeline whatever its date, with those expiring within 7 days', () => {
    expect(figures.pipeline).toEqual({
      count: 3,
      byCurrency: [
        { currency: 'EUR', total: 1000, count: 2 },
        { currency: 'USD', total: 70, count: 1 },
      ],
      expiringWithin7Days: 1,
    });
  });

  it('gives the acceptance rate of the decisions dated in the range', () => {
    expect(figures.decisions).toEqual({ accepted: 5, declined: 2, acceptanceRate: 5 / 7 });
    expect(figures.quotes).toBe(8);
  });

  it('has no acceptance rate without a decision', () => {
    expect(figuresOf([row({ stage: 'awaiting-decision' })], { range: rangeOf('all-time', NOW), now: NOW, splitBy: 'company' }).decisions.acceptanceRate).toBeNull();
  });

  it('splits by service type only the quotes whose details say, and counts those known', () => {
    const keys = new Map([
      ['s-1', ['TRANSLATION', 'REVIEW']],
      ['s-2', ['TRANSLATION']],
    ]);
    const rows = [row({ quoteId: 's-1', totalAmount: 10 }), row({ quoteId: 's-2', totalAmount: 5 }), row({ quoteId: 's-3', totalAmount: 1, hasDetails: false })];
    const split = figuresOf(rows, { range: rangeOf('all-time', NOW), now: NOW, splitBy: 'serviceType', splitKeys: (quote) => keys.get(quote.quoteId) ?? null });
    expect(split.spend.bySplit).toEqual([
      { value: 'TRANSLATION', currency: 'EUR', total: 15, count: 2 },
      { value: 'REVIEW', currency: 'EUR', total: 10, count: 1 },
    ]);
    expect(split.spend).toMatchObject({ splitKnown: 2, accepted: 3 });
    expect(split.spend.byCurrency).toEqual([{ currency: 'EUR', total: 16, count: 3 }]);
  });
});

describe('insights ranges', () => {
  it('names the days of each preset in UTC', () => {
    expect(rangeOf('this-month', NOW)).toEqual({ from: '2026-11-01', to: '2026-11-28' });
    expect(rangeOf('last-12-months', NOW)).toEqual({ from: '2025-12-01', to: '2026-11-28' });
    expect(rangeOf('this-year', NOW)).toEqual({ from: '2026-01-01', to: '2026-11-28' });
    expect(rangeOf('all-time', NOW)).toEqual({ from: null, to: '2026-11-28' });
    expect(rangeOf('custom', NOW, { from: '2026-02-01', to: '2026-02-28' })).toEqual({ from: '2026-02-01', to: '2026-02-28' });
  });

  it('includes both ends, and an undated quote only in all time', () => {
    const february = { from: '2026-02-01', to: '2026-02-28' };
    expect(inRange(february, '2026-02-28T23:59:59.000Z')).toBe(true);
    expect(inRange(february, '2026-02-01T00:00:00.000Z')).toBe(true);
    expect(inRange(february, '2026-03-01T00:00:00.000Z')).toBe(false);
    expect(inRange(february, null)).toBe(false);
    expect(inRange({ from: null, to: '2026-02-28' }, null)).toBe(true);
  });
});

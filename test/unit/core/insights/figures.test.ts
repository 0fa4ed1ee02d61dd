import { describe, expect, it } from 'vitest';
import { InboxIndex } from '../../../../main/core/cache/inbox';
import type { InboxSourceRow } from '../../../../main/core/database/types';
import { figuresOf } from '../../../../main/core/insights/figures';
import type { FiguresOptions } from '../../../../main/core/insights/figures';
import { rangeOf } from '../../../../main/core/insights/range';
import type { QuoteStatus } from '../../../../preload/contract';

const NOW = Date.UTC(2026, 10, 28, 12); // 28 November 2026

type Stage = 'accepted' | 'in-project' | 'declined' | 'awaiting-decision' | 'revised' | 'cancelled';
const STATUS: Record<Stage, QuoteStatus> = { accepted: 'ACCEPTED', 'in-project': 'CHANGED_TO_PROJECT', declined: 'REJECTED', 'awaiting-decision': 'SENT', revised: 'REVISED', cancelled: 'CANCELLED' };
type FixtureRow = Partial<Omit<InboxSourceRow, 'status'>> & { stage?: Stage };

let next = 0;
function row({ stage = 'accepted', ...overrides }: FixtureRow): InboxSourceRow {
  next += 1;
  return {
    accountId: 'acc',
    quoteId: `q-${next}`,
    hasDetails: true,
    status: STATUS[stage],
    quoteNumber: `Q-${next}`,
    projectName: null,
    referenceNumber: null,
    totalAmount: 100,
    currency: 'EUR',
    quoteDate: '2026-11-02T10:00:00.000Z',
    deadlineForQuote: null,
    projectDueDate: null,
    validUntil: null,
    companyName: 'Acme',
    ...overrides,
  };
}

/** The figures of these quotes as the core counts them: over the inbox index's columns of the whole selection. */
function figuresOfRows(rows: InboxSourceRow[], options: FiguresOptions) {
  const index = new InboxIndex();
  index.load(rows, new Map([['acc', 'internal' as const]]), []);
  return figuresOf(index.selected({ now: NOW }), options);
}

// Hand-computed: EUR accepted 1000.10 (Oct, Acme) + 250 (Nov, Beta) + 49.95 (Nov, in project, Acme) = 1300.05;
// USD accepted 300 (Nov, Acme), kept apart; one accepted without a total; 2 declined; one accepted in 2025 (out of range).
const FIXTURE: InboxSourceRow[] = [
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
  const figures = figuresOfRows(FIXTURE, { range: rangeOf('last-3-months', NOW), now: NOW, splitBy: 'company' });

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
    // Without decision times (none given here): no median, every decline's reason unknown.
    expect(figures.decisions).toEqual({ accepted: 5, declined: 2, acceptanceRate: 5 / 7, medianDaysToDecision: null, timed: [], declinesByReason: [{ reason: null, count: 2, quoteIds: ['q-6', 'q-7'] }] });
    expect(figures.quotes).toBe(8);
  });

  it('has no acceptance rate without a decision', () => {
    expect(figuresOfRows([row({ stage: 'awaiting-decision' })], { range: rangeOf('all-time', NOW), now: NOW, splitBy: 'company' }).decisions.acceptanceRate).toBeNull();
  });

  it('splits by service type only the quotes whose details say, and counts those known', () => {
    const rows = [
      row({ totalAmount: 10, serviceTypes: ['TRANSLATION', 'REVIEW'] }),
      row({ totalAmount: 5, serviceTypes: ['TRANSLATION'] }),
      row({ totalAmount: 3, serviceTypes: [] }),
      row({ totalAmount: 1, hasDetails: false }),
    ];
    const split = figuresOfRows(rows, { range: rangeOf('all-time', NOW), now: NOW, splitBy: 'serviceType' });
    expect(split.spend.bySplit).toEqual([
      { value: 'TRANSLATION', currency: 'EUR', total: 15, count: 2 },
      { value: 'REVIEW', currency: 'EUR', total: 10, count: 1 },
    ]);
    expect(split.spend).toMatchObject({ splitKnown: 3, accepted: 4 });
    expect(split.spend.byCurrency).toEqual([{ currency: 'EUR', total: 19, count: 4 }]);
  });

  it('names quotes without a company apart', () => {
    const split = figuresOfRows([row({ companyName: null, totalAmount: 7 })], { range: rangeOf('all-time', NOW), now: NOW, splitBy: 'company' });
    expect(split.spend.bySplit).toEqual([{ value: 'No company', currency: 'EUR', total: 7, count: 1 }]);
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

  it('includes both ends of the quote date as written, and an undated quote only in all time', () => {
    const february = rangeOf('custom', NOW, { from: '2026-02-01', to: '2026-02-28' });
    const rows = [
      row({ quoteDate: '2026-02-28T23:59:59.000Z', totalAmount: 1 }),
      row({ quoteDate: '2026-02-01T00:00:00+02:00', totalAmount: 2 }),
      row({ quoteDate: '2026-03-01T00:00:00.000Z', totalAmount: 4 }),
      row({ quoteDate: '2026-01-31', totalAmount: 8 }),
      row({ quoteDate: null, totalAmount: 16 }),
    ];
    expect(figuresOfRows(rows, { range: february, now: NOW, splitBy: 'company' })).toMatchObject({ quotes: 2, undated: 0, spend: { byCurrency: [{ currency: 'EUR', total: 3, count: 2 }] } });
    expect(figuresOfRows(rows, { range: rangeOf('all-time', NOW), now: NOW, splitBy: 'company' })).toMatchObject({ quotes: 5, undated: 1, spend: { byCurrency: [{ currency: 'EUR', total: 31, count: 5 }] } });
  });
});

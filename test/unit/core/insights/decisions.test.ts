import { describe, expect, it } from 'vitest';
import { InboxIndex } from '../../../../main/core/cache/inbox';
import type { InboxSourceRow } from '../../../../main/core/database/types';
import { DecisionTimes, decisionTimeOf } from '../../../../main/core/insights/decision-times';
import type { DecisionTime } from '../../../../main/core/insights/decision-times';
import { figuresOf } from '../../../../main/core/insights/figures';
import { rangeOf } from '../../../../main/core/insights/range';
import type { DecisionReceipt } from '../../../../preload/contract/bridge/decisions';
import type { QuoteStatus } from '../../../../preload/contract';

const NOW = Date.UTC(2026, 10, 28, 12);

function receipt(overrides: Partial<DecisionReceipt>): DecisionReceipt {
  return {
    id: `r-${overrides.at ?? 'x'}`, accountId: 'acc', accountName: 'Acme', quoteId: 'q', quoteNumber: 'Q-1', version: 'v1', total: null,
    decision: 'decline', reason: null, at: '2026-11-10T12:00:00.000Z', pdfSha256: null, outcome: 'done', status: 'REJECTED', settled: null,
    ...overrides,
  };
}

describe('decision times', () => {
  const declined = { list: null, details: { status: 'REJECTED' as QuoteStatus, updatedAt: '2026-11-05T00:00:00.000Z' }, storedAt: Date.UTC(2026, 10, 20) };

  it('takes a decision made here from its receipt, with the reason typed in the decline dialog', () => {
    const receipts = [receipt({ at: '2026-11-03T08:00:00.000Z', reason: '  Too expensive ' }), receipt({ at: '2026-11-02T08:00:00.000Z', outcome: 'refused', reason: 'ignored' })];
    expect(decisionTimeOf(declined, receipts)).toEqual({ at: Date.UTC(2026, 10, 3, 8), basis: 'here', reason: 'Too expensive' });
  });

  it('falls back to the service’s last change, then to when Quotedesk stored the decided quote; no reason is known then', () => {
    // An accept receipt says nothing of a decline; a refused decline was not the decision.
    expect(decisionTimeOf(declined, [receipt({ decision: 'accept' }), receipt({ outcome: 'refused' })])).toEqual({ at: Date.UTC(2026, 10, 5), basis: 'service', reason: null });
    expect(decisionTimeOf({ ...declined, details: { status: 'REJECTED', updatedAt: null } }, [])).toEqual({ at: Date.UTC(2026, 10, 20), basis: 'stored', reason: null });
  });

  it('has no decision time for a quote not decided', () => {
    expect(decisionTimeOf({ list: { status: 'SENT', updatedAt: '2026-11-05T00:00:00.000Z' }, details: null, storedAt: 1 }, [])).toBeNull();
    expect(decisionTimeOf({ list: null, details: null, storedAt: 1 }, [])).toBeNull();
  });
});

describe('decision figures', () => {
  const STATUS = { accepted: 'ACCEPTED', 'in-project': 'CHANGED_TO_PROJECT', declined: 'REJECTED', waiting: 'SENT' } as const;
  const rows: InboxSourceRow[] = [];
  const times = new DecisionTimes();
  function quote(stage: keyof typeof STATUS, quoteDate: string | null, time?: DecisionTime): void {
    const quoteId = `q-${rows.length + 1}`;
    rows.push({ accountId: 'acc', quoteId, hasDetails: true, status: STATUS[stage], quoteNumber: quoteId, projectName: null, referenceNumber: null, totalAmount: 10, currency: 'EUR', quoteDate, deadlineForQuote: null, projectDueDate: null, validUntil: null, companyName: 'Acme' });
    if (time) times.put(quoteId, time);
  }
  const on = (day: string, hours: number) => Date.parse(`${day}T00:00:00.000Z`) + hours * 3_600_000;
  // Hand-computed days from the quote's day to the decision: 2 (here), 0.5 (service), 10 (stored), 4 (here), 1 (service);
  // sorted 0.5, 1, 2, 4, 10: median 2. A decision before the quote's day counts 0 days: with it, 0, 0.5, 1, 2, 4, 10: median 1.5.
  quote('accepted', '2026-11-01T09:00:00.000Z', { at: on('2026-11-03', 0), basis: 'here', reason: null });
  quote('in-project', '2026-11-01T00:00:00.000Z', { at: on('2026-11-01', 12), basis: 'service', reason: null });
  quote('declined', '2026-10-01T00:00:00.000Z', { at: on('2026-10-11', 0), basis: 'stored', reason: null });
  quote('declined', '2026-10-02T00:00:00.000Z', { at: on('2026-10-06', 0), basis: 'here', reason: 'Too expensive' });
  quote('declined', '2026-10-03T00:00:00.000Z', { at: on('2026-10-04', 0), basis: 'service', reason: null });
  quote('declined', '2026-10-04T00:00:00.000Z', { at: on('2026-10-05', 0), basis: 'here', reason: 'Too expensive' });
  quote('declined', '2026-10-05T00:00:00.000Z', { at: on('2026-10-05', 0), basis: 'here', reason: 'Deadline too late' });
  // Without a time: counted in the rate and as an unknown reason, not in the median.
  quote('declined', '2026-10-06T00:00:00.000Z');
  // Out of the range (2025): in no figure of the range.
  quote('declined', '2025-01-01T00:00:00.000Z', { at: on('2025-02-01', 0), basis: 'here', reason: 'Old reason' });
  // Not decided: its time (should a stale one be held) is never read.
  quote('waiting', '2026-11-01T00:00:00.000Z', { at: on('2026-12-01', 0), basis: 'service', reason: null });

  const index = new InboxIndex();
  index.load(rows, new Map([['acc', 'internal' as const]]), []);
  const figures = figuresOf(index.selected({ now: NOW }), { range: rangeOf('last-3-months', NOW), now: NOW, splitBy: 'company', decisionTimes: times }).decisions;

  it('gives the median days from the quote date to the decision, and what the times rest on', () => {
    // Days: 2, 0.5, 10, 4, 1, 1, 0: sorted 0, 0.5, 1, 1, 2, 4, 10: median 1.
    expect(figures.medianDaysToDecision).toBe(1);
    expect(figures.timed).toEqual([
      { basis: 'here', count: 4 },
      { basis: 'service', count: 2 },
      { basis: 'stored', count: 1 },
    ]);
    expect(figures).toMatchObject({ accepted: 2, declined: 6 });
  });

  it('counts declines by the reason given here, most first, the unknown last', () => {
    // Each with its quotes, for the inbox to open (in no promised order).
    expect(figures.declinesByReason.map((row) => ({ ...row, quoteIds: row.quoteIds && [...row.quoteIds].sort() }))).toEqual([
      { reason: 'Too expensive', count: 2, quoteIds: ['q-4', 'q-6'] },
      { reason: 'Deadline too late', count: 1, quoteIds: ['q-7'] },
      { reason: null, count: 3, quoteIds: ['q-3', 'q-5', 'q-8'] },
    ]);
  });
});

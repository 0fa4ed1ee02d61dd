import { describe, expect, it } from 'vitest';
import { InboxIndex } from '../../../../main/core/cache/inbox';
import type { InboxSourceRow } from '../../../../main/core/database/types';
import { DecisionTimes } from '../../../../main/core/insights/decision-times';
import type { DecisionTime } from '../../../../main/core/insights/decision-times';
import { figuresOf } from '../../../../main/core/insights/figures';
import { QuoteSlots } from '../../../../main/core/insights/quote-slots';
import { rangeOf } from '../../../../main/core/insights/range';
import { RevisionChanges } from '../../../../main/core/insights/revision-changes';
import type { RevisionChange } from '../../../../main/core/insights/revision-changes';
import { UnitPriceLines } from '../../../../main/core/insights/unit-price-lines';
import type { ItemsPricing } from '../../../../preload/contract';

// The figures keep, between reads, which held facts (decision times, revision changes, unit
// prices) belong to the quote at each place of the inbox index. After the facts and the index
// change, a read must equal one over facts held afresh (nothing kept from an earlier read).

const NOW = Date.UTC(2026, 10, 28, 12);
const DAY = '2026-11-02T10:00:00.000Z';

function row(accountId: string, quoteId: string, status: InboxSourceRow['status']): InboxSourceRow {
  return { accountId, quoteId, hasDetails: true, status, quoteNumber: `Q-${quoteId}`, projectName: null, referenceNumber: null, totalAmount: 100, currency: 'EUR', quoteDate: DAY, deadlineForQuote: null, projectDueDate: null, validUntil: null, companyName: 'Acme' };
}

const pricing = (unitPrice: number): ItemsPricing => ({
  total: 0,
  calculatedAt: null,
  teams: [{ teamName: 'Team', currency: 'EUR', total: 0, clientServices: [{ serviceName: 'T', serviceType: 'TRANSLATION', dueDate: null, notes: null, total: 0, targetMarkets: [{ targetMarketId: '33333333-3333-4333-8333-333333333333', targetMarketLabel: 'German (Germany)', subTotal: 0, items: [{ itemName: 'Item', unit: 'word', quantity: 1, unitPrice, totalPrice: 0 }] }] }] }],
});

/** What the feed holds, as plain values: put into held facts as the feed puts them. */
interface State {
  times: Map<string, DecisionTime | null>;
  changes: Map<string, RevisionChange | null>;
  prices: Map<string, [accountId: string, unitPrice: number | null]>;
}

function heldAfresh(state: State) {
  const slots = new QuoteSlots();
  const held = { decisionTimes: new DecisionTimes(slots), revisionChanges: new RevisionChanges(slots), unitPriceLines: new UnitPriceLines(slots) };
  apply(held, state);
  return held;
}

function apply(held: ReturnType<typeof heldAfresh>, state: State): void {
  for (const [quoteId, time] of state.times) held.decisionTimes.put(quoteId, time);
  for (const [quoteId, change] of state.changes) {
    if (change === null) held.revisionChanges.delete(quoteId);
    else held.revisionChanges.set(quoteId, change);
  }
  for (const [quoteId, [accountId, unitPrice]] of state.prices) held.unitPriceLines.put(accountId, quoteId, unitPrice === null ? null : { quoteNumber: `Q-${quoteId}`, itemsPricing: pricing(unitPrice) });
}

const figures = (index: InboxIndex, held: ReturnType<typeof heldAfresh>) =>
  figuresOf(index.selected({ now: NOW }), { range: rangeOf('last-3-months', NOW), now: NOW, splitBy: 'company', ...held });

const time = (reason: string | null, basis: DecisionTime['basis'] = 'here'): DecisionTime => ({ at: Date.parse(DAY) + 2 * 86_400_000, basis, reason });
const change = (up: number): RevisionChange => ({ versions: 2, byCurrency: [{ currency: 'EUR', up, down: 0 }] });

describe('facts held by quote number', () => {
  it('reads after changes what facts held afresh give', () => {
    const index = new InboxIndex();
    index.load(
      [row('acc', 'q-1', 'ACCEPTED'), row('acc', 'q-2', 'REJECTED'), row('acc', 'q-3', 'SENT'), row('acc', 'q-4', 'REJECTED'), row('other', 'o-1', 'ACCEPTED'), row('other', 'o-2', 'REJECTED')],
      new Map([['acc', 'internal' as const], ['other', 'internal' as const]]),
      [],
    );
    const state: State = {
      times: new Map([['q-1', time(null, 'service')], ['q-4', time('Too late')], ['o-1', time(null)], ['o-2', time('Too dear')]]),
      changes: new Map([['q-4', change(5)], ['o-2', change(7)]]),
      prices: new Map([['q-1', ['acc', 0.1]], ['q-3', ['acc', 0.2]], ['o-2', ['other', 9]]]),
    };
    const held = heldAfresh(state);
    expect(figures(index, held)).toEqual(figures(index, heldAfresh(state)));
    const ordinalOf = (quoteId: string) => {
      const selected = index.selected({ now: NOW });
      for (let at = 0; at < selected.count; at += 1) if (selected.quoteIdOf(at) === quoteId) return selected.ordinals[at];
      return undefined;
    };
    const freed = ordinalOf('o-2');

    // A quote newly timed, one no more decided, a quote newly revised, one no more, new unit prices.
    const changed: State = {
      times: new Map([['q-2', time('Too slow')], ['q-1', null]]),
      changes: new Map([['q-3', change(3)], ['q-4', null]]),
      prices: new Map([['q-3', ['acc', 0.4]], ['q-4', ['acc', 0.3]]]),
    };
    apply(held, changed);
    for (const key of ['times', 'changes', 'prices'] as const) for (const [quoteId, value] of changed[key]) (state[key] as Map<string, unknown>).set(quoteId, value);
    // A quote leaves and a new one, with no facts held, takes its place in the index: the facts of the one gone are not its.
    index.removeAccount('other');
    index.put(row('acc', 'n-1', 'REJECTED'));
    expect(ordinalOf('n-1')).toBe(freed);
    const read = figures(index, held);
    expect(read).toEqual(figures(index, heldAfresh(state)));
    expect(read.decisions.declinesByReason).toEqual([
      { reason: 'Too late', count: 1, quoteIds: ['q-4'] },
      { reason: 'Too slow', count: 1, quoteIds: ['q-2'] },
      { reason: null, count: 1, quoteIds: ['n-1'] },
    ]);
    expect(read.revisions.revised).toBe(1);
    expect(read.unitPrices.map(({ lines, median }) => ({ lines, median }))).toEqual([{ lines: 3, median: 0.3 }]);
  });

  it('counts the unit prices again when a quote leaves the range or its lines change, and only gives the same rows otherwise', () => {
    const index = new InboxIndex();
    index.load([row('acc', 'q-1', 'SENT'), row('acc', 'q-2', 'SENT'), row('acc', 'q-3', 'ACCEPTED')], new Map([['acc', 'internal' as const]]), []);
    const state: State = { times: new Map(), changes: new Map(), prices: new Map([['q-1', ['acc', 0.1]], ['q-2', ['acc', 0.2]], ['q-3', ['acc', 0.6]]]) };
    const held = heldAfresh(state);
    const medianNow = () => figures(index, held).unitPrices.map(({ lines, median }) => ({ lines, median }));
    expect(medianNow()).toEqual([{ lines: 3, median: 0.2 }]);
    // Its stage changed only: the same count.
    index.put(row('acc', 'q-3', 'REJECTED'));
    expect(medianNow()).toEqual([{ lines: 3, median: 0.2 }]);
    // Dated out of the range: no more in the count.
    index.put({ ...row('acc', 'q-2', 'SENT'), quoteDate: '2025-01-01T00:00:00.000Z' });
    expect(medianNow()).toEqual([{ lines: 2, median: 0.35 }]);
    // Its lines changed, the same quotes in the range.
    held.unitPriceLines.put('acc', 'q-3', { quoteNumber: 'Q-q-3', itemsPricing: pricing(0.3) });
    state.prices.set('q-3', ['acc', 0.3]);
    const read = figures(index, held);
    expect(read.unitPrices.map(({ lines, median }) => ({ lines, median }))).toEqual([{ lines: 2, median: 0.2 }]);
    expect(read).toEqual(figures(index, heldAfresh(state)));
  });
});

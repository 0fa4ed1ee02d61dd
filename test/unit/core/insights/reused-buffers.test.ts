import { describe, expect, it } from 'vitest';
import { InboxIndex } from '../../../../main/core/cache/inbox';
import type { InboxSourceRow } from '../../../../main/core/database/types';
import { DecisionTimes } from '../../../../main/core/insights/decision-times';
import { figuresOf } from '../../../../main/core/insights/figures';
import { QuoteSlots } from '../../../../main/core/insights/quote-slots';
import { dayRangeOf, rangeOf } from '../../../../main/core/insights/range';
import { readInsights } from '../../../../main/core/insights/read';
import { RevisionChanges } from '../../../../main/core/insights/revision-changes';
import { UnitPriceLines } from '../../../../main/core/insights/unit-price-lines';
import type { InsightsInput } from '../../../../preload/contract/bridge/insights';
import { InsightsInput as InsightsInputSchema } from '../../../../preload/contract/bridge/insights';
import type { ItemsPricing } from '../../../../preload/contract';

// A read lends the index its selection's columns and keeps its own pass's columns (decision
// days, the numbers of the priced quotes) from one read to the next, rather than allocating
// them per read. Reads of views of different sizes, one after another, must each equal a
// count over a selection of its own and facts held afresh (nothing shared with a read before).

const NOW = Date.UTC(2026, 10, 28, 12);
const DAY_MS = 86_400_000;
const COMPANIES = ['Acme', 'Beta Books', 'Corto'];
const STATUSES: InboxSourceRow['status'][] = ['ACCEPTED', 'REJECTED', 'SENT', 'REVISED', 'CHANGED_TO_PROJECT'];

// Acme and Beta Books have as many quotes (so as many priced ones), at other prices; Corto has more.
const QUOTES = Array.from({ length: 90 }, (_, n) => ({
  id: `q-${n}`,
  company: n < 30 ? COMPANIES[0]! : n < 60 ? COMPANIES[1]! : COMPANIES[2]!,
  status: STATUSES[n % STATUSES.length]!,
  day: NOW - ((n * 7) % 80) * DAY_MS,
  price: n < 30 ? 0.1 + (n % 7) / 100 : n < 60 ? 0.2 + (n % 5) / 100 : 0.3 + (n % 3) / 100,
}));
const INDEX_QUOTES = [...QUOTES, ...Array.from({ length: 60 }, (_, n) => ({ id: `extra-${n}`, company: COMPANIES[2]!, status: STATUSES[n % STATUSES.length]!, day: NOW - n * DAY_MS, price: 0.5 }))];

const pricing = (unitPrice: number): ItemsPricing => ({
  total: 0,
  calculatedAt: null,
  teams: [{ teamName: 'Team', currency: 'EUR', total: 0, clientServices: [{ serviceName: 'T', serviceType: 'TRANSLATION', dueDate: null, notes: null, total: 0, targetMarkets: [{ targetMarketId: '33333333-3333-4333-8333-333333333333', targetMarketLabel: 'German (Germany)', subTotal: 0, items: [{ itemName: 'Item', unit: 'word', quantity: 1, unitPrice, totalPrice: 0 }] }] }] }],
});

function indexOf(): InboxIndex {
  const rows: InboxSourceRow[] = INDEX_QUOTES.map((quote, n) => ({
    accountId: 'internal',
    quoteId: quote.id,
    hasDetails: true,
    status: quote.status,
    quoteNumber: `Q-${quote.id}`,
    projectName: null,
    referenceNumber: null,
    totalAmount: 100 + n,
    currency: 'EUR',
    quoteDate: new Date(quote.day).toISOString(),
    deadlineForQuote: null,
    projectDueDate: null,
    validUntil: null,
    companyName: quote.company,
  }));
  const index = new InboxIndex();
  index.load(rows, new Map([['internal', 'internal' as const]]), []);
  return index;
}

/** Facts as the history feed holds them: every quote priced and timed, one in four revised. */
function heldFacts() {
  const slots = new QuoteSlots();
  const held = { decisionTimes: new DecisionTimes(slots), revisionChanges: new RevisionChanges(slots), unitPriceLines: new UnitPriceLines(slots) };
  INDEX_QUOTES.forEach((quote, n) => {
    held.unitPriceLines.put('internal', quote.id, { quoteNumber: `Q-${quote.id}`, itemsPricing: pricing(quote.price) });
    held.decisionTimes.put(quote.id, { at: quote.day + ((n * 3) % 11) * DAY_MS, basis: 'here', reason: n % 2 === 0 ? 'price' : null });
    if (n % 4 === 0) held.revisionChanges.set(quote.id, { versions: 2, byCurrency: [{ currency: 'EUR', up: n, down: 0 }] });
  });
  return held;
}

// A search first: its selection holds fewer places than the views without one.
/** The median days to a decision of a view's decided quotes, from the fixture (what the figures must say). */
function medianDaysOf(view: InsightsInput): number | null {
  const { from, to } = dayRangeOf(rangeOf(view.range ?? 'last-12-months', NOW));
  const company = view.companies?.[0] ?? view.search;
  const days = INDEX_QUOTES.flatMap((quote, n) => {
    const day = Math.floor(quote.day / DAY_MS);
    if ((company !== undefined && quote.company !== company) || (from !== null && (day < from || day > to))) return [];
    if (!['ACCEPTED', 'REJECTED', 'CHANGED_TO_PROJECT'].includes(quote.status)) return [];
    return [(quote.day + ((n * 3) % 11) * DAY_MS - day * DAY_MS) / DAY_MS];
  }).sort((a, b) => a - b);
  if (days.length === 0) return null;
  const middle = days.length >> 1;
  return Math.round((days.length % 2 === 1 ? days[middle]! : (days[middle - 1]! + days[middle]!) / 2) * 10) / 10;
}

const VIEWS: InsightsInput[] = [
  { range: 'all-time', search: 'Acme' },
  { range: 'last-3-months', companies: ['Acme'] },
  { range: 'all-time' },
  { range: 'last-3-months', companies: ['Beta Books'] },
  { range: 'this-month', companies: ['Corto'] },
  { range: 'last-3-months', companies: ['Acme'] },
];

describe('figures read one after another with the columns kept between reads', () => {
  it('equal, for views of different sizes in turn, a count over a selection of their own and facts held afresh', () => {
    const index = indexOf();
    const held = heldFacts();
    const deps = { cache: { inboxSelected: index.selected.bind(index) }, clock: { now: () => NOW, sleep: () => Promise.resolve() }, expiringSoonDays: 7 };
    for (const view of VIEWS) {
      const input = InsightsInputSchema.parse(view);
      const read = readInsights(deps, input, held);
      const { range, from, to, splitBy, ...selection } = input;
      // A selection of its own (no buffers lent) and facts no read has seen.
      const own = figuresOf(indexOf().selected({ ...selection, now: NOW }), { range: rangeOf(range, NOW, { from, to }), now: NOW, splitBy, ...heldFacts() });
      expect(read, JSON.stringify(view)).toEqual(own);
      // The decision days are sorted in the pass's own column, which both counts above share: their median again, counted here.
      expect(read.decisions.medianDaysToDecision, JSON.stringify(view)).toBe(medianDaysOf(view));
      expect(read.quotes, JSON.stringify(view)).toBeGreaterThan(0);
      expect(read.unitPrices.length, JSON.stringify(view)).toBeGreaterThan(0);
    }
  });
});

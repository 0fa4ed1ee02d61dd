import { describe, expect, it } from 'vitest';
import { InboxIndex } from '../../../../main/core/cache/inbox';
import type { InboxSourceRow } from '../../../../main/core/database/types';
import { figuresOf } from '../../../../main/core/insights/figures';
import { rangeOf } from '../../../../main/core/insights/range';
import { UnitPriceLines } from '../../../../main/core/insights/unit-price-lines';
import { quantileOf } from '../../../../main/core/insights/unit-prices';
import type { ItemsPricing } from '../../../../preload/contract';

const NOW = Date.UTC(2026, 10, 28, 12); // 28 November 2026

interface Line {
  serviceType: string;
  market: string;
  unit: string;
  unitPrice: number;
  itemName?: string;
}

/** A quote's pricing: one team per currency, each line a service of its own. */
function pricing(byCurrency: Record<string, Line[]>): ItemsPricing {
  return {
    total: 0,
    calculatedAt: null,
    teams: Object.entries(byCurrency).map(([currency, lines]) => ({
      teamName: 'Team',
      currency,
      total: 0,
      clientServices: lines.map((line) => ({
        serviceName: line.serviceType,
        serviceType: line.serviceType,
        dueDate: null,
        notes: null,
        total: 0,
        targetMarkets: [
          {
            targetMarketId: '33333333-3333-4333-8333-333333333333',
            targetMarketLabel: line.market,
            subTotal: 0,
            items: [{ itemName: line.itemName ?? 'Words', unit: line.unit, quantity: 1, unitPrice: line.unitPrice, totalPrice: line.unitPrice }],
          },
        ],
      })),
    })),
  };
}

const words = (unitPrice: number, extra: Partial<Line> = {}): Line => ({ serviceType: 'TRANSLATION', market: 'French (France)', unit: 'word', unitPrice, ...extra });
const hours = (unitPrice: number): Line => ({ serviceType: 'REVIEW', market: 'German (Germany)', unit: 'hour', unitPrice });

interface FixtureQuote {
  id: string;
  accounts?: string[];
  quoteDate?: string;
  lines: Record<string, Line[]>;
}

// Hand-computed, last 3 months (2026-09-01 to 2026-11-28):
// TRANSLATION, French, word, EUR: 0.10 0.11 0.12 0.13 0.40 over 5 quotes (q-2 seen by both accounts, once), odd:
//   median 0.12, p25 0.11, p75 0.13; fences 0.08 and 0.16: 0.40 (q-5) is the outlier; q-6 (0.50) is dated before the range.
// The same in USD: 0.20 alone, a row apart. "Word " written otherwise is the same unit.
// REVIEW, German, hour, EUR: 30 40 50 60 over 3 quotes (q-1 prices two hours lines), even:
//   median 45, p25 37.5, p75 52.5, no outlier.
const FIXTURE: FixtureQuote[] = [
  { id: 'q-1', lines: { EUR: [words(0.1), hours(30), hours(40)] } },
  { id: 'q-2', accounts: ['client', 'internal'], lines: { EUR: [words(0.12)] } },
  { id: 'q-3', lines: { EUR: [words(0.11, { unit: 'Word ' })], USD: [words(0.2)] } },
  { id: 'q-4', lines: { EUR: [words(0.13), hours(50)] } },
  { id: 'q-5', lines: { EUR: [words(0.4), hours(60)] } },
  { id: 'q-6', quoteDate: '2026-06-01T00:00:00.000Z', lines: { EUR: [words(0.5)] } },
];

function unitPricesOf(quotes: FixtureQuote[]) {
  const rows: InboxSourceRow[] = [];
  const lines = new UnitPriceLines();
  for (const quote of quotes)
    for (const accountId of quote.accounts ?? ['internal']) {
      const quoteDate = quote.quoteDate ?? '2026-11-02T10:00:00.000Z';
      rows.push({
        accountId,
        quoteId: quote.id,
        hasDetails: true,
        status: 'SENT',
        quoteNumber: `Q-${quote.id}`,
        projectName: null,
        referenceNumber: null,
        totalAmount: 100,
        currency: 'EUR',
        quoteDate,
        deadlineForQuote: null,
        projectDueDate: null,
        validUntil: null,
        companyName: 'Acme',
      });
      lines.put(accountId, quote.id, { quoteNumber: `Q-${quote.id}`, itemsPricing: pricing(quote.lines) });
    }
  const index = new InboxIndex();
  index.load(rows, new Map([['client', 'client' as const], ['internal', 'internal' as const]]), [], new Map([['client', 'svc'], ['internal', 'svc']]));
  return figuresOf(index.selected({ now: NOW }), { range: rangeOf('last-3-months', NOW), now: NOW, splitBy: 'company', unitPriceLines: lines }).unitPrices;
}

describe('unit prices', () => {
  const rows = unitPricesOf(FIXTURE);

  it('gives each service, language pair, unit and currency its median, quartiles and range, currencies apart and each quote once', () => {
    expect(rows.map(({ outlierLines: _outliers, quoteIds: _quoteIds, ...figures }) => figures)).toEqual([
      { serviceType: 'REVIEW', market: 'German (Germany)', unit: 'hour', currency: 'EUR', quotes: 3, lines: 4, median: 45, p25: 37.5, p75: 52.5, min: 30, max: 60, outliers: 0 },
      { serviceType: 'TRANSLATION', market: 'French (France)', unit: 'word', currency: 'EUR', quotes: 5, lines: 5, median: 0.12, p25: 0.11, p75: 0.13, min: 0.1, max: 0.4, outliers: 1 },
      { serviceType: 'TRANSLATION', market: 'French (France)', unit: 'word', currency: 'USD', quotes: 1, lines: 1, median: 0.2, p25: 0.2, p75: 0.2, min: 0.2, max: 0.2, outliers: 0 },
    ]);
  });

  it('lists the outliers with their quotes, and each row its quotes, for the inbox to open', () => {
    expect(rows[1]!.outlierLines).toEqual([{ quoteId: 'q-5', quoteNumber: 'Q-q-5', unitPrice: 0.4 }]);
    expect(rows[1]!.quoteIds).toEqual(['q-1', 'q-3', 'q-2', 'q-4', 'q-5'].sort());
    expect(rows[0]!.quoteIds).toEqual(['q-1', 'q-4', 'q-5']);
    expect(rows[0]!.outlierLines).toEqual([]);
  });

  it('keeps a quote two accounts see once, and its lines while one account still has its details', () => {
    const lines = new UnitPriceLines();
    lines.put('client', 'q-2', { quoteNumber: 'Q-2', itemsPricing: pricing({ EUR: [words(0.12)] }) });
    lines.put('internal', 'q-2', { quoteNumber: 'Q-2', itemsPricing: pricing({ EUR: [words(0.12)] }) });
    expect(lines.size).toBe(1);
    lines.put('internal', 'q-2', null);
    expect(lines.of('q-2')?.prices).toEqual(Float64Array.of(0.12));
    lines.put('client', 'q-2', null);
    expect(lines.of('q-2')).toBeUndefined();
  });

  it('has no row without lines, and no quote ids for a row of more quotes than the inbox opens by id', () => {
    expect(unitPricesOf([])).toEqual([]);
    const many = Array.from({ length: 101 }, (_, at) => ({ id: `m-${at}`, lines: { EUR: [words(0.1 + (at % 3) / 100)] } }));
    const [row] = unitPricesOf(many);
    expect(row).toMatchObject({ quotes: 101, median: 0.11, quoteIds: null });
  });

  it('interpolates quartiles between the nearest ranks', () => {
    expect(quantileOf(Float64Array.of(1, 2, 3, 4), 0.5)).toBe(2.5);
    expect(quantileOf(Float64Array.of(1, 2, 3, 4, 5), 0.25)).toBe(2);
    expect(quantileOf(Float64Array.of(7), 0.75)).toBe(7);
  });
});

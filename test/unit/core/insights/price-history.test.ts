import { describe, expect, it } from 'vitest';
import { dayOf } from '../../../../main/core/cache/inbox';
import { PriceHistory } from '../../../../main/core/insights/price-history';
import type { ItemsPricing } from '../../../../preload/contract';

const TODAY = dayOf('2026-11-28');

interface Line {
  price: number;
  currency?: string;
  unit?: string;
  market?: string;
  serviceType?: string;
  itemName?: string;
}

/** Details with one team per currency, one service and market per line. */
function details(quoteDate: string | null, lines: Line[]) {
  const itemsPricing: ItemsPricing = {
    total: 0,
    calculatedAt: null,
    teams: lines.map(({ price, currency = 'EUR', unit = 'word', market = 'German (Germany)', serviceType = 'TRANSLATION', itemName = 'New words' }) => ({
      teamName: 'Team',
      currency,
      total: price * 1000,
      clientServices: [
        {
          serviceName: 'Translation',
          serviceType,
          dueDate: null,
          notes: null,
          total: price * 1000,
          targetMarkets: [{ targetMarketId: '33333333-3333-4333-8333-333333333333', targetMarketLabel: market, subTotal: price * 1000, items: [{ itemName, unit, quantity: 1000, unitPrice: price, totalPrice: price * 1000 }] }],
        },
      ],
    })),
  };
  return { quoteDate, itemsPricing };
}

/** Five EUR quotes of German translation by the word in the last 12 months: hand-computed median 0.12. */
function withFive(): PriceHistory {
  const history = new PriceHistory();
  [0.1, 0.11, 0.12, 0.13, 0.2].forEach((price, n) => history.put(`q${n}`, details(`2026-0${n + 1}-10T09:00:00Z`, [{ price }])));
  return history;
}

describe('PriceHistory.compare', () => {
  it('compares a line with the median of the same service, language, unit and currency over the last 12 months', () => {
    const history = withFive();
    const [compared, ...rest] = history.compare('open', details('2026-11-27T00:00:00Z', [{ price: 0.15 }]), TODAY);
    expect(rest).toEqual([]);
    expect(compared).toMatchObject({ median: 0.12, quotes: 5, line: { unitPrice: 0.15, currency: 'EUR', unit: 'word', market: 'German (Germany)' } });
  });

  it('says nothing with fewer than five other quotes: other currencies, items, units, languages and older quotes are not compared', () => {
    const history = new PriceHistory();
    [0.1, 0.11, 0.12, 0.13].forEach((price, n) => history.put(`q${n}`, details('2026-06-01T00:00:00Z', [{ price }])));
    history.put('usd', details('2026-06-01T00:00:00Z', [{ price: 0.5, currency: 'USD' }]));
    history.put('minute', details('2026-06-01T00:00:00Z', [{ price: 0.5, unit: 'minute' }]));
    history.put('french', details('2026-06-01T00:00:00Z', [{ price: 0.5, market: 'French (France)' }]));
    history.put('fuzzy', details('2026-06-01T00:00:00Z', [{ price: 0.05, itemName: 'Fuzzy matches 75-99%' }]));
    history.put('old', details('2025-11-28T00:00:00Z', [{ price: 0.5 }]));
    expect(history.compare('open', details(null, [{ price: 0.15 }]), TODAY)).toEqual([]);
    // The fifth, a year ago to the day plus one: now there are five.
    history.put('year', details('2025-11-29T00:00:00Z', [{ price: 0.14 }]));
    expect(history.compare('open', details(null, [{ price: 0.15 }]), TODAY)).toMatchObject([{ median: 0.12, quotes: 5 }]);
  });

  it('leaves the open quote out of its own history, and a revised quote counts once, at its new price', () => {
    const history = withFive();
    history.put('open', details('2026-11-27T00:00:00Z', [{ price: 0.15 }]));
    expect(history.compare('open', details('2026-11-27T00:00:00Z', [{ price: 0.15 }]), TODAY)).toMatchObject([{ median: 0.12, quotes: 5 }]);
    // q4 (0.20) revised down to 0.09: still five quotes, median of 0.09 0.10 0.11 0.12 0.13.
    history.put('q4', details('2026-05-10T09:00:00Z', [{ price: 0.09 }]));
    expect(history.compare('open', details(null, [{ price: 0.15 }]), TODAY)).toMatchObject([{ median: 0.11, quotes: 5 }]);
    history.remove('q0');
    expect(history.compare('open', details(null, [{ price: 0.15 }]), TODAY)).toEqual([]);
  });

  it('counts quotes, not lines: two lines of one quote are two prices of one quote', () => {
    const history = new PriceHistory();
    [0.1, 0.12, 0.14].forEach((price, n) => history.put(`q${n}`, details('2026-06-01T00:00:00Z', [{ price }])));
    history.put('two-lines', details('2026-06-01T00:00:00Z', [{ price: 0.2 }, { price: 0.3, unit: 'Word' }]));
    // Five prices, but from four quotes: not enough.
    expect(history.compare('open', details(null, [{ price: 0.15 }]), TODAY)).toEqual([]);
    history.put('q3', details('2026-06-01T00:00:00Z', [{ price: 0.16 }]));
    // Prices 0.10 0.12 0.14 0.16 0.20 0.30 ("Word" is "word"): median (0.14 + 0.16) / 2, from five quotes.
    const [compared] = history.compare('open', details(null, [{ price: 0.15 }]), TODAY);
    expect(compared?.quotes).toBe(5);
    expect(compared?.median).toBeCloseTo(0.15, 10);
  });
});

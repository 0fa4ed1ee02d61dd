import { describe, expect, it } from 'vitest';
import { checkPricingSums, splitPricing } from '../../../renderer/src/lib/pricing';
import { formatAmount, formatSignedAmount, formatterCount, minorUnitDigits } from '../../../renderer/src/lib/money';
import { makePricing } from './pricing-fixtures';

describe('checkPricingSums', () => {
  it('finds nothing wrong in a pricing whose totals are the sums of their parts', () => {
    expect(checkPricingSums(makePricing())).toEqual([]);
    expect(checkPricingSums(null)).toEqual([]);
  });

  it('tolerates rounding to the minor unit, and float noise', () => {
    const pricing = makePricing();
    const market = pricing.teams[0]!.clientServices[0]!.targetMarkets[1]!;
    // 3 × 0.1 is 0.30000000000000004 in floating point; 7 × 0.333 = 2.331 stated as 2.33.
    market.items = [
      { itemName: 'A', unit: 'word', quantity: 3, unitPrice: 0.1, totalPrice: 0.3 },
      { itemName: 'B', unit: 'word', quantity: 7, unitPrice: 0.333, totalPrice: 2.33 },
      { itemName: 'C', unit: 'word', quantity: 1, unitPrice: 747.37, totalPrice: 747.37 },
    ];
    expect(checkPricingSums(pricing)).toEqual([]);
  });

  it('reports each stated amount that does not add up, with its path and both amounts', () => {
    const pricing = makePricing();
    pricing.teams[0]!.clientServices[0]!.targetMarkets[0]!.items[1]!.totalPrice = 120; // 2 × 50 is 100
    pricing.teams[1]!.total = 550; // its service says 500
    const mismatches = checkPricingSums(pricing);
    expect(mismatches).toContainEqual({
      level: 'line item',
      path: ['Translation team', 'Translation', 'German (Germany)', 'Project management'],
      stated: 120,
      computed: 100,
      difference: 20,
      currency: 'EUR',
    });
    // The subtotal above the wrong line now disagrees with the stated lines, too.
    expect(mismatches).toContainEqual(expect.objectContaining({ level: 'target market', stated: 1100, computed: 1120, difference: -20 }));
    expect(mismatches).toContainEqual(expect.objectContaining({ level: 'team', path: ['Audio team'], stated: 550, computed: 500 }));
    expect(mismatches).toContainEqual(expect.objectContaining({ level: 'quote', stated: 2350, computed: 2400, difference: -50 }));
  });

  it('flags a difference of more than one minor unit, by the currency: cents for EUR, yen for JPY', () => {
    const pricing = makePricing();
    pricing.total = 2350.02;
    expect(checkPricingSums(pricing)).toHaveLength(1);
    pricing.total = 2350.01;
    expect(checkPricingSums(pricing)).toHaveLength(0);
    for (const team of pricing.teams) team.currency = 'JPY';
    pricing.total = 2350.9; // rounds to 2351: one yen off is tolerated
    expect(checkPricingSums(pricing)).toHaveLength(0);
    pricing.total = 2353;
    expect(checkPricingSums(pricing)).toHaveLength(1);
  });

  it('does not add up teams priced in different currencies', () => {
    const pricing = makePricing();
    pricing.teams[1]!.currency = 'GBP';
    pricing.total = 1;
    expect(checkPricingSums(pricing)).toEqual([]);
  });
});

describe('splitPricing', () => {
  it('splits by team, service and target market, largest first, with shares', () => {
    const pricing = makePricing();
    expect(splitPricing(pricing, 'team').map((slice) => [slice.label, slice.amount])).toEqual([
      ['Translation team', 1850],
      ['Audio team', 500],
    ]);
    expect(splitPricing(pricing, 'service').map((slice) => slice.label)).toEqual(['Translation', 'Voice-over']);
    const markets = splitPricing(pricing, 'market');
    expect(markets.map((slice) => [slice.label, slice.amount])).toEqual([
      ['German (Germany)', 1600],
      ['French (France)', 750],
    ]);
    expect(markets[0]!.share).toBeCloseTo(1600 / 2350);
  });
});

describe('money', () => {
  it('formats in the locale and currency, and keeps one formatter per locale and currency', () => {
    expect(formatAmount(1240.5, 'EUR', 'en-GB')).toBe('€1,240.50');
    expect(formatAmount(1240.5, 'EUR', 'de-DE')).toBe('1.240,50\u00a0€');
    expect(formatSignedAmount(80, 'GBP', 'en-GB')).toBe('+£80.00');
    expect(formatAmount(5, 'XQQ1', 'en-GB')).toBe('5.00 XQQ1');
    const before = formatterCount();
    for (let index = 0; index < 500; index += 1) formatAmount(index, 'EUR', 'en-GB');
    expect(formatterCount()).toBe(before);
    expect(minorUnitDigits('JPY')).toBe(0);
    expect(minorUnitDigits('EUR')).toBe(2);
  });
});

import { describe, expect, it } from 'vitest';
import { canonicalJson } from '../../../../main/core/cache/hash';
import { quoteRevision } from '../../../../main/core/team';

// As the service sends them: keys in the schema's order, not sorted.
const fresh = {
  totalPrice: { currency: 'EUR', amount: 6200 },
  itemsPricing: [{ serviceType: 'TRANSLATION', quantity: 12000, unitPrice: 0.5, unit: 'WORD', total: 6000 }, { serviceType: 'DTP', quantity: 4, unitPrice: 50, unit: 'HOUR', total: 200 }],
};

describe('a quote\u2019s revision', () => {
  it('is the same for the cached copy (keys sorted) as for a fresh read of the same quote', () => {
    const cached = JSON.parse(canonicalJson(fresh)) as typeof fresh;
    expect(Object.keys(cached.totalPrice)).toEqual(['amount', 'currency']);
    expect(quoteRevision(cached)).toBe(quoteRevision(fresh));
  });

  it('changes when a price changes', () => {
    const revised = { ...fresh, itemsPricing: [{ ...fresh.itemsPricing[0]!, unitPrice: 0.55, total: 6600 }, fresh.itemsPricing[1]!] };
    expect(quoteRevision(revised)).not.toBe(quoteRevision(fresh));
  });
});

// What each order of the inbox means to the person reading it: quotes in preparation are the
// newest work, values are compared within a currency only, companies A to Z, and every order
// reads the other way round too, with what has no value last either way.
import { describe, expect, it } from 'vitest';
import { InboxIndex } from '../../../../main/core/cache';
import type { InboxSort } from '../../../../main/core/cache';
import type { InboxSourceRow } from '../../../../main/core/database';

const NOW = Date.parse('2025-03-01T09:00:00Z');

function row(quoteId: string, fields: Partial<InboxSourceRow> = {}): InboxSourceRow {
  return {
    accountId: 'acme',
    quoteId,
    hasDetails: false,
    status: 'SENT',
    quoteNumber: `Q-${quoteId}`,
    projectName: `Project ${quoteId}`,
    companyName: null,
    referenceNumber: null,
    totalAmount: null,
    currency: null,
    quoteDate: '2025-02-01T00:00:00Z',
    deadlineForQuote: null,
    projectDueDate: null,
    validUntil: null,
    ...fields,
  };
}

function ordered(rows: InboxSourceRow[], sort: InboxSort): string[] {
  const index = new InboxIndex();
  index.load(rows, new Map([['acme', 'internal']]), [], new Map([['acme', 'https://quotes.test']]));
  return index.query({ sort, offset: 0, limit: 100, now: NOW }).rows.map((each) => each.quoteId);
}

describe('the inbox orders', () => {
  const dated = [
    row('january', { quoteDate: '2025-01-10T00:00:00Z' }),
    row('preparing', { status: 'PENDING', quoteNumber: null, quoteDate: null }),
    row('february', { quoteDate: '2025-02-10T00:00:00Z' }),
  ];

  it('puts a quote in preparation (no quote date) first when newest first, and last when oldest first', () => {
    expect(ordered(dated, 'newest')).toEqual(['preparing', 'february', 'january']);
    expect(ordered(dated, 'oldest')).toEqual(['january', 'february', 'preparing']);
  });

  const priced = [
    row('gbp-900', { totalAmount: 900, currency: 'GBP' }),
    row('eur-1000', { totalAmount: 1000, currency: 'EUR' }),
    row('usd-50', { totalAmount: 50, currency: 'USD' }),
    row('gbp-1200', { totalAmount: 1200.5, currency: 'GBP' }),
    row('eur-10', { totalAmount: 10.25, currency: 'EUR' }),
    row('unpriced'),
  ];

  it('orders values within each currency, currencies A to Z, never comparing pounds with euros as plain numbers', () => {
    expect(ordered(priced, 'value')).toEqual(['eur-1000', 'eur-10', 'gbp-1200', 'gbp-900', 'usd-50', 'unpriced']);
    expect(ordered(priced, 'value-lowest')).toEqual(['eur-10', 'eur-1000', 'gbp-900', 'gbp-1200', 'usd-50', 'unpriced']);
  });

  it('tells amounts a penny apart', () => {
    const close = [row('less', { totalAmount: 1_000_000.01, currency: 'EUR' }), row('more', { totalAmount: 1_000_000.02, currency: 'EUR' })];
    expect(ordered(close, 'value')).toEqual(['more', 'less']);
  });

  it('orders companies A to Z and Z to A, accents and case aside, quotes without a company last', () => {
    const companies = [
      row('zeta', { companyName: 'Zeta Translations' }),
      row('none'),
      row('ecole', { companyName: 'École Lumière' }),
      row('acme', { companyName: 'acme' }),
      row('acme-ltd', { companyName: 'Acme Ltd' }),
      row('digits', { companyName: '3M' }),
    ];
    expect(ordered(companies, 'company')).toEqual(['digits', 'acme', 'acme-ltd', 'ecole', 'zeta', 'none']);
    expect(ordered(companies, 'company-desc')).toEqual(['zeta', 'ecole', 'acme-ltd', 'acme', 'digits', 'none']);
  });

  it('reads due dates and validity the other way round, what has none still last', () => {
    const due = [row('march', { projectDueDate: '2025-03-20' }), row('no-date'), row('april', { projectDueDate: '2025-04-02' })];
    expect(ordered(due, 'due')).toEqual(['march', 'april', 'no-date']);
    expect(ordered(due, 'due-latest')).toEqual(['april', 'march', 'no-date']);
    const valid = [
      row('soon', { validUntil: '2025-03-03T00:00:00Z' }),
      row('open-ended'),
      row('later', { validUntil: '2025-05-01T00:00:00Z' }),
      row('decided', { status: 'ACCEPTED', validUntil: '2025-06-01T00:00:00Z' }),
    ];
    expect(ordered(valid, 'expiry')).toEqual(['soon', 'later', 'open-ended', 'decided']);
    expect(ordered(valid, 'expiry-latest')).toEqual(['later', 'soon', 'open-ended', 'decided']);
  });
});

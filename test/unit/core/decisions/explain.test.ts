import { describe, expect, it } from 'vitest';
import { explainRefusal } from '../../../../main/core/decisions';
import { IN_PREPARATION, NOT_RELEASED } from '../../../../main/core/quotes/decidability';
import type { QuoteDetails, QuoteStatus } from '../../../../preload/contract';
import { quoteVersion } from '../../../../main/core/cache/quote-version';

function quote(status: QuoteStatus, quoteNumber: string | null = 'Q-1'): QuoteDetails {
  return {
    id: '00000000-0000-4000-8000-000000000001',
    quoteNumber,
    projectName: 'P',
    projectDescription: null,
    status,
    company: { id: '00000000-0000-4000-8000-000000000002', name: 'C', country: null, timezone: null, clientUsers: [] },
    totalPrice: { amount: 10, currency: 'EUR' },
    quoteDate: null,
    deadlineForQuote: null,
    projectDueDate: null,
    validUntil: null,
  };
}

describe('explainRefusal', () => {
  it.each([
    ['ACCEPTED', 'client', 'This quote is now Accepted: it was decided elsewhere.'],
    ['CHANGED_TO_PROJECT', 'client', 'This quote is now Project started: it was decided elsewhere.'],
    ['REJECTED', 'internal', 'This quote is now Declined: it was decided elsewhere.'],
    ['PENDING', 'internal', IN_PREPARATION],
    ['SENT_PENDING', 'internal', `${NOT_RELEASED} Nothing was changed.`],
    ['SENT_REVISED', 'internal', `${NOT_RELEASED} Nothing was changed.`],
    ['EXPIRED', 'client', 'This quote has expired: it can no longer be accepted or declined.'],
    ['CANCELLED', 'client', 'This quote was cancelled: it can no longer be accepted or declined.'],
  ] as const)('%s (%s key): %s', (status, access, words) => {
    expect(explainRefusal(quote(status), access)).toBe(words);
  });

  it("a client's sent quote refused is one the vendor has not released; a preparing one has no number", () => {
    expect(explainRefusal(quote('PENDING', 'Q-1'), 'client')).toBe(`${NOT_RELEASED} Nothing was changed.`);
    expect(explainRefusal(quote('REVISED'), 'client')).toBe(`${NOT_RELEASED} Nothing was changed.`);
    expect(explainRefusal(quote('PENDING', null), 'client')).toBe(IN_PREPARATION);
  });

  it('never says to try again: asking again cannot change a refusal', () => {
    for (const status of ['PENDING', 'SENT', 'SENT_PENDING', 'REVISED', 'SENT_REVISED', 'ACCEPTED', 'EXPIRED'] as const) {
      for (const access of ['client', 'internal'] as const) expect(explainRefusal(quote(status), access)).not.toMatch(/try again/i);
    }
  });

  it('does not pretend to know why when the quote still looks decidable to an internal key, or could not be re-read', () => {
    expect(explainRefusal(quote('SENT'), 'internal')).toMatch(/^The service refused the decision although the quote shows Sent, and nothing was changed\./);
    expect(explainRefusal(null, 'client')).toMatch(/could not be re-read to say why/);
  });
});

describe('quoteVersion', () => {
  it('is the same however the keys are ordered, and changes with any value', () => {
    const a = quote('SENT');
    const reordered = Object.fromEntries(Object.entries(a).reverse()) as QuoteDetails;
    expect(quoteVersion(reordered)).toBe(quoteVersion(a));
    expect(quoteVersion({ ...a, totalPrice: { amount: 11, currency: 'EUR' } })).not.toBe(quoteVersion(a));
  });
});

import { describe, expect, it } from 'vitest';
import { explainRefusal } from '../../../../main/core/decisions';
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
    ['PENDING', 'client', 'The service does not allow deciding this quote yet: it is still being prepared.'],
    ['SENT_PENDING', 'internal', 'The service does not allow deciding this quote yet: it is still being prepared.'],
    ['EXPIRED', 'client', 'This quote has expired: it can no longer be accepted or declined.'],
    ['CANCELLED', 'client', 'This quote was cancelled: it can no longer be accepted or declined.'],
  ] as const)('%s (%s key): %s', (status, access, words) => {
    expect(explainRefusal(quote(status), access)).toBe(words);
  });

  it('does not pretend to know why when the quote still looks decidable, or could not be re-read', () => {
    expect(explainRefusal(quote('REVISED'), 'client')).toMatch(/^The service refused the decision although the quote still shows Revised\./);
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

import { afterEach, describe, expect, it } from 'vitest';
import { explainRefusal } from '../../../../main/core/decisions';
import { changedMessage, doneMessage, explainCheck } from '../../../../main/core/decisions/explain';
import { setLocale } from '../../../../i18n/paraglide/runtime.js';
import type { QuoteDetails, QuoteStatus } from '../../../../preload/contract';
import { quoteVersion } from '../../../../main/core/cache/quote-version';

const NOT_RELEASED = 'The vendor has not released this quote for a decision yet: it is sent, but awaiting their release.';
const IN_PREPARATION = 'This quote is still being prepared: there is nothing to decide yet.';

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

describe('in the language chosen when the words are said', () => {
  afterEach(() => setLocale('en', { reload: false }));

  it('German: a refusal, a check and an outcome', () => {
    setLocale('de', { reload: false });
    expect(explainRefusal(quote('SENT_PENDING'), 'internal')).toBe(
      'Der Anbieter hat dieses Angebot noch nicht zur Entscheidung freigegeben: Es ist gesendet, wartet aber auf seine Freigabe. Es wurde nichts geändert.',
    );
    expect(explainRefusal(quote('ACCEPTED'), 'client')).toBe('Dieses Angebot hat jetzt den Status Angenommen: Es wurde an anderer Stelle entschieden.');
    expect(explainCheck(quote('REJECTED'), 'decline', 'client')).toBe('Das Angebot zeigt, dass es abgelehnt wurde.');
    expect(doneMessage('accept', 'response')).toBe('Das Angebot wurde angenommen.');
    expect(changedMessage()).toMatch(/^Das Angebot hat sich geändert/);
  });

  it('Arabic: an expired quote, and back to English once the language changes back', () => {
    setLocale('ar', { reload: false });
    expect(explainRefusal(quote('EXPIRED'), 'client')).toBe('انتهت صلاحية عرض السعر هذا: لم يعد بالإمكان قبوله أو رفضه.');
    setLocale('en', { reload: false });
    expect(explainRefusal(quote('EXPIRED'), 'client')).toBe('This quote has expired: it can no longer be accepted or declined.');
  });
});

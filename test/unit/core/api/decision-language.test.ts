// A decision whose answer went astray is explained to a person in main's language: whether it
// took effect, and what to do before deciding again.
import { afterEach, describe, expect, it } from 'vitest';
import { setLocale } from '../../../../i18n/paraglide/runtime.js';
import { decide } from '../../../../main/core/api/decisions';
import type { DecisionSteps } from '../../../../main/core/api/decisions';
import { OutcomeUnknownError } from '../../../../main/core/api/errors';
import { translateFailure } from '../../../../main/core/api/transport';
import { createFakeClock } from '../../../helpers/fake-clock';
import { createRecordingLogger } from '../../../helpers/recording-logger';
import { detailsOf, fakeQuote } from '../../../helpers/service-fixtures';
import type { QuoteStatus } from '../../../../preload/contract';

const ENDPOINT = 'POST /api/public/v1/quotes/q-1/accept';
const ENGLISH = /\b(the|service|quote|request|accepted|declined|check|again|unknown)\b/i;
const quote = fakeQuote({ status: 'SENT' });

/** A decision whose POST fails with a socket error `code`, after which the quote reads as `status`. */
function stepsFailing(code: string, status: QuoteStatus): DecisionSteps {
  return {
    send: () => Promise.reject(translateFailure(Object.assign(new Error(code), { code }), ENDPOINT)),
    reread: async () => detailsOf(quote, status),
    clock: createFakeClock(),
    logger: createRecordingLogger(),
  };
}

const failure = (promise: Promise<unknown>) => promise.then(() => { throw new Error('the decision succeeded'); }, (error: unknown) => error as Error & { language?: string });

describe('a decision whose answer went astray, in main’s language', () => {
  afterEach(() => void setLocale('en', { reload: false }));

  it('says in German that a decline never left, and that an interrupted accept may still land', async () => {
    setLocale('de', { reload: false });
    const notSent = await failure(decide('decline', quote.id, stepsFailing('ECONNREFUSED', 'SENT')));
    expect(notSent.message).toBe('Der Dienst war nicht erreichbar, daher wurde das Angebot nicht abgelehnt.');
    expect(notSent.language).toBe('de');
    const unknown = await failure(decide('accept', quote.id, stepsFailing('ECONNRESET', 'SENT')));
    expect(unknown).toBeInstanceOf(OutcomeUnknownError);
    expect(unknown.message).toContain('das Angebot zeigt weiterhin SENT');
    expect(unknown.message).toContain('Ob es angenommen wird, ist noch nicht bekannt.');
  });

  it('confirms in Arabic a decline the re-read shows, and keeps the status code as the service gave it', async () => {
    setLocale('ar', { reload: false });
    const outcome = await decide('decline', quote.id, stepsFailing('ECONNRESET', 'REJECTED'));
    expect(outcome.result.message).toBe('فُقد الرد، لكن عرض السعر يُظهر أنه رُفض.');
    const unknown = await failure(decide('decline', quote.id, stepsFailing('ECONNRESET', 'SENT')));
    expect(unknown.message).toContain('SENT');
    expect(unknown.message.replace('SENT', '')).not.toMatch(ENGLISH);
    expect(unknown.language).toBe('ar');
  });

  it('keeps English, the base, word for word', async () => {
    const outcome = await decide('accept', quote.id, stepsFailing('ECONNRESET', 'ACCEPTED'));
    expect(outcome.result.message).toBe('The answer was lost, but the quote shows it was accepted.');
  });
});

import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createQuotingClient } from '../../../../main/core/api';
import type { ClosableQuotingClient } from '../../../../main/core/api';
import { OutcomeUnknownError } from '../../../../main/core/api/errors';
import { createFakeClock } from '../../../helpers/fake-clock';
import type { FakeClock } from '../../../helpers/fake-clock';
import { startFakeService } from '../../../helpers/fake-service';
import type { FakeService } from '../../../helpers/fake-service';
import { detailsOf, fakeQuote, INTERNAL_KEY, STANDARD_PRINCIPALS } from '../../../helpers/service-fixtures';
import type { FakeQuote } from '../../../helpers/service-fixtures';
import { malformed } from '../../../helpers/slow-responses';

let service: FakeService;
let client: ClosableQuotingClient;
let clock: FakeClock;
let quote: FakeQuote;

beforeEach(async () => {
  quote = fakeQuote({ status: 'SENT' });
  service = await startFakeService({ quotes: [quote], ...STANDARD_PRINCIPALS });
  clock = createFakeClock();
  client = createQuotingClient({
    baseUrl: service.baseUrl,
    credentials: { mechanism: 'api-key', apiKey: INTERNAL_KEY },
    clock,
    timeouts: { headersMs: 100 },
    retry: { random: () => 0 },
  });
});
afterEach(async () => {
  await client.close();
  await service.close();
});

const posts = () => service.requests.filter((request) => request.method === 'POST');
const quotePath = () => `/api/public/v1/quotes/${quote.id}`;
const rereads = () => service.requests.filter((request) => request.method === 'GET' && request.path === quotePath());

describe('accept and decline when the answer is lost', () => {
  it('confirms an accept that took effect before the connection broke, by re-reading the quote', async () => {
    service.addFault({ method: 'POST', pathPrefix: '/api/public/v1/quotes', action: { type: 'reset', afterProcessing: true } });
    const outcome = await client.quotes.accept(quote.id);
    expect(outcome.via).toBe('confirmed-after-uncertainty');
    expect(outcome.result).toMatchObject({ id: quote.id, status: 'CHANGED_TO_PROJECT' });
    expect(posts()).toHaveLength(1);
    expect(service.requests.at(-1)).toMatchObject({ method: 'GET', path: `/api/public/v1/quotes/${quote.id}` });
  });

  it('confirms a decline the same way', async () => {
    service.addFault({ method: 'POST', pathPrefix: '/api/public/v1/quotes', action: { type: 'reset', afterProcessing: true } });
    const outcome = await client.quotes.decline(quote.id, 'Too late');
    expect(outcome).toMatchObject({ via: 'confirmed-after-uncertainty', result: { status: 'REJECTED' } });
  });

  it('does not claim a broken connection left the quote unaccepted: the service may still apply it', async () => {
    service.addFault({ method: 'POST', pathPrefix: '/api/public/v1/quotes', action: { type: 'reset' } });
    const error = await client.quotes.accept(quote.id).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(OutcomeUnknownError);
    expect(error).toMatchObject({ code: 'network', retryable: false });
    expect((error as Error).message).toMatch(/still shows SENT.*whether it will be accepted is not known yet\. Check the quote before trying again/);
    expect((error as Error).message).not.toMatch(/it was not accepted/);
    expect(posts()).toHaveLength(1);
    expect(rereads()).toHaveLength(3);
  });

  it('keeps re-reading after a timeout, and confirms an accept the service applied late', async () => {
    service.addFault({ method: 'POST', pathPrefix: '/api/public/v1/quotes', action: { type: 'hang' } });
    // The service is still processing the POST when the client gives up; it lands before the second re-read.
    let reads = 0;
    service.route('GET', quotePath(), (_req, res) => {
      reads += 1;
      const stored = service.quotes.get(quote.id)!;
      if (reads === 2) stored.status = 'CHANGED_TO_PROJECT';
      res.end(JSON.stringify({ success: true, data: detailsOf(stored) }));
    });
    const outcome = await client.quotes.accept(quote.id);
    expect(outcome).toMatchObject({ via: 'confirmed-after-uncertainty', result: { status: 'CHANGED_TO_PROJECT' } });
    expect(posts()).toHaveLength(1);
    expect(clock.sleeps).toEqual([1_000, 2_000]);
  });

  it('reports an outcome not known yet when a timed-out decline still shows no effect after the re-reads', async () => {
    service.addFault({ method: 'POST', pathPrefix: '/api/public/v1/quotes', action: { type: 'hang' } });
    const error = await client.quotes.decline(quote.id, 'Too late').catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(OutcomeUnknownError);
    expect(error).toMatchObject({ code: 'network', retryable: false });
    expect((error as Error).message).toMatch(/The decline request timed out and the quote still shows SENT/);
    expect((error as Error).message).toContain('whether it will be declined is not known yet. Check the quote before trying again');
    expect(posts()).toHaveLength(1);
    expect(rereads()).toHaveLength(3);
    expect(clock.sleeps).toEqual([1_000, 2_000, 4_000]);
  });

  it('re-reads after an answer that is not valid HTTP, since the decision may have been applied', async () => {
    service.route('POST', `${quotePath()}/accept`, (_req, res) => {
      service.quotes.get(quote.id)!.status = 'CHANGED_TO_PROJECT';
      malformed(res);
    });
    const outcome = await client.quotes.accept(quote.id);
    expect(outcome).toMatchObject({ via: 'confirmed-after-uncertainty', result: { status: 'CHANGED_TO_PROJECT' } });
    expect(posts()).toHaveLength(1);
  });

  it('reports an unknown outcome when the quote cannot be re-read either', async () => {
    service.addFault({ method: 'POST', pathPrefix: '/api/public/v1/quotes', action: { type: 'reset', afterProcessing: true } });
    service.addFault({ method: 'GET', pathPrefix: '/api/public/v1/quotes', times: 4, action: { type: 'status', status: 502 } });
    const error = await client.quotes.accept(quote.id).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(OutcomeUnknownError);
    expect(error).toMatchObject({ code: 'network', retryable: false });
    expect((error as Error).message).toMatch(/whether it was accepted is unknown/);
    expect(posts()).toHaveLength(1);
  });

  it('does not re-read when the request certainly never left', async () => {
    await service.close();
    const error = await client.quotes.accept(quote.id).catch((caught: unknown) => caught);
    expect(error).toMatchObject({ code: 'network', reason: 'refused' });
    expect((error as Error).message).toContain('so the quote was not accepted');
  });
});

describe('accept and decline answered 2xx with a body off the interface', () => {
  const decidePath = (action: string) => `/api/public/v1/quotes/${quote.id}/${action}`;
  /** The service applies the decision, then answers 200 with `body`. */
  function appliesThenAnswers(action: 'accept' | 'decline', status: FakeQuote['status'], body: string): void {
    service.route('POST', decidePath(action), (_req, res) => {
      service.quotes.get(quote.id)!.status = status;
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(body);
    });
  }

  it('re-reads the quote after a malformed 200 to an accept, and reports it accepted', async () => {
    appliesThenAnswers('accept', 'CHANGED_TO_PROJECT', '{"success":true,"data":{"id":');
    const outcome = await client.quotes.accept(quote.id);
    expect(outcome).toEqual({
      via: 'confirmed-after-uncertainty',
      result: { id: quote.id, status: 'CHANGED_TO_PROJECT', message: "The service's answer could not be read, but the quote shows it was accepted." },
      // The re-read that settled it travels along: the caller need not read the quote again.
      quote: expect.objectContaining({ id: quote.id, status: 'CHANGED_TO_PROJECT' }),
    });
    expect(posts()).toHaveLength(1);
    expect(rereads()).toHaveLength(1);
    expect(clock.sleeps).toEqual([0]);
  });

  it('re-reads after a 200 to a decline that lacks the interface’s fields', async () => {
    appliesThenAnswers('decline', 'REJECTED', JSON.stringify({ success: true, data: { status: 'REJECTED' } }));
    await expect(client.quotes.decline(quote.id, 'No budget')).resolves.toMatchObject({ via: 'confirmed-after-uncertainty', result: { status: 'REJECTED' } });
    expect(posts()).toHaveLength(1);
  });

  it('does not claim success when the quote does not show the decision', async () => {
    appliesThenAnswers('accept', 'SENT', '<html>OK</html>');
    const error = await client.quotes.accept(quote.id).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(OutcomeUnknownError);
    expect((error as Error).message).toBe(
      'The service answered the accept request in a form this app does not understand, and the quote still shows SENT: whether it was accepted is not known. Check the quote before trying again.',
    );
    expect(rereads()).toHaveLength(3);
    expect(posts()).toHaveLength(1);
  });
});

describe('the decided quote in the answer (the spec is silent on it: every reading is tolerated)', () => {
  const decidePath = (action: string) => `/api/public/v1/quotes/${quote.id}/${action}`;
  /** The service applies the decision, then answers 200 with the data `shape` makes of the quote now stored. */
  function answersWith(action: 'accept' | 'decline', status: FakeQuote['status'], shape: (details: ReturnType<typeof detailsOf>) => unknown): void {
    service.route('POST', decidePath(action), (_req, res) => {
      const stored = service.quotes.get(quote.id)!;
      stored.status = status;
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(JSON.stringify({ success: true, data: shape(detailsOf(stored)) }));
    });
  }

  it('takes the quote the answer carries as its data, with the message beside it', async () => {
    answersWith('accept', 'CHANGED_TO_PROJECT', (details) => ({ ...details, message: 'Quote accepted' }));
    const outcome = await client.quotes.accept(quote.id);
    expect(outcome).toMatchObject({ via: 'response', result: { id: quote.id, status: 'CHANGED_TO_PROJECT', message: 'Quote accepted' } });
    expect(outcome.quote).toMatchObject({ id: quote.id, status: 'CHANGED_TO_PROJECT', quoteNumber: quote.quoteNumber });
    expect(rereads()).toHaveLength(0);
  });

  it('takes the quote the answer carries under data.quote', async () => {
    answersWith('decline', 'REJECTED', (details) => ({ id: quote.id, status: 'REJECTED', message: 'Quote declined', quote: details }));
    const outcome = await client.quotes.decline(quote.id, 'No budget');
    expect(outcome.quote).toMatchObject({ id: quote.id, status: 'REJECTED' });
  });

  it('has no quote when the answer is the spec\'s {id, status, message}, or carries a quote that disagrees with it', async () => {
    answersWith('accept', 'CHANGED_TO_PROJECT', () => ({ id: quote.id, status: 'CHANGED_TO_PROJECT', message: 'Quote accepted' }));
    expect((await client.quotes.accept(quote.id)).quote).toBeUndefined();
    // A copy taken before the decision applied (still SENT) is not the quote as it now stands.
    answersWith('decline', 'REJECTED', (details) => ({ id: quote.id, status: 'REJECTED', message: 'Quote declined', quote: { ...details, status: 'SENT' } }));
    expect((await client.quotes.decline(quote.id)).quote).toBeUndefined();
    // Not a whole quote: a few fields are no quote to show.
    answersWith('accept', 'CHANGED_TO_PROJECT', () => ({ id: quote.id, status: 'CHANGED_TO_PROJECT', message: 'ok', quote: { id: quote.id, status: 'CHANGED_TO_PROJECT' } }));
    expect((await client.quotes.accept(quote.id)).quote).toBeUndefined();
  });
});

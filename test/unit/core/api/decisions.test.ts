import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createQuotingClient } from '../../../../main/core/api';
import type { ClosableQuotingClient } from '../../../../main/core/api';
import { NetworkError, OutcomeUnknownError } from '../../../../main/core/api/errors';
import { createFakeClock } from '../helpers/fake-clock';
import { startFakeService } from '../helpers/fake-service';
import type { FakeService } from '../helpers/fake-service';
import { fakeQuote, INTERNAL_KEY, STANDARD_PRINCIPALS } from '../helpers/fixtures';
import type { FakeQuote } from '../helpers/fixtures';

let service: FakeService;
let client: ClosableQuotingClient;
let quote: FakeQuote;

beforeEach(async () => {
  quote = fakeQuote({ status: 'SENT' });
  service = await startFakeService({ quotes: [quote], ...STANDARD_PRINCIPALS });
  client = createQuotingClient({ baseUrl: service.baseUrl, credentials: { mechanism: 'api-key', apiKey: INTERNAL_KEY }, clock: createFakeClock(), retry: { random: () => 0 } });
});
afterEach(async () => {
  await client.close();
  await service.close();
});

const posts = () => service.requests.filter((request) => request.method === 'POST');

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

  it('says plainly that the accept was not applied when the quote is unchanged', async () => {
    service.addFault({ method: 'POST', pathPrefix: '/api/public/v1/quotes', action: { type: 'reset' } });
    const error = await client.quotes.accept(quote.id).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(NetworkError);
    expect((error as Error).message).toContain('the quote is still SENT: it was not accepted');
    expect((error as NetworkError).retryable).toBe(true);
    expect(posts()).toHaveLength(1);
    expect(service.quotes.get(quote.id)?.status).toBe('SENT');
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

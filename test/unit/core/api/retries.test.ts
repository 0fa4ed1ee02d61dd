import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createQuotingClient } from '../../../../main/core/api';
import type { ClosableQuotingClient } from '../../../../main/core/api';
import { RateLimitedError, ServerError } from '../../../../main/core/api/errors';
import { createFakeClock } from '../../../helpers/fake-clock';
import type { FakeClock } from '../../../helpers/fake-clock';
import { startFakeService } from '../../../helpers/fake-service';
import type { FakeService } from '../../../helpers/fake-service';
import { CLIENT_ID, CLIENT_KEY, CLIENT_SECRET, STANDARD_PRINCIPALS, standardQuotes } from '../../../helpers/service-fixtures';

const LIST = '/api/public/v1/quotes';
let service: FakeService;
let clock: FakeClock;
let client: ClosableQuotingClient;

beforeEach(async () => {
  service = await startFakeService({ quotes: standardQuotes(), ...STANDARD_PRINCIPALS });
  clock = createFakeClock();
  client = createQuotingClient({
    baseUrl: service.baseUrl,
    credentials: { mechanism: 'api-key', apiKey: CLIENT_KEY },
    clock,
    retry: { random: () => 0.5 },
  });
});
afterEach(async () => {
  await client.close();
  await service.close();
});

const listCalls = () => service.requests.filter((request) => request.path === LIST).length;

describe('reads are retried in one place', () => {
  it('waits exactly the Retry-After seconds of a 503 before the next attempt', async () => {
    service.addFault({ pathPrefix: LIST, action: { type: 'status', status: 503, headers: { 'retry-after': '7' } } });
    const page = await client.quotes.list({ page: 1, limit: 10 });
    expect(page.data.length).toBeGreaterThan(0);
    expect(clock.sleeps).toEqual([7000]);
    expect(listCalls()).toBe(2);
  });

  it('honours a Retry-After given as an HTTP date, measured on the local clock', async () => {
    const at = new Date(clock.now() + 12_000).toUTCString();
    service.addFault({ pathPrefix: LIST, action: { type: 'status', status: 429, headers: { 'retry-after': at } } });
    await client.quotes.list({ page: 1, limit: 10 });
    expect(clock.sleeps).toEqual([12_000]);
  });

  it('backs off exponentially on a persistent 500 and gives up after the fourth attempt with a server error', async () => {
    service.addFault({ pathPrefix: LIST, times: 10, action: { type: 'status', status: 500, body: 'database on fire' } });
    const error = await client.quotes.list({ page: 1, limit: 10 }).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(ServerError);
    expect(error).toMatchObject({ code: 'server', status: 500, retryable: true, endpoint: `GET ${LIST}` });
    // A text body is never shown to a person; it is kept, short, for the log.
    expect((error as Error).message).toBe('The service had an internal problem; try again in a few minutes.');
    expect(error).toMatchObject({ bodyText: 'database on fire' });
    expect(listCalls()).toBe(4);
    // Equal jitter at random()=0.5: three quarters of 500, 1000, 2000 ms.
    expect(clock.sleeps).toEqual([375, 750, 1500]);
  });

  it('retries a connection reset on a read and succeeds', async () => {
    service.addFault({ pathPrefix: LIST, action: { type: 'reset' } });
    const page = await client.quotes.list({ page: 1, limit: 10 });
    expect(page.pagination.page).toBe(1);
    expect(listCalls()).toBe(2);
  });

  it('does not wait out an unreasonably long Retry-After: the caller hears at once', async () => {
    service.addFault({ pathPrefix: LIST, action: { type: 'status', status: 429, headers: { 'retry-after': '3600' } } });
    const error = await client.quotes.list({ page: 1, limit: 10 }).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(RateLimitedError);
    expect(error).toMatchObject({ retryAfterMs: 3_600_000, retryable: true });
    expect(clock.sleeps).toEqual([]);
  });

  it('never retries client errors', async () => {
    service.addFault({ pathPrefix: LIST, action: { type: 'status', status: 422, body: 'bad page' } });
    await expect(client.quotes.list({ page: 1, limit: 10 })).rejects.toMatchObject({ code: 'validation', status: 422, retryable: false });
    expect(listCalls()).toBe(1);
  });
});

describe('writes go out exactly once', () => {
  it('does not repeat an accept answered with 503', async () => {
    const quote = [...service.quotes.values()].find((candidate) => candidate.status === 'SENT')!;
    service.addFault({ method: 'POST', pathPrefix: LIST, times: 5, action: { type: 'status', status: 503, headers: { 'retry-after': '1' } } });
    await expect(client.quotes.accept(quote.id)).rejects.toMatchObject({ code: 'server', status: 503 });
    expect(service.requests.filter((request) => request.method === 'POST')).toHaveLength(1);
    expect(clock.sleeps).toEqual([]);
  });

  it('does not repeat a webhook registration whose connection broke', async () => {
    service.addFault({ method: 'POST', pathPrefix: '/api/public/v1/webhooks', action: { type: 'reset' } });
    await expect(client.webhooks.register('https://hooks.example.com/x')).rejects.toMatchObject({ code: 'network' });
    expect(service.requests.filter((request) => request.method === 'POST')).toHaveLength(1);
  });
});

describe('the token endpoint is retried by the same policy', () => {
  const TOKEN = '/api/credentials/token';
  const tokenCalls = () => service.requests.filter((request) => request.path === TOKEN).length;
  function tokenClient(): ClosableQuotingClient {
    return createQuotingClient({
      baseUrl: service.baseUrl,
      credentials: { mechanism: 'client-credentials', clientId: CLIENT_ID, clientSecret: CLIENT_SECRET },
      clock,
      retry: { random: () => 0.5 },
    });
  }

  it('waits out a 503 with Retry-After on the token request, then lists', async () => {
    const tokens = tokenClient();
    service.addFault({ pathPrefix: TOKEN, action: { type: 'status', status: 503, headers: { 'retry-after': '3' } } });
    await expect(tokens.quotes.list({ page: 1, limit: 5 })).resolves.toMatchObject({ data: expect.any(Array) });
    expect(clock.sleeps).toEqual([3000]);
    expect(tokenCalls()).toBe(2);
    await tokens.close();
  });

  it('retries a connection reset on the token request', async () => {
    const tokens = tokenClient();
    service.addFault({ pathPrefix: TOKEN, times: 2, action: { type: 'reset' } });
    await expect(tokens.quotes.list({ page: 1, limit: 5 })).resolves.toMatchObject({ data: expect.any(Array) });
    expect(tokenCalls()).toBe(3);
    expect(clock.sleeps).toEqual([375, 750]);
    await tokens.close();
  });

  it('does not retry a refused secret', async () => {
    const refused = createQuotingClient({ baseUrl: service.baseUrl, credentials: { mechanism: 'client-credentials', clientId: CLIENT_ID, clientSecret: 'wrong' }, clock });
    await expect(refused.quotes.list({ page: 1, limit: 5 })).rejects.toMatchObject({ code: 'needs-credentials' });
    expect(tokenCalls()).toBe(1);
    expect(clock.sleeps).toEqual([]);
    await refused.close();
  });
});

import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createQuotingClient } from '../../../../../main/core/api';
import type { ClosableQuotingClient } from '../../../../../main/core/api';
import { NeedsCredentialsError } from '../../../../../main/core/api/auth';
import { createFakeClock } from '../../../../helpers/fake-clock';
import type { FakeClock } from '../../../../helpers/fake-clock';
import { startFakeService } from '../../../../helpers/fake-service';
import type { FakeService } from '../../../../helpers/fake-service';
import { CLIENT_ID, CLIENT_KEY, CLIENT_SECRET, STANDARD_PRINCIPALS, standardQuotes } from '../../../../helpers/service-fixtures';

const TOKEN_PATH = '/api/credentials/token';
let service: FakeService;
let clock: FakeClock;
let refusals: NeedsCredentialsError[];

beforeEach(async () => {
  service = await startFakeService({ quotes: standardQuotes(), ...STANDARD_PRINCIPALS });
  clock = createFakeClock();
  refusals = [];
});
afterEach(async () => {
  await service.close();
});

function tokenClient(clientSecret = CLIENT_SECRET): ClosableQuotingClient {
  return createQuotingClient({
    baseUrl: service.baseUrl,
    credentials: { mechanism: 'client-credentials', clientId: CLIENT_ID, clientSecret },
    clock,
    retry: { random: () => 0 },
    onCredentialsRefused: (error) => refusals.push(error),
  });
}
const callsTo = (path: string) => service.requests.filter((request) => request.path === path).length;

describe('client credentials', () => {
  it('100 concurrent calls with an expired token make exactly one exchange and all succeed', async () => {
    const client = tokenClient();
    await client.quotes.list({ page: 1, limit: 5 });
    clock.advance(3600_000);
    const results = await Promise.all(Array.from({ length: 100 }, () => client.quotes.list({ page: 1, limit: 5 })));
    expect(results).toHaveLength(100);
    expect(service.tokenExchanges()).toBe(2);
    await client.close();
  });

  it('a failing exchange rejects every waiter; the next call exchanges again', async () => {
    const client = tokenClient();
    // Four 503s outlast the token endpoint's retries (four attempts, as reads have).
    service.addFault({ pathPrefix: TOKEN_PATH, times: 4, action: { type: 'status', status: 503 } });
    const results = await Promise.allSettled(Array.from({ length: 20 }, () => client.quotes.list({ page: 1, limit: 5 })));
    expect(results.every((result) => result.status === 'rejected' && (result.reason as { code: string }).code === 'server')).toBe(true);
    expect(callsTo(TOKEN_PATH)).toBe(4);
    await expect(client.quotes.list({ page: 1, limit: 5 })).resolves.toBeTruthy();
    expect(callsTo(TOKEN_PATH)).toBe(5);
    expect(refusals).toEqual([]);
    await client.close();
  });

  it('a 401 on a token gets one refresh and one retry', async () => {
    const client = tokenClient();
    await client.quotes.list({ page: 1, limit: 5 });
    service.addFault({ pathPrefix: '/api/public/v1/quotes', action: { type: 'status', status: 401 } });
    await expect(client.quotes.list({ page: 1, limit: 5 })).resolves.toBeTruthy();
    expect(service.tokenExchanges()).toBe(2);
    expect(refusals).toEqual([]);
    await client.close();
  });

  it('revoked mid-session: one refresh, then "needs new credentials" and no further calls', async () => {
    const client = tokenClient();
    await client.quotes.list({ page: 1, limit: 5 });
    service.revoke(CLIENT_ID);
    const before = service.requests.length;
    const error = await client.quotes.list({ page: 1, limit: 5 }).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(NeedsCredentialsError);
    expect(error).toMatchObject({ code: 'needs-credentials', retryable: false });
    // The refused call and the one refresh, nothing else.
    expect(service.requests.slice(before).map((request) => request.path)).toEqual(['/api/public/v1/quotes', TOKEN_PATH]);
    expect(refusals).toHaveLength(1);
    const after = service.requests.length;
    await expect(client.quotes.get(standardQuotes()[0]!.id)).rejects.toBeInstanceOf(NeedsCredentialsError);
    await expect(client.quotes.accept(standardQuotes()[0]!.id)).rejects.toBeInstanceOf(NeedsCredentialsError);
    expect(service.requests.length).toBe(after);
    await client.close();
  });

  it('a token refused twice in a row moves to "needs new credentials" after one retry', async () => {
    const client = tokenClient();
    await client.quotes.list({ page: 1, limit: 5 });
    service.addFault({ pathPrefix: '/api/public/v1/quotes', times: 2, action: { type: 'status', status: 401 } });
    await expect(client.quotes.list({ page: 1, limit: 5 })).rejects.toBeInstanceOf(NeedsCredentialsError);
    expect(callsTo('/api/public/v1/quotes')).toBe(3);
    expect(service.tokenExchanges()).toBe(2);
    expect(refusals).toHaveLength(1);
    await client.close();
  });

  it('wrong client secret: the exchange is refused once and nothing is retried', async () => {
    const client = tokenClient('csec_wrong-secret-value');
    await expect(client.quotes.list({ page: 1, limit: 5 })).rejects.toThrow(/refused this account's client ID and secret/);
    await expect(client.quotes.list({ page: 1, limit: 5 })).rejects.toBeInstanceOf(NeedsCredentialsError);
    expect(service.tokenExchanges()).toBe(1);
    expect(callsTo('/api/public/v1/quotes')).toBe(0);
    await client.close();
  });
});

describe('static API key', () => {
  it('a 401 means the key is refused: no retry, and later calls fail fast', async () => {
    const client = createQuotingClient({ baseUrl: service.baseUrl, credentials: { mechanism: 'api-key', apiKey: CLIENT_KEY }, clock, onCredentialsRefused: (error) => refusals.push(error) });
    service.revoke(CLIENT_KEY);
    await expect(client.quotes.list({ page: 1, limit: 5 })).rejects.toBeInstanceOf(NeedsCredentialsError);
    await expect(client.quotes.list({ page: 1, limit: 5 })).rejects.toBeInstanceOf(NeedsCredentialsError);
    expect(service.requests).toHaveLength(1);
    expect(refusals).toHaveLength(1);
    await client.close();
  });
});

import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createQuotingClient } from '../../../../main/core/api';
import type { ClosableQuotingClient } from '../../../../main/core/api';
import { NeedsCredentialsError } from '../../../../main/core/api/auth';
import { ManualClock, startSimulator } from '../../../../main/simulator';
import type { RequestLogEntry, Simulator } from '../../../../main/simulator';
import type { Credentials } from '../../../../preload/contract';
import { createFakeClock } from '../../../helpers/fake-clock';
import type { FakeClock } from '../../../helpers/fake-clock';

// The client's authentication and retry rules, counted from the service's side: the
// simulator logs every request it receives, so "exactly one exchange" is what it saw.

const START = Date.UTC(2026, 0, 15, 9, 0, 0);
const TOKEN_TTL_SECONDS = 3600;
const LIST = '/api/public/v1/quotes';

let sim: Simulator;
let serviceClock: ManualClock;
let clientClock: FakeClock;
let client: ClosableQuotingClient | null = null;

beforeEach(async () => {
  serviceClock = new ManualClock(START);
  clientClock = createFakeClock(START);
  sim = await startSimulator({ seed: 8, quotes: 20, clock: serviceClock, tokenTtlSeconds: TOKEN_TTL_SECONDS, log: () => undefined });
});
afterEach(async () => {
  await client?.close();
  client = null;
  await sim.close();
});

function connect(credentials: Credentials): ClosableQuotingClient {
  client = createQuotingClient({ baseUrl: sim.baseUrl, credentials, clock: clientClock, retry: { random: () => 0, maxAttempts: 4 } });
  return client;
}

function clientCredentials(index: number): Credentials & { companyId: string } {
  const company = sim.credentials.companies[index]!;
  return { mechanism: 'client-credentials', clientId: company.clientId, clientSecret: company.clientSecret, companyId: company.id };
}

/** The requests the service received from index `from` on, as "METHOD path credential status". */
function seenSince(from: number): string[] {
  return sim.operator.requests().slice(from).map((entry: RequestLogEntry) => `${entry.method} ${entry.path} ${entry.credential} ${String(entry.status)}`);
}

const list = (target: ClosableQuotingClient) => target.quotes.list({ page: 1, limit: 5 });

describe('client credentials against the embedded service', () => {
  it('100 concurrent calls after the token expired share exactly one token exchange', async () => {
    const quotes = connect(clientCredentials(0));
    await list(quotes);
    expect(sim.operator.tokenExchanges()).toBe(1);

    // Both sides agree the token is dead: the service refuses it, the client knows from expiresIn.
    await serviceClock.advance(TOKEN_TTL_SECONDS * 1000 + 1000);
    clientClock.advance(TOKEN_TTL_SECONDS * 1000 + 1000);
    const from = sim.operator.requests().length;
    const results = await Promise.allSettled(Array.from({ length: 100 }, () => list(quotes)));

    expect(results.filter((result) => result.status === 'fulfilled')).toHaveLength(100);
    expect(sim.operator.tokenExchanges()).toBe(2);
    const seen = seenSince(from);
    expect(seen.filter((line) => line.startsWith('POST /api/credentials/token'))).toEqual(['POST /api/credentials/token token-exchange 200']);
    expect(seen.filter((line) => line === `GET ${LIST} bearer 200`)).toHaveLength(100);
    expect(seen).toHaveLength(101);
  });

  it('100 concurrent calls with a token only the service considers expired: one exchange, each call retried once', async () => {
    const quotes = connect(clientCredentials(0));
    await list(quotes);
    await serviceClock.advance(TOKEN_TTL_SECONDS * 1000 + 1000);
    const from = sim.operator.requests().length;
    const results = await Promise.allSettled(Array.from({ length: 100 }, () => list(quotes)));

    expect(results.filter((result) => result.status === 'fulfilled')).toHaveLength(100);
    expect(sim.operator.tokenExchanges()).toBe(2);
    const seen = seenSince(from);
    expect(seen.filter((line) => line === `GET ${LIST} bearer 401`)).toHaveLength(100);
    expect(seen.filter((line) => line === `GET ${LIST} bearer 200`)).toHaveLength(100);
  });

  it('revoked mid-session: one refresh attempt, refused, then needs-credentials without touching the service', async () => {
    const credentials = clientCredentials(1);
    const quotes = connect(credentials);
    await list(quotes);
    sim.operator.revokeCredentials(credentials.companyId, 'client-credentials');
    const from = sim.operator.requests().length;

    await expect(list(quotes)).rejects.toBeInstanceOf(NeedsCredentialsError);
    // The token is refused, the one refresh is refused: there is nothing to retry with.
    expect(seenSince(from)).toEqual([`GET ${LIST} bearer 401`, 'POST /api/credentials/token token-exchange 401']);
    expect(sim.operator.tokenExchanges()).toBe(2);

    const seenAfterRefusal = sim.operator.requests().length;
    await expect(list(quotes)).rejects.toMatchObject({ code: 'needs-credentials' });
    await expect(quotes.quotes.filters()).rejects.toMatchObject({ code: 'needs-credentials' });
    expect(sim.operator.requests()).toHaveLength(seenAfterRefusal);
    expect(sim.operator.tokenExchanges()).toBe(2);
  });

  it('a fresh token refused again: exactly one refresh and one retry, then needs-credentials and silence', async () => {
    const quotes = connect(clientCredentials(2));
    await list(quotes);
    sim.operator.addFault({ kind: 'error', status: 401, times: 2, match: { method: 'GET', pathPrefix: LIST } });
    const from = sim.operator.requests().length;

    await expect(list(quotes)).rejects.toBeInstanceOf(NeedsCredentialsError);
    expect(seenSince(from)).toEqual([`GET ${LIST} bearer 401`, 'POST /api/credentials/token token-exchange 200', `GET ${LIST} bearer 401`]);

    const seenAfterRefusal = sim.operator.requests().length;
    await expect(list(quotes)).rejects.toMatchObject({ code: 'needs-credentials' });
    expect(sim.operator.requests()).toHaveLength(seenAfterRefusal);
    expect(sim.operator.tokenExchanges()).toBe(2);
  });

  it('a 429 with Retry-After: the client sleeps exactly that long, then succeeds', async () => {
    const quotes = connect(clientCredentials(0));
    await list(quotes);
    sim.operator.addFault({ kind: 'error', status: 429, retryAfter: 7, times: 1, match: { method: 'GET', pathPrefix: LIST } });
    const sleepsBefore = clientClock.sleeps.length;
    const from = sim.operator.requests().length;

    await expect(list(quotes)).resolves.toMatchObject({ pagination: { page: 1, limit: 5 } });
    expect(clientClock.sleeps.slice(sleepsBefore)).toEqual([7000]);
    expect(seenSince(from)).toEqual([`GET ${LIST} bearer 429`, `GET ${LIST} bearer 200`]);
  });
});

// An account's status says what the service answered to the app's calls: never "Connected"
// while they fail, and back to ok once a call succeeds.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createAccountsService } from '../../../../main/core/accounts';
import type { AccountsService } from '../../../../main/core/accounts';
import { describeWait } from '../../../../main/core/accounts/status-tracker';
import { createEventBus } from '../../../../main/core/events';
import type { DomainEvents } from '../../../../main/core/events';
import { createFakeClock } from '../../../helpers/fake-clock';
import { startFakeService } from '../../../helpers/fake-service';
import type { FakeService } from '../../../helpers/fake-service';
import { createRecordingLogger } from '../../../helpers/recording-logger';
import { CLIENT_KEY, INTERNAL_KEY, STANDARD_PRINCIPALS, standardQuotes } from '../../../helpers/service-fixtures';
import { createMemorySecretStore, createMemorySettingsStore } from '../../../helpers/stores';

const LIST = '/api/public/v1/quotes';
let service: FakeService;
let accounts: AccountsService;
let statuses: DomainEvents['account.status'][];
let id: string;

beforeEach(async () => {
  service = await startFakeService({ quotes: standardQuotes(), ...STANDARD_PRINCIPALS });
  const logger = createRecordingLogger();
  const bus = createEventBus<DomainEvents>({ logger });
  statuses = [];
  bus.subscribe('account.status', (event) => statuses.push(event));
  accounts = createAccountsService({ settings: createMemorySettingsStore(), secrets: createMemorySecretStore(), bus, logger, clock: createFakeClock(), clientOptions: { retry: { maxAttempts: 1 } } });
  ({ id } = await accounts.add({ name: 'Acme', environment: 'custom', baseUrl: service.baseUrl, access: 'client', credentials: { mechanism: 'api-key', apiKey: CLIENT_KEY } }));
});
afterEach(async () => {
  await accounts.close();
  await service.close();
});

async function listQuotes(): Promise<unknown> {
  return (await accounts.client(id)).quotes.list({ page: 1, limit: 5 });
}

describe('account status follows the answers', () => {
  it('a server error moves it to service-error in plain words; a later success moves it back to ok', async () => {
    await listQuotes();
    expect(await accounts.get(id)).toMatchObject({ status: 'ok' });
    service.addFault({ pathPrefix: LIST, action: { type: 'status', status: 503, body: '<html><body>Service Unavailable</body></html>' } });
    await expect(listQuotes()).rejects.toMatchObject({ code: 'server' });
    const failed = await accounts.get(id);
    expect(failed).toMatchObject({ status: 'service-error', statusMessage: expect.stringMatching(/^The service had a problem and could not answer \(HTTP 503\)\./) });
    expect(failed.statusMessage).not.toMatch(/<html>|GET |api\/public/);
    await listQuotes();
    expect(await accounts.get(id)).toMatchObject({ status: 'ok', statusMessage: null });
    expect(statuses.map((event) => event.status)).toEqual(['ok', 'service-error', 'ok']);
  });

  it('an answer that does not match the interface moves it to service-error, even though HTTP said 200', async () => {
    await listQuotes();
    service.addFault({ pathPrefix: LIST, action: { type: 'body', body: JSON.stringify({ success: true, data: [{ id: 42 }] }) } });
    await expect(listQuotes()).rejects.toMatchObject({ code: 'schema' });
    expect(await accounts.get(id)).toMatchObject({ status: 'service-error', statusMessage: expect.stringContaining('not in the form the Quoting Service interface describes') });
    await listQuotes();
    expect((await accounts.get(id)).status).toBe('ok');
  });

  it('rate limiting moves it to rate-limited and says when to try again', async () => {
    service.addFault({ pathPrefix: LIST, action: { type: 'status', status: 429, body: JSON.stringify({ error: { code: 'RATE_LIMITED', message: 'Too many requests' } }), headers: { 'retry-after': '120' } } });
    await expect(listQuotes()).rejects.toMatchObject({ code: 'rate-limited' });
    expect(await accounts.get(id)).toMatchObject({ status: 'rate-limited', statusMessage: 'The service is limiting requests from this account. Try again in 2 minutes.' });
    await listQuotes();
    expect((await accounts.get(id)).status).toBe('ok');
  });

  it('a quote that is not found says nothing about the account', async () => {
    await listQuotes();
    await expect((await accounts.client(id)).quotes.get('00000000-0000-4000-8000-000000000000')).rejects.toMatchObject({ code: 'not-found' });
    expect((await accounts.get(id)).status).toBe('ok');
  });

  it('a connection test that meets a server error says so too', async () => {
    await listQuotes();
    service.addFault({ pathPrefix: LIST, action: { type: 'status', status: 500 } });
    expect(await accounts.test(id)).toMatchObject({ diagnosis: 'server-error' });
    expect((await accounts.get(id)).status).toBe('service-error');
  });
});

describe('waits in words', () => {
  it('rounds up, so nobody tries too early', () => {
    expect(describeWait(400)).toBe('1 second');
    expect(describeWait(45_000)).toBe('45 seconds');
    expect(describeWait(61_000)).toBe('2 minutes');
    expect(describeWait(60 * 60_000)).toBe('1 hour');
    expect(describeWait(3 * 60 * 60_000 + 1)).toBe('4 hours');
  });
});

describe('one status per service', () => {
  it('says unreachable for every account on the service at once, and connected again for all once one is answered', async () => {
    const { id: internalId } = await accounts.add({ name: 'All companies', environment: 'custom', baseUrl: `${service.baseUrl}/`, access: 'internal', credentials: { mechanism: 'api-key', apiKey: INTERNAL_KEY } });
    await listQuotes();
    await (await accounts.client(internalId)).quotes.list({ page: 1, limit: 5 });
    expect((await accounts.get(internalId)).status).toBe('ok');

    // Only the client key's call meets the connection reset: the internal key on the same service must say so too.
    service.addFault({ pathPrefix: LIST, action: { type: 'reset' } });
    await expect(listQuotes()).rejects.toMatchObject({ code: 'network' });
    const client = await accounts.get(id);
    expect(client.status).toBe('unreachable');
    expect(await accounts.get(internalId)).toMatchObject({ status: 'unreachable', statusMessage: client.statusMessage });

    await listQuotes();
    expect((await accounts.get(internalId)).status).toBe('ok');
  });

  it('leaves the accounts of another service alone', async () => {
    const other = await startFakeService({ quotes: standardQuotes(), ...STANDARD_PRINCIPALS });
    try {
      const { id: elsewhere } = await accounts.add({ name: 'Elsewhere', environment: 'custom', baseUrl: other.baseUrl, access: 'client', credentials: { mechanism: 'api-key', apiKey: CLIENT_KEY } });
      await (await accounts.client(elsewhere)).quotes.list({ page: 1, limit: 5 });
      service.addFault({ pathPrefix: LIST, action: { type: 'reset' } });
      await expect(listQuotes()).rejects.toMatchObject({ code: 'network' });
      expect((await accounts.get(elsewhere)).status).toBe('ok');
    } finally {
      await other.close();
    }
  });
});

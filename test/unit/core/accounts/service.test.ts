import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createAccountsService } from '../../../../main/core/accounts';
import type { AccountsService } from '../../../../main/core/accounts';
import { createEventBus } from '../../../../main/core/events';
import type { AnyEvent, DomainEvents } from '../../../../main/core/events';
import { createFileSecretStore, createJsonSettingsStore } from '../../../../main/core/settings-and-secrets';
import type { AccountDraft } from '../../../../preload/contract';
import { createFakeClock } from '../../../helpers/fake-clock';
import { startFakeService } from '../../../helpers/fake-service';
import type { FakeService } from '../../../helpers/fake-service';
import { CLIENT_ID, CLIENT_KEY, CLIENT_SECRET, STANDARD_PRINCIPALS, standardQuotes } from '../../../helpers/service-fixtures';
import { createRecordingLogger } from '../../../helpers/json-recording-logger';

let dir: string;
let service: FakeService;
let accounts: AccountsService;
let events: AnyEvent<DomainEvents>[];
let logger: ReturnType<typeof createRecordingLogger>;

function open(): AccountsService {
  const bus = createEventBus<DomainEvents>({ logger });
  bus.subscribeAll((event) => events.push(event));
  const opened = createAccountsService({
    bus,
    settings: createJsonSettingsStore({ folder: dir }),
    secrets: createFileSecretStore({ path: join(dir, 'secrets.json') }),
    clock: createFakeClock(),
    logger,
    clientOptions: { retry: { maxAttempts: 1 } },
  });
  return opened;
}

function draft(overrides: Partial<AccountDraft> = {}): AccountDraft {
  return { name: 'Acme', environment: 'custom', baseUrl: service.baseUrl, access: 'client', credentials: { mechanism: 'api-key', apiKey: CLIENT_KEY }, ...overrides };
}

beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'qd-accounts-'));
  service = await startFakeService({ quotes: standardQuotes(), ...STANDARD_PRINCIPALS });
  events = [];
  logger = createRecordingLogger();
  accounts = open();
});
afterEach(async () => {
  await accounts.close();
  await service.close();
  await rm(dir, { recursive: true, force: true });
});

describe('accounts through the JSON settings store and the file secret store', () => {
  it('adds, lists, updates and removes; credentials never in a view or in the settings file', async () => {
    const added = await accounts.add(draft());
    expect(added).toMatchObject({ name: 'Acme', mechanism: 'api-key', credentialsSet: true, status: 'unknown', demo: false });
    expect(JSON.stringify(added)).not.toContain(CLIENT_KEY);
    const settingsText = await readFile(join(dir, 'settings.json'), 'utf8');
    expect(settingsText).toContain('Acme');
    expect(settingsText).not.toContain(CLIENT_KEY);
    expect(await readFile(join(dir, 'secrets.json'), 'utf8')).toContain(CLIENT_KEY);

    const updated = await accounts.update({ id: added.id, name: 'Acme Audio', credentials: { mechanism: 'client-credentials', clientId: CLIENT_ID, clientSecret: CLIENT_SECRET } });
    expect(updated).toMatchObject({ name: 'Acme Audio', mechanism: 'client-credentials' });
    await accounts.close();
    accounts = open();
    expect(await accounts.list()).toEqual([expect.objectContaining({ id: added.id, name: 'Acme Audio', credentialsSet: true })]);
    await expect((await accounts.client(added.id)).quotes.list({ page: 1, limit: 5 })).resolves.toBeTruthy();

    await accounts.remove(added.id);
    expect(await accounts.list()).toEqual([]);
    expect(await readFile(join(dir, 'secrets.json'), 'utf8')).not.toContain(CLIENT_SECRET);
    await expect(accounts.client(added.id)).rejects.toMatchObject({ code: 'account-not-found' });
    expect(events.filter((event) => event.type === 'accounts.changed').length).toBeGreaterThanOrEqual(3);
    expect(logger.text()).not.toContain(CLIENT_KEY);
    expect(logger.text()).not.toContain(CLIENT_SECRET);
  });

  it('rejects an invalid draft with a clear message and stores nothing', async () => {
    await expect(accounts.add(draft({ baseUrl: 'not a url' }))).rejects.toMatchObject({ code: 'invalid-input', message: expect.stringContaining('baseUrl') });
    expect(await accounts.list()).toEqual([]);
  });

  it('keeps demo accounts in memory only and drops them when a real account is added', async () => {
    const demo = await accounts.addDemo(draft({ name: 'Demo' }));
    expect(demo.demo).toBe(true);
    await expect((await accounts.client(demo.id)).quotes.list({ page: 1, limit: 5 })).resolves.toBeTruthy();
    const settingsText = await readFile(join(dir, 'settings.json'), 'utf8').catch(() => '');
    expect(settingsText).not.toContain('Demo');
    await expect(readFile(join(dir, 'secrets.json'), 'utf8')).rejects.toThrow();
    await accounts.add(draft({ name: 'Real' }));
    expect((await accounts.list()).map((view) => view.name)).toEqual(['Real']);
    expect(events.at(-1)).toMatchObject({ type: 'accounts.changed', payload: { accounts: [expect.objectContaining({ name: 'Real' })] } });
  });

  it('follows calls: ok after a success, unreachable on network errors', async () => {
    const { id } = await accounts.add(draft());
    const client = await accounts.client(id);
    await client.quotes.list({ page: 1, limit: 5 });
    expect((await accounts.list())[0]!.status).toBe('ok');
    service.addFault({ pathPrefix: '/api/public/v1/quotes', action: { type: 'reset' } });
    await expect(client.quotes.list({ page: 1, limit: 5 })).rejects.toMatchObject({ code: 'network' });
    expect((await accounts.list())[0]).toMatchObject({ status: 'unreachable' });
    expect(events).toContainEqual({ type: 'account.status', payload: expect.objectContaining({ accountId: id, status: 'unreachable' }) });
  });

  it('moves to needs-credentials on refusal, stops calls, survives a restart, and recovers on new credentials', async () => {
    const { id } = await accounts.add(draft());
    const client = await accounts.client(id);
    service.revoke(CLIENT_KEY);
    await expect(client.quotes.list({ page: 1, limit: 5 })).rejects.toMatchObject({ code: 'needs-credentials' });
    expect(events).toContainEqual({ type: 'account.status', payload: { accountId: id, status: 'needs-credentials', message: expect.stringContaining('refused') } });
    const seen = service.requests.length;
    await expect(accounts.client(id)).rejects.toMatchObject({ code: 'needs-credentials' });
    await expect(client.quotes.list({ page: 1, limit: 5 })).rejects.toMatchObject({ code: 'needs-credentials' });
    expect(service.requests.length).toBe(seen);

    await accounts.close();
    accounts = open();
    expect((await accounts.list())[0]).toMatchObject({ status: 'needs-credentials' });

    await accounts.update({ id, credentials: { mechanism: 'client-credentials', clientId: CLIENT_ID, clientSecret: CLIENT_SECRET } });
    expect((await accounts.list())[0]).toMatchObject({ status: 'unknown', statusMessage: null });
    await (await accounts.client(id)).quotes.list({ page: 1, limit: 5 });
    expect((await accounts.list())[0]!.status).toBe('ok');
  });
});

describe('refused credentials in words for the user, detail for the log', () => {
  it('gives a refused API key a plain status message and logs the refused request', async () => {
    const { id } = await accounts.add(draft());
    const client = await accounts.client(id);
    service.revoke(CLIENT_KEY);
    await expect(client.quotes.list({ page: 1, limit: 5 })).rejects.toMatchObject({ code: 'needs-credentials' });
    const status = (await accounts.list())[0]!.statusMessage;
    expect(status).toBe("The service refused this account's API key (it may have been revoked or rotated). Enter the new key to continue.");
    const refusals = logger.lines.map((line) => JSON.parse(line) as Record<string, unknown>).filter((entry) => entry.message === 'credentials refused; calls stop until new ones are entered');
    expect(refusals).toEqual([expect.objectContaining({ accountId: id, endpoint: expect.stringContaining('/api/public/v1/quotes'), status: 401 })]);
  });

  it('names the client ID and secret when a client is refused', async () => {
    const { id } = await accounts.add(draft({ credentials: { mechanism: 'client-credentials', clientId: CLIENT_ID, clientSecret: CLIENT_SECRET } }));
    service.revoke(CLIENT_ID);
    await expect((await accounts.client(id)).quotes.list({ page: 1, limit: 5 })).rejects.toMatchObject({ code: 'needs-credentials' });
    expect((await accounts.list())[0]!.statusMessage).toMatch(/^The service refused this account's client ID and secret \(they may have been revoked or rotated\)\. Enter the new ones/);
  });

  it('does not log a refusal for a draft under test: it is no account', async () => {
    const report = await accounts.testDraft(draft({ credentials: { mechanism: 'api-key', apiKey: 'live_00000000000000000000000000000000' } }));
    expect(report.diagnosis).toBe('bad-credentials');
    expect(logger.text()).not.toContain('credentials refused');
  });
});

describe('one client per account', () => {
  it('gives concurrent first callers one shared client, so a token is exchanged once', async () => {
    const { id } = await accounts.add(draft({ credentials: { mechanism: 'client-credentials', clientId: CLIENT_ID, clientSecret: CLIENT_SECRET } }));
    const clients = await Promise.all(Array.from({ length: 20 }, () => accounts.client(id)));
    expect(new Set(clients).size).toBe(1);
    await Promise.all(clients.map((client) => client.quotes.list({ page: 1, limit: 5 })));
    expect(service.tokenExchanges()).toBe(1);
  });

  it('keeps needs-credentials when a call made before the refusal answers late', async () => {
    const { id } = await accounts.add(draft());
    const client = await accounts.client(id);
    let releaseSlowCall!: () => void;
    const slowCallHeld = new Promise<void>((resolve) => {
      service.route('GET', '/api/public/v1/quotes/filters', (_req, res) => {
        releaseSlowCall = () => {
          res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ success: true, data: {} }));
        };
        resolve();
      });
    });
    const slowCall = client.quotes.filters();
    await slowCallHeld;
    service.revoke(CLIENT_KEY);
    await expect(client.quotes.list({ page: 1, limit: 5 })).rejects.toMatchObject({ code: 'needs-credentials' });
    releaseSlowCall();
    await slowCall;
    expect((await accounts.list())[0]).toMatchObject({ status: 'needs-credentials' });
  });
});

describe('damaged settings', () => {
  it('keeps the readable accounts, logs the damage and backs up the raw value before any write', async () => {
    await accounts.close();
    const good = { id: 'a1', name: 'Good', environment: 'production', baseUrl: 'https://quotes.example.com', mechanism: 'api-key', access: 'client' };
    await writeFile(join(dir, 'settings.json'), JSON.stringify({ accounts: [good, { id: 'a2', name: 42 }] }));
    accounts = open();
    expect((await accounts.list()).map((view) => view.id)).toEqual(['a1']);
    expect(logger.text()).toContain('damaged');
    await accounts.add(draft({ name: 'New' }));
    const stored = JSON.parse(await readFile(join(dir, 'settings.json'), 'utf8')) as Record<string, unknown>;
    const backupKey = Object.keys(stored).find((key) => key.startsWith('accountsBackup:'));
    expect(stored[backupKey!]).toEqual([good, { id: 'a2', name: 42 }]);
  });

  it('starts empty when the list is not a list at all, and when the file is not JSON', async () => {
    await accounts.close();
    await writeFile(join(dir, 'settings.json'), JSON.stringify({ accounts: 'oops' }));
    accounts = open();
    expect(await accounts.list()).toEqual([]);
    await accounts.close();
    await writeFile(join(dir, 'settings.json'), '{{{');
    accounts = open();
    expect(await accounts.list()).toEqual([]);
  });
});

import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAccountsService } from '../../../../main/core/accounts';
import type { AccountsService } from '../../../../main/core/accounts';
import { createFileSecretStore, createJsonSettingsStore } from '../../../../main/core/settings-and-secrets';
import type { AccountDraft } from '../../../../preload/contract';
import { createFakeClock } from '../../../helpers/fake-clock';
import { startFakeService } from '../../../helpers/fake-service';
import type { FakeService } from '../../../helpers/fake-service';
import { CLIENT_ID, CLIENT_KEY, INTERNAL_KEY, STANDARD_PRINCIPALS, standardQuotes } from '../../../helpers/service-fixtures';

let dir: string;
let service: FakeService;
let accounts: AccountsService;
const LIST = '/api/public/v1/quotes';

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'qd-diagnose-'));
  service = await startFakeService({ quotes: standardQuotes(), ...STANDARD_PRINCIPALS });
  accounts = createAccountsService({
    settings: createJsonSettingsStore({ folder: dir }),
    secrets: createFileSecretStore({ path: join(dir, 'secrets.json') }),
    clock: createFakeClock(),
    clientOptions: { timeouts: { connectMs: 500, headersMs: 200, bodyMs: 200 } },
  });
});
afterAll(async () => {
  await accounts.close();
  await service.close();
  await rm(dir, { recursive: true, force: true });
});

function draft(overrides: Partial<AccountDraft> = {}): AccountDraft {
  return { name: 'Acme', environment: 'staging', baseUrl: service.baseUrl, access: 'client', credentials: { mechanism: 'api-key', apiKey: CLIENT_KEY }, ...overrides };
}

describe('connection test diagnoses', () => {
  it('ok: a client key configured as client', async () => {
    const report = await accounts.testDraft(draft());
    expect(report).toMatchObject({ ok: true, diagnosis: 'ok', detectedAccess: 'client' });
    expect(report.latencyMs).toEqual(expect.any(Number));
    expect(report.message).toMatch(/Connected/);
  });

  it('wrong key kind: an internal key configured as client, and a client key configured as internal', async () => {
    const internal = await accounts.testDraft(draft({ credentials: { mechanism: 'api-key', apiKey: INTERNAL_KEY } }));
    expect(internal).toMatchObject({ ok: false, diagnosis: 'wrong-key-kind', detectedAccess: 'internal' });
    // In the form's own words: its field is "Key kind", its choices "Client key" and "Internal (admin) key".
    expect(internal.message).toBe('Connected, but this key sees internal statuses such as SENT, so it is an internal (admin) key. Set Key kind to "Internal (admin) key".');
    const report = await accounts.testDraft(draft({ access: 'internal' }));
    expect(report).toMatchObject({ ok: false, diagnosis: 'wrong-key-kind', detectedAccess: 'client' });
    expect(report.message).toBe('Connected, but this key sees only the client-facing statuses of one company, so it is a client key. Set Key kind to "Client key".');
    for (const message of [internal.message, report.message]) {
      // The kind is said once, with the right article.
      expect(message.match(/it is an? /g)).toHaveLength(1);
      expect(message).not.toMatch(/\ban client\b|\ba internal\b|like a|not a /i);
      expect(message).not.toMatch(/key access/i);
    }
  });

  it('bad credentials: a refused key, and a refused client secret', async () => {
    const key = await accounts.testDraft(draft({ credentials: { mechanism: 'api-key', apiKey: 'live_00000000000000000000000000000000' } }));
    expect(key).toMatchObject({ ok: false, diagnosis: 'bad-credentials' });
    expect(key.message).toBe('The service refused the API key. Check it, or issue a new one in the portal.');
    const pair = await accounts.testDraft(draft({ credentials: { mechanism: 'client-credentials', clientId: CLIENT_ID, clientSecret: 'wrong' } }));
    expect(pair).toMatchObject({ diagnosis: 'bad-credentials', message: 'The service refused the client ID and secret. Check them, or issue new ones in the portal.' });
  });

  it('forbidden, server error and an unexpected (non-JSON) answer', async () => {
    service.addFault({ pathPrefix: LIST, action: { type: 'status', status: 403 } });
    expect(await accounts.testDraft(draft())).toMatchObject({ diagnosis: 'forbidden' });
    service.addFault({ pathPrefix: LIST, action: { type: 'status', status: 502 } });
    expect(await accounts.testDraft(draft())).toMatchObject({ diagnosis: 'server-error', message: expect.stringContaining('502') });
    service.addFault({ pathPrefix: LIST, action: { type: 'body', body: '<html>Login</html>' } });
    expect(await accounts.testDraft(draft())).toMatchObject({ diagnosis: 'unexpected-response' });
  });

  it('bad URL: an address where something answers but the service is not', async () => {
    expect(await accounts.testDraft(draft({ baseUrl: `${service.baseUrl}/api` }))).toMatchObject({ diagnosis: 'bad-url', ok: false });
  });

  it('bad URL: the one base URL rule, before any request (no scheme, plain http away from this computer, a user name in it)', async () => {
    const host = new URL(service.baseUrl).host;
    const seen = service.requests.length;
    for (const typed of [host, `localhost:${new URL(service.baseUrl).port}`]) {
      const report = await accounts.testDraft(draft({ baseUrl: typed }));
      expect(report).toMatchObject({ ok: false, diagnosis: 'bad-url', latencyMs: null });
      expect(report.message).toContain('add https:// in front');
      expect(report.message).toContain(`https://${typed}`);
    }
    expect(await accounts.testDraft(draft({ baseUrl: 'http://quotes.example.com' }))).toMatchObject({ diagnosis: 'bad-url', message: expect.stringMatching(/only for a service on this computer/) });
    expect(await accounts.testDraft(draft({ baseUrl: `http://user:pw@${host}` }))).toMatchObject({ diagnosis: 'bad-url', message: expect.stringMatching(/user name or password/) });
    expect(service.requests.length).toBe(seen);
    expect(await accounts.testDraft(draft({ baseUrl: 'ftp://files.example.com' }))).toMatchObject({ diagnosis: 'bad-url', message: expect.stringMatching(/must start with https:\/\//) });
  });

  it('unreachable: a refused connection and a silent service', async () => {
    const gone = await startFakeService();
    await gone.close();
    const refused = await accounts.testDraft(draft({ baseUrl: gone.baseUrl }));
    expect(refused).toMatchObject({ diagnosis: 'unreachable', latencyMs: null, message: expect.stringMatching(/refused/) });
    service.addFault({ pathPrefix: LIST, action: { type: 'hang' } });
    expect(await accounts.testDraft(draft())).toMatchObject({ diagnosis: 'unreachable', message: expect.stringMatching(/in time/) });
  });

  it('testDraft stores nothing; test(id) diagnoses a stored account and updates its status', async () => {
    expect(await readdir(dir)).toEqual([]);
    const { id } = await accounts.add(draft());
    expect(await accounts.test(id)).toMatchObject({ diagnosis: 'ok' });
    expect((await accounts.list())[0]!.status).toBe('ok');
    service.revoke(CLIENT_KEY);
    expect(await accounts.test(id)).toMatchObject({ diagnosis: 'bad-credentials' });
    expect((await accounts.list())[0]!.status).toBe('needs-credentials');
    await expect(accounts.test('no-such-id')).rejects.toMatchObject({ code: 'account-not-found' });
  });
});

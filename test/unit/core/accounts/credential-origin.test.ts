// Credentials go only to the address they were entered for: an address change that does
// not carry new credentials deletes the stored ones, before anything can be sent.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createAccountsService, secretName } from '../../../../main/core/accounts';
import type { AccountsService } from '../../../../main/core/accounts';
import { createMemorySettingsStore } from '../../../../main/core/settings-and-secrets';
import type { SettingsStore } from '../../../../main/core/ports';
import type { AccountDraft } from '../../../../preload/contract';
import { createFakeClock } from '../../../helpers/fake-clock';
import { startFakeService } from '../../../helpers/fake-service';
import type { FakeService } from '../../../helpers/fake-service';
import { CLIENT_ID, CLIENT_KEY, CLIENT_SECRET, STANDARD_PRINCIPALS, standardQuotes } from '../../../helpers/service-fixtures';
import { createControlledSecretStore } from '../../../helpers/stores';
import type { ControlledSecretStore } from '../../../helpers/stores';

let trusted: FakeService;
/** Another origin (same host, other port), recording every request that reaches it. */
let other: FakeService;
let settings: SettingsStore;
let secrets: ControlledSecretStore;
let accounts: AccountsService;

function open(): AccountsService {
  return createAccountsService({ settings, secrets, clock: createFakeClock(), clientOptions: { retry: { maxAttempts: 1 } } });
}

function draft(overrides: Partial<AccountDraft> = {}): AccountDraft {
  return { name: 'Acme', environment: 'custom', baseUrl: trusted.baseUrl, access: 'client', credentials: { mechanism: 'api-key', apiKey: CLIENT_KEY }, ...overrides };
}

/** Every header and body that reached `service`, as one text to search for a key. */
function everythingSentTo(service: FakeService): string {
  return JSON.stringify(service.requests.map((request) => ({ headers: request.headers, body: request.body, query: [...request.query] })));
}

beforeEach(async () => {
  trusted = await startFakeService({ quotes: standardQuotes(), ...STANDARD_PRINCIPALS });
  other = await startFakeService({ quotes: standardQuotes(), ...STANDARD_PRINCIPALS });
  settings = createMemorySettingsStore();
  secrets = createControlledSecretStore();
  accounts = open();
});
afterEach(async () => {
  await accounts.close();
  await trusted.close();
  await other.close();
});

describe('an account whose address changes', () => {
  it('refuses plain http away from this computer, and an address with a user name, keeping everything as it was', async () => {
    const { id } = await accounts.add(draft());
    await expect(accounts.update({ id, baseUrl: 'http://evil.example' })).rejects.toMatchObject({ code: 'invalid-input', message: expect.stringMatching(/^baseUrl: Plain http:\/\/ is allowed only for a service on this computer/) });
    await expect(accounts.update({ id, baseUrl: 'https://me:pw@other.example' })).rejects.toMatchObject({ code: 'invalid-input', message: expect.stringContaining('user name or password') });
    await expect(accounts.add(draft({ baseUrl: 'http://quotes.example.com' }))).rejects.toMatchObject({ code: 'invalid-input' });
    expect(await accounts.get(id)).toMatchObject({ baseUrl: trusted.baseUrl, credentialsSet: true, status: 'unknown' });
    expect(secrets.values()[secretName(id)]).toContain(CLIENT_KEY);
  });

  it('deletes the stored credentials when the new origin comes without new ones; test and client send nothing anywhere', async () => {
    const { id } = await accounts.add(draft());
    await (await accounts.client(id)).quotes.list({ page: 1, limit: 5 });

    const updated = await accounts.update({ id, baseUrl: 'https://other.example' });
    expect(updated).toMatchObject({ baseUrl: 'https://other.example', credentialsSet: false, status: 'needs-credentials' });
    expect(updated.statusMessage).toMatch(/address changed to https:\/\/other\.example, so the stored credentials were deleted/);
    expect(secrets.values()).toEqual({});
    expect(await accounts.test(id)).toMatchObject({ ok: false, diagnosis: 'bad-credentials', latencyMs: null });
    await expect(accounts.client(id)).rejects.toMatchObject({ code: 'needs-credentials' });
  });

  it('never lets the old key reach a new origin (another port of the same host)', async () => {
    const { id } = await accounts.add(draft());
    const oldClient = await accounts.client(id);
    await oldClient.quotes.list({ page: 1, limit: 5 });

    await accounts.update({ id, baseUrl: other.baseUrl });
    expect(await accounts.test(id)).toMatchObject({ diagnosis: 'bad-credentials' });
    await expect(accounts.client(id)).rejects.toMatchObject({ code: 'needs-credentials' });
    // A client handed out before the change still speaks to the old address only.
    await oldClient.quotes.list({ page: 1, limit: 5 }).catch(() => undefined);
    expect(other.requests).toEqual([]);
    expect(everythingSentTo(other)).not.toContain(CLIENT_KEY);

    // Credentials entered again, in the same change as the address or after it, do go there.
    await accounts.update({ id, credentials: { mechanism: 'client-credentials', clientId: CLIENT_ID, clientSecret: CLIENT_SECRET } });
    expect(await accounts.get(id)).toMatchObject({ credentialsSet: true, status: 'unknown', statusMessage: null });
    await (await accounts.client(id)).quotes.list({ page: 1, limit: 5 });
    expect(other.requests.length).toBeGreaterThan(0);
    expect(everythingSentTo(other)).not.toContain(CLIENT_KEY);
  });

  it('takes new credentials that come with the new address, and sends only those there', async () => {
    const { id } = await accounts.add(draft());
    await accounts.update({ id, baseUrl: other.baseUrl, credentials: { mechanism: 'client-credentials', clientId: CLIENT_ID, clientSecret: CLIENT_SECRET } });
    expect(await accounts.get(id)).toMatchObject({ baseUrl: other.baseUrl, credentialsSet: true, status: 'unknown', mechanism: 'client-credentials' });
    expect(await accounts.test(id)).toMatchObject({ diagnosis: 'ok' });
    expect(everythingSentTo(other)).toContain(CLIENT_SECRET);
    expect(everythingSentTo(other)).not.toContain(CLIENT_KEY);
    expect(secrets.values()[secretName(id)]).not.toContain(CLIENT_KEY);
  });

  it('keeps the credentials when the origin stays (a path, a name, a trailing slash)', async () => {
    const { id } = await accounts.add(draft());
    await accounts.update({ id, name: 'Acme Audio', baseUrl: `${trusted.baseUrl}/` });
    expect(await accounts.get(id)).toMatchObject({ name: 'Acme Audio', credentialsSet: true });
    expect(await accounts.test(id)).toMatchObject({ diagnosis: 'ok' });
  });

  it('remembers across a restart why the account needs credentials', async () => {
    const { id } = await accounts.add(draft());
    await accounts.update({ id, baseUrl: 'https://other.example' });
    await accounts.close();
    accounts = open();
    expect(await accounts.get(id)).toMatchObject({ baseUrl: 'https://other.example', credentialsSet: false, status: 'needs-credentials', statusMessage: expect.stringMatching(/credentials were deleted/) });
  });

  it('changes nothing when the old credentials cannot be deleted', async () => {
    const { id } = await accounts.add(draft());
    secrets.failNext('delete');
    await expect(accounts.update({ id, baseUrl: 'https://other.example' })).rejects.toMatchObject({ code: 'internal', message: expect.stringMatching(/^The address was not changed: the stored credentials could not be deleted/) });
    expect(await accounts.get(id)).toMatchObject({ baseUrl: trusted.baseUrl, credentialsSet: true });
    expect(await accounts.test(id)).toMatchObject({ diagnosis: 'ok' });
  });

  it('applies the same rule to demo accounts', async () => {
    const demo = await accounts.addDemo(draft({ name: 'Demo' }));
    const moved = await accounts.update({ id: demo.id, baseUrl: other.baseUrl });
    expect(moved).toMatchObject({ credentialsSet: false, status: 'needs-credentials' });
    await expect(accounts.client(demo.id)).rejects.toMatchObject({ code: 'needs-credentials' });
    expect(other.requests).toEqual([]);
  });
});

describe('an account left without credentials', () => {
  it('still needs them after a change that brings none (a new path on the new origin, a new name)', async () => {
    const { id } = await accounts.add(draft());
    await accounts.update({ id, baseUrl: 'https://other.example' });
    for (const change of [{ baseUrl: 'https://other.example/quotes' }, { name: 'Renamed' }]) {
      expect(await accounts.update({ id, ...change })).toMatchObject({ credentialsSet: false, status: 'needs-credentials', statusMessage: expect.stringMatching(/credentials were deleted/) });
    }
    await expect(accounts.client(id)).rejects.toMatchObject({ code: 'needs-credentials' });
  });
});

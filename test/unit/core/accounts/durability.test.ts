// Secrets and settings stay consistent across a crash or a failed write: credentials are
// written before their record and deleted after it, a sweep at start removes credentials of
// accounts that are gone, and a failed write says so and leaves things as they were.
import { afterEach, describe, expect, it } from 'vitest';
import { ACCOUNTS_KEY, createAccountsService, secretName } from '../../../../main/core/accounts';
import type { AccountsService } from '../../../../main/core/accounts';
import type { SecretStore, SettingsStore } from '../../../../main/core/ports';
import type { AccountDraft } from '../../../../preload/contract';
import { createFakeClock } from '../../../helpers/fake-clock';
import { CLIENT_KEY } from '../../../helpers/service-fixtures';
import { createControlledSecretStore, createControlledSettingsStore, dataFileProblem } from '../../../helpers/stores';

const STORED = { id: 'kept', name: 'Kept', environment: 'production', baseUrl: 'https://quotes.example.com', mechanism: 'api-key', access: 'client', needsCredentials: null };
const CREDENTIALS = JSON.stringify({ mechanism: 'api-key', apiKey: CLIENT_KEY });

let accounts: AccountsService | undefined;
afterEach(async () => {
  await accounts?.close();
  accounts = undefined;
});

function open(settings: SettingsStore, secrets: SecretStore): AccountsService {
  let next = 0;
  accounts = createAccountsService({ settings, secrets, clock: createFakeClock(), newId: () => `acc-${++next}` });
  return accounts;
}

function draft(): AccountDraft {
  return { name: 'Acme', environment: 'production', baseUrl: 'https://quotes.example.com', access: 'client', credentials: { mechanism: 'api-key', apiKey: CLIENT_KEY } };
}

/** Records the order in which the stores are written. */
function journaled(settings: SettingsStore, secrets: SecretStore, journal: string[]) {
  return {
    settings: { ...settings, set: (key: string, value: unknown) => (journal.push(`settings.set ${key}`), settings.set(key, value)) } as SettingsStore,
    secrets: {
      ...secrets,
      set: async (name: string, value: string) => (journal.push(`secrets.set ${name}`), secrets.set(name, value)),
      delete: async (name: string) => (journal.push(`secrets.delete ${name}`), secrets.delete(name)),
    } as SecretStore,
  };
}

describe('the order of writes', () => {
  it('add writes the credentials, then the record; remove deletes the record, then the credentials', async () => {
    const journal: string[] = [];
    const stores = journaled(createControlledSettingsStore(), createControlledSecretStore(), journal);
    const service = open(stores.settings, stores.secrets);
    const { id } = await service.add(draft());
    expect(journal).toEqual([`secrets.set ${secretName(id)}`, `settings.set ${ACCOUNTS_KEY}`]);
    journal.length = 0;
    await service.remove(id);
    expect(journal).toEqual([`settings.set ${ACCOUNTS_KEY}`, `secrets.delete ${secretName(id)}`]);
  });
});

describe('a failed write never looks successful', () => {
  it('add: credentials that cannot be stored add nothing', async () => {
    const settings = createControlledSettingsStore();
    const secrets = createControlledSecretStore();
    const service = open(settings, secrets);
    secrets.failNext('set');
    await expect(service.add(draft())).rejects.toMatchObject({ code: 'internal', retryable: true, message: expect.stringMatching(/^The account was not added: the credentials could not be stored \(.*no space left on device/) });
    expect(await service.list()).toEqual([]);
    expect(settings.get(ACCOUNTS_KEY) ?? []).toEqual([]);
  });

  it('add: a record that cannot be saved takes its credentials back out', async () => {
    const settings = createControlledSettingsStore();
    const secrets = createControlledSecretStore();
    const service = open(settings, secrets);
    settings.failNext('set');
    await expect(service.add(draft())).rejects.toMatchObject({ code: 'internal', message: expect.stringMatching(/^The account was not added: the account list could not be saved/) });
    expect(await service.list()).toEqual([]);
    expect(secrets.values()).toEqual({});
  });

  it('remove: credentials that cannot be deleted keep the account listed, saved and usable', async () => {
    const settings = createControlledSettingsStore();
    const secrets = createControlledSecretStore();
    const service = open(settings, secrets);
    const { id } = await service.add(draft());
    secrets.failNext('delete');
    await expect(service.remove(id)).rejects.toMatchObject({ code: 'internal', retryable: true, message: expect.stringMatching(/^The account was not removed: the stored credentials could not be deleted/) });
    expect((await service.list()).map((account) => account.id)).toEqual([id]);
    expect(settings.get<{ id: string }[]>(ACCOUNTS_KEY)?.map((record) => record.id)).toEqual([id]);
    expect(secrets.values()[secretName(id)]).toBe(CREDENTIALS);
    await expect(service.client(id)).resolves.toBeTruthy();

    // Trying again once the disk has room works.
    await service.remove(id);
    expect(await service.list()).toEqual([]);
    expect(secrets.values()).toEqual({});
  });

  it('remove: a settings file that cannot be written keeps the account and its credentials', async () => {
    const settings = createControlledSettingsStore();
    const secrets = createControlledSecretStore();
    const service = open(settings, secrets);
    const { id } = await service.add(draft());
    settings.failNext('set');
    await expect(service.remove(id)).rejects.toMatchObject({ code: 'internal', message: expect.stringMatching(/^The account was not removed: the account list could not be saved/) });
    expect((await service.get(id)).credentialsSet).toBe(true);
    expect(settings.get<{ id: string }[]>(ACCOUNTS_KEY)?.map((record) => record.id)).toEqual([id]);
    expect(secrets.values()[secretName(id)]).toBe(CREDENTIALS);
  });

  it('update: new credentials are put back as they were when the record cannot be saved', async () => {
    const settings = createControlledSettingsStore();
    const secrets = createControlledSecretStore();
    const service = open(settings, secrets);
    const { id } = await service.add(draft());
    settings.failNext('set');
    await expect(service.update({ id, name: 'Renamed', credentials: { mechanism: 'api-key', apiKey: 'live_99999999999999999999999999999999' } })).rejects.toMatchObject({ code: 'internal' });
    expect(await service.get(id)).toMatchObject({ name: 'Acme', credentialsSet: true });
    expect(secrets.values()[secretName(id)]).toBe(CREDENTIALS);
  });
});

describe('the sweep at start', () => {
  it('deletes credentials of accounts that no longer exist, and leaves other secrets alone', async () => {
    const settings = createControlledSettingsStore({ [ACCOUNTS_KEY]: [STORED] });
    const secrets = createControlledSecretStore({ [secretName('kept')]: CREDENTIALS, [secretName('gone')]: CREDENTIALS, 'webhook:kept': 'whsec_x' });
    const service = open(settings, secrets);
    expect((await service.list()).map((account) => account.id)).toEqual(['kept']);
    expect(Object.keys(secrets.values()).sort()).toEqual([secretName('kept'), 'webhook:kept']);
    expect(await service.unreadable()).toEqual({ files: [], damagedList: false, keptCredentials: [] });
  });

  it('keeps them when the settings file was set aside: they belong to accounts that could not be read', async () => {
    const problem = dataFileProblem('settings');
    const settings = createControlledSettingsStore({}, { problems: [problem] });
    const secrets = createControlledSecretStore({ [secretName('unread')]: CREDENTIALS });
    const service = open(settings, secrets);
    expect(await service.list()).toEqual([]);
    expect(secrets.values()).toEqual({ [secretName('unread')]: CREDENTIALS });
    expect(await service.unreadable()).toEqual({ files: [problem], damagedList: false, keptCredentials: ['unread'] });
  });

  it('keeps them when the account list in the settings is damaged', async () => {
    const settings = createControlledSettingsStore({ [ACCOUNTS_KEY]: 'oops' });
    const secrets = createControlledSecretStore({ [secretName('unread')]: CREDENTIALS });
    const service = open(settings, secrets);
    expect(await service.list()).toEqual([]);
    expect(secrets.values()).toEqual({ [secretName('unread')]: CREDENTIALS });
    expect(await service.unreadable()).toMatchObject({ damagedList: true, keptCredentials: ['unread'] });
  });

  it('marks an account whose credentials are missing as needing credentials, and says so when the secrets file was set aside', async () => {
    const plain = open(createControlledSettingsStore({ [ACCOUNTS_KEY]: [STORED] }), createControlledSecretStore());
    expect(await plain.get('kept')).toMatchObject({ credentialsSet: false, status: 'needs-credentials', statusMessage: 'No credentials are stored for this account.' });
    await plain.close();
    const afterProblem = open(createControlledSettingsStore({ [ACCOUNTS_KEY]: [STORED] }), createControlledSecretStore({}, { problems: [dataFileProblem('secrets')] }));
    expect(await afterProblem.get('kept')).toMatchObject({ status: 'needs-credentials', statusMessage: expect.stringMatching(/could not be read .* Enter them again/) });
    expect((await afterProblem.unreadable()).files).toEqual([dataFileProblem('secrets')]);
  });

  it('starts even when the secrets cannot be listed, sweeping nothing', async () => {
    const secrets = createControlledSecretStore({ [secretName('kept')]: CREDENTIALS, [secretName('gone')]: CREDENTIALS });
    secrets.failNext('names');
    const service = open(createControlledSettingsStore({ [ACCOUNTS_KEY]: [STORED] }), secrets);
    expect((await service.list()).map((account) => account.id)).toEqual(['kept']);
    expect(Object.keys(secrets.values())).toHaveLength(2);
  });
});

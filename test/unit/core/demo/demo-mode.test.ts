// Demo mode fills an empty app with sample data, but never stands in for accounts the user
// has and that could not be read: they must see that something is missing.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { ACCOUNTS_KEY, secretName } from '../../../../main/core/accounts';
import { createCore } from '../../../../main/core/core';
import type { Core, StartDemo } from '../../../../main/core/core';
import { systemClock } from '../../../../main/core/ports';
import type { SecretStore, SettingsStore } from '../../../../main/core/ports';
import { createRecordingLogger } from '../../../helpers/recording-logger';
import { createMemorySecretStore, createMemorySettingsStore, dataFileProblem } from '../../../helpers/stores';

const CREDENTIALS = JSON.stringify({ mechanism: 'api-key', apiKey: 'live_0123456789abcdef0123456789abcdef' });

let core: Core | undefined;
const dataFolders: string[] = [];
/** A fresh data folder (the offline cache lives there). */
function tempPaths(): { userData: string } {
  const userData = mkdtempSync(join(tmpdir(), 'qd-core-'));
  dataFolders.push(userData);
  return { userData };
}
afterEach(async () => {
  await core?.close();
  core = undefined;
  for (const folder of dataFolders.splice(0)) rmSync(folder, { recursive: true, force: true });
});

function fakeDemo() {
  const state = { started: 0, closed: 0 };
  const start: StartDemo = async () => {
    state.started += 1;
    return {
      drafts: [{ name: 'Demo company', environment: 'custom', baseUrl: 'http://127.0.0.1:9', access: 'client', credentials: { mechanism: 'api-key', apiKey: 'live_demo0000000000000000000000000000' } }],
      simulator: { close: async () => void (state.closed += 1) },
    };
  };
  return { start, state };
}

function newCore(settings: SettingsStore, secrets: SecretStore) {
  const logger = createRecordingLogger();
  core = createCore({ settings, secrets, clock: systemClock, logger, host: 'web', version: '0.1.0', paths: tempPaths() });
  return { core, logger };
}

describe('demo mode and accounts that could not be read', () => {
  it('starts with nothing configured and nothing unreadable', async () => {
    const { core } = newCore(createMemorySettingsStore(), createMemorySecretStore());
    const demo = fakeDemo();
    expect(await core.startDemoIfNoAccounts(demo.start)).toBe(true);
    expect((await core.accounts.list()).map((account) => account.demo)).toEqual([true]);
  });

  it('does not start when the settings file was set aside, nor when forced', async () => {
    const { core, logger } = newCore(createMemorySettingsStore({}, { problems: [dataFileProblem('settings')] }), createMemorySecretStore());
    const demo = fakeDemo();
    expect(await core.startDemoIfNoAccounts(demo.start)).toBe(false);
    expect(await core.startDemoIfNoAccounts(demo.start, { force: true })).toBe(false);
    expect(demo.state.started).toBe(0);
    expect(await core.accounts.list()).toEqual([]);
    expect(logger.text()).toContain('demo mode not started: accounts could not be read');
  });

  it('does not start when the secrets file was set aside', async () => {
    const { core } = newCore(createMemorySettingsStore(), createMemorySecretStore({}, { problems: [dataFileProblem('secrets')] }));
    const demo = fakeDemo();
    expect(await core.startDemoIfNoAccounts(demo.start)).toBe(false);
    expect(demo.state.started).toBe(0);
  });

  it('does not start when the account list is damaged and credentials of unread accounts are stored', async () => {
    const secrets = createMemorySecretStore({ [secretName('unread')]: CREDENTIALS });
    const { core } = newCore(createMemorySettingsStore({ [ACCOUNTS_KEY]: { not: 'a list' } }), secrets);
    const demo = fakeDemo();
    expect(await core.startDemoIfNoAccounts(demo.start)).toBe(false);
    expect(demo.state.started).toBe(0);
    expect(await secrets.get(secretName('unread'))).toBe(CREDENTIALS);
  });

  it('starts when credentials of an account removed before a crash were left behind: they are swept first', async () => {
    const secrets = createMemorySecretStore({ [secretName('removed')]: CREDENTIALS });
    const { core } = newCore(createMemorySettingsStore({ [ACCOUNTS_KEY]: [] }), secrets);
    const demo = fakeDemo();
    expect(await core.startDemoIfNoAccounts(demo.start)).toBe(true);
    expect(await secrets.names()).toEqual([]);
  });

  it('does not come back after the last account is removed while unreadable accounts are reported', async () => {
    const secrets = createMemorySecretStore({ [secretName('kept')]: CREDENTIALS });
    const settings = createMemorySettingsStore({ [ACCOUNTS_KEY]: [{ id: 'kept', name: 'Kept', environment: 'production', baseUrl: 'https://quotes.example.com', mechanism: 'api-key', access: 'client' }] }, { problems: [dataFileProblem('settings')] });
    const { core } = newCore(settings, secrets);
    const demo = fakeDemo();
    expect(await core.startDemoIfNoAccounts(demo.start)).toBe(false);
    await core.accounts.remove('kept');
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(demo.state.started).toBe(0);
    expect(await core.accounts.list()).toEqual([]);
  });
});

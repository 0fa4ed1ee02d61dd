// Removing an account deletes its webhook registration at the service while its credentials
// still exist, says so, and still removes the account when the service cannot be reached.
// At start, webhook keys whose account is gone (a crash in between) are swept.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { createQuotingClient } from '../../../../main/core/api';
import { createCore } from '../../../../main/core/core';
import type { Core } from '../../../../main/core/core';
import { createSilentLogger } from '../../../../main/core/log';
import { systemClock } from '../../../../main/core/ports';
import type { SecretStore, SettingsStore } from '../../../../main/core/ports';
import { secretName } from '../../../../main/core/webhooks';
import { sweepOrphanKeys } from '../../../../main/core/webhooks/sweep';
import { startSimulator } from '../../../../main/simulator';
import type { Simulator } from '../../../../main/simulator';
import type { AccountView, RemoveOutcome } from '../../../../preload/contract';
import { createMemorySecretStore, createMemorySettingsStore } from '../../../helpers/stores';

const logger = createSilentLogger();
const cleanups: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

function core(settings: SettingsStore = createMemorySettingsStore(), secrets: SecretStore = createMemorySecretStore()): Core {
  const userData = mkdtempSync(join(tmpdir(), 'qd-webhook-removal-'));
  const made = createCore({ settings, secrets, clock: systemClock, logger, host: 'web', version: '0.1.0', paths: { userData }, webhooks: { findCloudflared: () => null } });
  cleanups.push(async () => {
    await made.close();
    rmSync(userData, { recursive: true, force: true });
  });
  return made;
}

async function call<T>(target: Core, method: string, input?: unknown): Promise<T> {
  const result = await target.dispatcher.dispatch(method, input);
  if (!result.ok) throw new Error(`${method} failed: ${result.error.code} ${result.error.message}`);
  return result.value as T;
}

async function registeredAccount(sim: Simulator, target: Core): Promise<{ account: AccountView; apiKey: string }> {
  const apiKey = sim.credentials.companies[0]!.apiKey;
  const account = await call<AccountView>(target, 'accounts.add', { name: 'Acme', environment: 'custom', baseUrl: sim.baseUrl, access: 'client', credentials: { mechanism: 'api-key', apiKey } });
  await call(target, 'webhooks.setTunnel', { mode: 'manual', url: 'https://hooks.example.com' });
  expect(await call(target, 'webhooks.register', { accountId: account.id })).toMatchObject({ status: 'registered' });
  return { account, apiKey };
}

async function registrationAt(sim: Simulator, apiKey: string) {
  const client = createQuotingClient({ baseUrl: sim.baseUrl, credentials: { mechanism: 'api-key', apiKey }, logger });
  try {
    return await client.webhooks.get();
  } finally {
    await client.close();
  }
}

describe('removing an account', () => {
  it('deletes its registration at the service first, and says so', async () => {
    const sim = await startSimulator({ quotes: 20, log: () => undefined });
    cleanups.push(() => sim.close());
    const secrets = createMemorySecretStore();
    const target = core(createMemorySettingsStore(), secrets);
    const { account, apiKey } = await registeredAccount(sim, target);
    expect((await registrationAt(sim, apiKey))?.url).toMatch(/^https:\/\/hooks\.example\.com\/hooks\//);

    const outcome = await call<RemoveOutcome>(target, 'accounts.remove', { id: account.id });
    expect(outcome).toEqual({ notes: ['Its webhook registration was deleted at the service.'] });
    expect(await registrationAt(sim, apiKey)).toBeNull();
    expect(await call<AccountView[]>(target, 'accounts.list')).toEqual([]);
    await target.webhooks.settled();
    expect((await secrets.names()).filter((name) => name === secretName(account.id))).toEqual([]);
  }, 30_000);

  it('leaves another installation\'s registration in place', async () => {
    const sim = await startSimulator({ quotes: 20, log: () => undefined });
    cleanups.push(() => sim.close());
    const target = core();
    const { account, apiKey } = await registeredAccount(sim, target);
    const other = createQuotingClient({ baseUrl: sim.baseUrl, credentials: { mechanism: 'api-key', apiKey }, logger });
    await other.webhooks.register('https://other-installation.example/hooks/theirs');
    await other.close();

    expect(await call<RemoveOutcome>(target, 'accounts.remove', { id: account.id })).toEqual({ notes: [] });
    expect((await registrationAt(sim, apiKey))?.url).toBe('https://other-installation.example/hooks/theirs');
  }, 30_000);

  it('still removes the account when the service cannot be reached, saying what was left behind', async () => {
    const sim = await startSimulator({ quotes: 20, log: () => undefined });
    const secrets = createMemorySecretStore();
    const target = core(createMemorySettingsStore(), secrets);
    const { account } = await registeredAccount(sim, target);
    await sim.close();

    const outcome = await call<RemoveOutcome>(target, 'accounts.remove', { id: account.id });
    expect(outcome.notes).toEqual([expect.stringContaining('Its webhook registration could not be deleted at the service')]);
    expect(await call<AccountView[]>(target, 'accounts.list')).toEqual([]);
    await target.webhooks.settled();
    await until(async () => !(await secrets.names()).includes(secretName(account.id)));
  }, 30_000);
});

describe('the start-up sweep of webhook keys', () => {
  it('deletes the keys of accounts that no longer exist and keeps the others', async () => {
    const sim = await startSimulator({ quotes: 20, log: () => undefined });
    cleanups.push(() => sim.close());
    const settings = createMemorySettingsStore();
    const secrets = createMemorySecretStore();
    const first = core(settings, secrets);
    const { account } = await registeredAccount(sim, first);
    await first.close();
    // A crash between removing an account and deleting its keys leaves these behind.
    await secrets.set(secretName('removed-before-a-crash'), JSON.stringify({ token: 'tok_abcdefghijklmnopqrstuvwxyz', secret: 'whsec_left', previous: null, previousUntil: null, registeredUrl: null, ownUrls: [] }));
    await secrets.set(secretName('unreadable-and-gone'), 'not json');

    const second = core(settings, secrets);
    await second.webhooks.settled();
    const names = await secrets.names();
    expect(names).toContain(secretName(account.id));
    expect(names).not.toContain(secretName('removed-before-a-crash'));
    expect(names).not.toContain(secretName('unreadable-and-gone'));
    expect((await call<{ accounts: { accountId: string; state: string }[] }>(second, 'webhooks.status')).accounts).toEqual([expect.objectContaining({ accountId: account.id })]);
  }, 30_000);

  it('keeps every key while the account list could not be read whole', async () => {
    const secrets = createMemorySecretStore({ [secretName('maybe-listed')]: '{}' });
    const forgotten: string[] = [];
    const swept = await sweepOrphanKeys({
      secrets,
      keyring: { forget: async (id) => void forgotten.push(id) },
      accounts: { list: async () => [], unreadable: async () => ({ files: [], damagedList: true, keptCredentials: [] }) },
      logger,
    });
    expect(swept).toEqual([]);
    expect(forgotten).toEqual([]);
  });

  it('sweeps only webhook keys, never an account\'s credentials', async () => {
    const secrets = createMemorySecretStore({ 'account:gone': '{}', [secretName('gone')]: '{}', [secretName('here')]: '{}' });
    const forgotten: string[] = [];
    const swept = await sweepOrphanKeys({
      secrets,
      keyring: { forget: async (id) => void forgotten.push(id) },
      accounts: { list: async () => [{ id: 'here' } as AccountView], unreadable: async () => ({ files: [], damagedList: false, keptCredentials: [] }) },
      logger,
    });
    expect(swept).toEqual(['gone']);
    expect(forgotten).toEqual(['gone']);
  });
});

async function until(check: () => Promise<boolean>): Promise<void> {
  for (let attempt = 0; attempt < 500; attempt++) {
    if (await check()) return;
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
  throw new Error('timed out');
}

// The installation's tunnel choice over the bridge: https only, kept across a restart, a
// cloudflared choice refused with a clear reason when it is not installed, and a switch to
// another tunnel caught up on by a sync.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { createCore } from '../../../../main/core/core';
import type { Core } from '../../../../main/core/core';
import { createSilentLogger } from '../../../../main/core/log';
import { systemClock } from '../../../../main/core/ports';
import type { SettingsStore } from '../../../../main/core/ports';
import { createEventBus } from '../../../../main/core/events';
import type { DomainEvents } from '../../../../main/core/events';
import { createWebhooks } from '../../../../main/core/webhooks';
import { startSimulator } from '../../../../main/simulator';
import type { Simulator } from '../../../../main/simulator';
import type { AccountView, WebhookActivity, WebhooksOverview } from '../../../../preload/contract';
import { fakeWebhooks } from './fake-webhooks';
import { createMemorySecretStore, createMemorySettingsStore } from '../../../helpers/stores';

const cores: Core[] = [];
const folders: string[] = [];
const simulators: Simulator[] = [];
afterEach(async () => {
  for (const core of cores.splice(0)) await core.close();
  for (const sim of simulators.splice(0)) await sim.close();
  for (const folder of folders.splice(0)) rmSync(folder, { recursive: true, force: true });
});

function newCore(settings: SettingsStore = createMemorySettingsStore()): Core {
  const userData = mkdtempSync(join(tmpdir(), 'qd-webhook-webhooks-'));
  folders.push(userData);
  const core = createCore({ settings, secrets: createMemorySecretStore(), clock: systemClock, logger: createSilentLogger(), host: 'web', version: '0.1.0', paths: { userData }, webhooks: { findCloudflared: () => null } });
  cores.push(core);
  return core;
}

describe('the tunnel choice', () => {
  it('starts with none (polling only), takes an https address, and keeps it across a restart', async () => {
    const settings = createMemorySettingsStore();
    const first = newCore(settings);
    const before = await first.dispatcher.dispatch('webhooks.status', undefined);
    expect(before).toMatchObject({ ok: true, value: { mode: 'none', manualUrl: null, cloudflaredAvailable: false, problem: null } });

    const set = await first.dispatcher.dispatch('webhooks.setTunnel', { mode: 'manual', url: 'https://hooks.example.com/qd/' });
    expect(set).toMatchObject({ ok: true, value: { mode: 'manual', manualUrl: 'https://hooks.example.com/qd/' } });
    await first.close();
    cores.splice(0);

    const again = newCore(settings);
    await again.webhooks.settled();
    const after = await again.dispatcher.dispatch('webhooks.status', undefined);
    expect(after.ok && (after.value as WebhooksOverview).mode).toBe('manual');
  });

  it('refuses a plain http address before anything is saved', async () => {
    const core = newCore();
    const answer = await core.dispatcher.dispatch('webhooks.setTunnel', { mode: 'manual', url: 'http://hooks.example.com/' });
    expect(answer).toMatchObject({ ok: false, error: { code: 'invalid-input' } });
    expect(await core.dispatcher.dispatch('webhooks.status', undefined)).toMatchObject({ ok: true, value: { mode: 'none' } });
  });

  it('refuses an address with a user name, saying what to change', async () => {
    const core = newCore();
    const answer = await core.dispatcher.dispatch('webhooks.setTunnel', { mode: 'manual', url: 'https://me:pw@hooks.example.com/' });
    expect(answer).toMatchObject({ ok: false, error: { code: 'invalid-input', message: expect.stringContaining('user name') } });
  });

  it('refuses cloudflared when it is not on PATH, saying so', async () => {
    const core = newCore();
    const answer = await core.dispatcher.dispatch('webhooks.setTunnel', { mode: 'cloudflared' });
    expect(answer).toMatchObject({ ok: false, error: { code: 'invalid-input', message: expect.stringContaining('cloudflared was not found on PATH') } });
  });

  it('switched to another address, catches up with a sync whose finds are shown as recovered', async () => {
    const sim = await startSimulator({ quotes: 20, log: () => undefined });
    simulators.push(sim);
    const core = newCore();
    const synced = new Set<string>();
    core.bus.subscribe('sync.completed', ({ accountId }) => synced.add(accountId));
    const company = sim.credentials.companies[0]!;
    const added = await core.dispatcher.dispatch('accounts.add', { name: 'Acme', environment: 'custom', baseUrl: sim.baseUrl, access: 'client', credentials: { mechanism: 'api-key', apiKey: company.apiKey } });
    const account = (added.ok ? added.value : null) as AccountView;
    await until(() => synced.has(account.id));
    await core.dispatcher.dispatch('webhooks.setTunnel', { mode: 'manual', url: 'https://hooks.example.com/qd' });
    expect(await core.dispatcher.dispatch('webhooks.register', { accountId: account.id })).toMatchObject({ ok: true, value: { status: 'registered' } });
    // Sent to the old address while the person set up the new one: no delivery reaches us.
    const quote = sim.operator.findQuotes({ status: 'SENT', companyId: company.id })[0]!;
    sim.operator.cancelQuote(quote.id);

    await core.dispatcher.dispatch('webhooks.setTunnel', { mode: 'manual', url: 'https://moved.example.com' });
    const recovered = async () => {
      const answer = await core.dispatcher.dispatch('webhooks.activity', { accountId: account.id, limit: 50 });
      return (answer.ok ? (answer.value as WebhookActivity[]) : []).filter((entry) => entry.source === 'recovered' && entry.quoteId === quote.id);
    };
    await until(async () => (await recovered()).length > 0);
    expect(await recovered()).toEqual([expect.objectContaining({ event: 'quote.status', caused: expect.stringContaining('CANCELLED') })]);
  }, 30_000);

  it('answers account-not-found for registering an account that does not exist', async () => {
    const core = newCore();
    expect(await core.dispatcher.dispatch('webhooks.register', { accountId: 'nope' })).toMatchObject({ ok: false, error: { code: 'account-not-found' } });
  });
});

describe('the periodic health check', () => {
  it('reads every registration again at each interval and shows a take-over', async () => {
    const userData = mkdtempSync(join(tmpdir(), 'qd-webhook-health-'));
    folders.push(userData);
    // A clock whose sleeps end only when the test says: one interval per tick().
    const waiting: Array<() => void> = [];
    const clock = {
      now: () => Date.now(),
      sleep: (_ms: number, signal?: AbortSignal) =>
        new Promise<void>((resolve, reject) => {
          waiting.push(resolve);
          signal?.addEventListener('abort', () => reject(signal.reason), { once: true });
        }),
    };
    const remote = fakeWebhooks();
    const accountView = { id: 'acc-1', demo: false } as AccountView;
    const webhooks = createWebhooks({
      settings: createMemorySettingsStore(),
      secrets: createMemorySecretStore(),
      paths: { userData },
      accounts: {
        list: async () => [accountView],
        get: async () => accountView,
        client: async () => remote.client,
        onBeforeRemove: () => () => undefined,
        unreadable: async () => ({ files: [], damagedList: false, keptCredentials: [] }),
      },
      bus: createEventBus<DomainEvents>({ logger: createSilentLogger() }),
      clock,
      logger: createSilentLogger(),
      process: () => null,
      findCloudflared: () => null,
    });
    try {
      await webhooks.setTunnel({ mode: 'manual', url: 'https://hooks.example.com' });
      expect(await webhooks.register('acc-1', false)).toMatchObject({ status: 'registered' });
      remote.current = { ...remote.current!, url: 'https://other-installation.example/hooks' };
      expect((await webhooks.overview()).accounts[0]).toMatchObject({ state: 'registered', takenOver: false });

      await until(() => waiting.length > 0);
      waiting.shift()!();
      await until(async () => (await webhooks.overview()).accounts[0]!.takenOver);
      expect((await webhooks.overview()).accounts[0]).toMatchObject({ state: 'taken-over', registeredUrl: 'https://other-installation.example/hooks' });
    } finally {
      await webhooks.close();
    }
  });
});

async function until(check: () => boolean | Promise<boolean>): Promise<void> {
  for (let attempt = 0; attempt < 500; attempt++) {
    if (await check()) return;
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
  throw new Error('timed out');
}

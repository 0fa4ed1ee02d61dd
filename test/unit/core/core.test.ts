// The composition root over the real accounts service and the real embedded Quoting Service.
import { mkdirSync, mkdtempSync, readdirSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { createCore } from '../../../main/core/core';
import type { Core, StartDemo } from '../../../main/core/core';
import type { BridgeEvent } from '../../../main/core/bridge/events';
import { systemClock } from '../../../main/core/ports';
import { LOGO_UNUSED_FOR_MS } from '../../../main/core/logos';
import { startDemo } from '../../../main/simulator/demo';
import type { AccountView, InboxWindow } from '../../../preload/contract';
import { createMemorySecretStore, createMemorySettingsStore } from '../../helpers/stores';
import { createRecordingLogger } from '../../helpers/recording-logger';

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

/** The real demo, with a record of whether its service was closed. */
function trackedDemo() {
  const state = { started: 0, closed: 0 };
  const start: StartDemo = async () => {
    const demo = await startDemo({ quotes: 30 });
    state.started += 1;
    return {
      drafts: demo.drafts,
      simulator: {
        close: async () => {
          state.closed += 1;
          await demo.simulator.close();
        },
      },
    };
  };
  return { start, state };
}

function newCore(paths = tempPaths()) {
  core = createCore({ settings: createMemorySettingsStore(), secrets: createMemorySecretStore(), clock: systemClock, logger: createRecordingLogger(), host: 'web', version: '0.1.0', paths });
  return core;
}

async function call<T>(target: Core, method: string, input?: unknown): Promise<T> {
  const result = await target.dispatcher.dispatch(method, input);
  if (!result.ok) throw new Error(`${method} failed: ${result.error.code} ${result.error.message}`);
  return result.value as T;
}

describe('core composition and demo mode', () => {
  it('with no accounts, starts the embedded service and serves its quotes through the bridge', async () => {
    const target = newCore();
    const events: BridgeEvent[] = [];
    target.hub.subscribe((event) => events.push(event));
    const demo = trackedDemo();

    expect(await target.startDemoIfNoAccounts(demo.start)).toBe(true);

    const accounts = await call<AccountView[]>(target, 'accounts.list');
    expect(accounts.length).toBeGreaterThan(1);
    expect(accounts.every((account) => account.demo)).toBe(true);
    expect(new Set(accounts.map((account) => account.mechanism))).toEqual(new Set(['api-key', 'client-credentials']));
    expect(await call(target, 'app.info')).toEqual({
      version: '0.1.0',
      host: 'web',
      demo: true,
      credentialStorage: { backend: 'memory', weak: false, message: expect.any(String) },
      dataProblems: [],
    });
    expect(events.some((event) => event.name === 'accounts.changed')).toBe(true);

    for (const account of accounts.slice(0, 2)) {
      await call(target, 'sync.refresh', { accountId: account.id });
      const window = await call<InboxWindow>(target, 'inbox.query', { accountId: account.id, limit: 10 });
      expect(window.rows.length).toBeGreaterThan(0);
      expect(window.rows.every((row) => row.companyName === account.name)).toBe(true);
    }
  });

  it('does not start demo mode when a real account exists, unless forced', async () => {
    const target = newCore();
    const { drafts, simulator } = await startDemo({ quotes: 20 });
    try {
      const first = drafts[0];
      if (!first) throw new Error('the demo has no companies');
      await call(target, 'accounts.add', { ...first, name: 'My real account' });
      const demo = trackedDemo();
      expect(await target.startDemoIfNoAccounts(demo.start)).toBe(false);
      expect(demo.state.started).toBe(0);
      expect((await call<{ demo: boolean }>(target, 'app.info')).demo).toBe(false);

      expect(await target.startDemoIfNoAccounts(demo.start, { force: true })).toBe(true);
      const accounts = await call<AccountView[]>(target, 'accounts.list');
      expect(accounts.filter((account) => !account.demo).map((account) => account.name)).toEqual(['My real account']);
      expect(accounts.some((account) => account.demo)).toBe(true);
    } finally {
      await simulator.close();
    }
  });

  it('stops the embedded service once a real account replaces the demo ones, and on close', async () => {
    const target = newCore();
    const demo = trackedDemo();
    await target.startDemoIfNoAccounts(demo.start);
    const [demoAccount] = await call<AccountView[]>(target, 'accounts.list');
    if (!demoAccount) throw new Error('no demo account');

    await call(target, 'accounts.add', {
      name: 'Production',
      environment: 'production',
      baseUrl: 'https://quotes.example.com',
      access: 'internal',
      credentials: { mechanism: 'api-key', apiKey: 'live_0123456789abcdef0123456789abcdef' },
    });
    await expect.poll(() => demo.state.closed).toBe(1);
    expect((await call<AccountView[]>(target, 'accounts.list')).map((account) => account.demo)).toEqual([false]);
    expect((await call<{ demo: boolean }>(target, 'app.info')).demo).toBe(false);

    const second = trackedDemo();
    await target.startDemoIfNoAccounts(second.start, { force: true });
    await target.close();
    core = undefined;
    expect(second.state.closed).toBe(1);
  });

  it('returns to demo mode when the last account is removed', async () => {
    const target = newCore();
    const demo = trackedDemo();
    await target.startDemoIfNoAccounts(demo.start);
    const real = await call<AccountView>(target, 'accounts.add', {
      name: 'Production',
      environment: 'production',
      baseUrl: 'https://quotes.example.com',
      access: 'internal',
      credentials: { mechanism: 'api-key', apiKey: 'live_0123456789abcdef0123456789abcdef' },
    });
    await expect.poll(() => demo.state.closed).toBe(1);
    const events: BridgeEvent[] = [];
    target.hub.subscribe((event) => events.push(event));

    await call(target, 'accounts.remove', { id: real.id });

    await expect.poll(() => demo.state.started).toBe(2);
    await expect.poll(async () => (await call<{ demo: boolean }>(target, 'app.info')).demo).toBe(true);
    const accounts = await call<AccountView[]>(target, 'accounts.list');
    expect(accounts.length).toBeGreaterThan(1);
    expect(accounts.every((account) => account.demo)).toBe(true);
    const changes = events.flatMap((event) => (event.name === 'accounts.changed' ? [event.payload.accounts] : []));
    expect(changes[0]).toEqual([]);
    expect(changes.at(-1)?.map((account) => account.id).sort()).toEqual(accounts.map((account) => account.id).sort());
    const [again] = accounts;
    await call(target, 'sync.refresh', { accountId: again!.id });
    const window = await call<InboxWindow>(target, 'inbox.query', { accountId: again!.id, limit: 5 });
    expect(window.rows.length).toBeGreaterThan(0);
  });

  it('backs out of a demo start when a real account is added while the service starts', async () => {
    const target = newCore();
    const demo = trackedDemo();
    let release!: () => void;
    const gate = new Promise<void>((resolve) => (release = resolve));
    const slowStart: StartDemo = async () => {
      await gate;
      return demo.start();
    };
    const starting = target.startDemoIfNoAccounts(slowStart);
    const real = await call<AccountView>(target, 'accounts.add', {
      name: 'Production',
      environment: 'production',
      baseUrl: 'https://quotes.example.com',
      access: 'client',
      credentials: { mechanism: 'api-key', apiKey: 'live_0123456789abcdef0123456789abcdef' },
    });
    release();

    expect(await starting).toBe(false);
    expect((await call<AccountView[]>(target, 'accounts.list')).map((account) => account.id)).toEqual([real.id]);
    expect((await call<{ demo: boolean }>(target, 'app.info')).demo).toBe(false);
    expect(demo.state).toEqual({ started: 1, closed: 1 });
  });

  it('does not start the embedded service once closing has begun', async () => {
    const target = newCore();
    const demo = trackedDemo();
    let release!: () => void;
    const gate = new Promise<void>((resolve) => (release = resolve));
    const starting = target.startDemoIfNoAccounts(async () => {
      await gate;
      return demo.start();
    });
    const closing = target.close();
    core = undefined;
    release();
    expect(await starting).toBe(false);
    await closing;
    expect(demo.state.started).toBe(demo.state.closed);
  });

  it('starts a fresh demo service when the last demo account is removed, and closes the old one', async () => {
    const target = newCore();
    const demo = trackedDemo();
    await target.startDemoIfNoAccounts(demo.start);
    for (const account of await call<AccountView[]>(target, 'accounts.list')) await call(target, 'accounts.remove', { id: account.id });

    await expect.poll(() => demo.state.started).toBe(2);
    await expect.poll(async () => (await call<AccountView[]>(target, 'accounts.list')).length).toBeGreaterThan(0);
    expect(demo.state.closed).toBe(1);
    await target.close();
    core = undefined;
    expect(demo.state.closed).toBe(2);
  });

  it('removes company logos unused for a month once it has started, before it closes', async () => {
    const paths = tempPaths();
    const logos = join(paths.userData, 'logos');
    mkdirSync(logos);
    const [unused, recent] = [`${'a'.repeat(32)}.svg`, `${'b'.repeat(32)}.svg`];
    writeFileSync(join(logos, unused), '<svg/>');
    writeFileSync(join(logos, recent), '<svg/>');
    const longAgo = new Date(Date.now() - LOGO_UNUSED_FOR_MS - 60_000);
    utimesSync(join(logos, unused), longAgo, longAgo);

    await newCore(paths).close();
    expect(readdirSync(logos)).toEqual([recent]);
  });

  it('forwards account status changes to the hub as accounts.statusChanged', async () => {
    const target = newCore();
    const events: BridgeEvent[] = [];
    target.hub.subscribe((event) => events.push(event));
    const { simulator } = await startDemo({ quotes: 20 });
    try {
      const added = await call<AccountView>(target, 'accounts.add', {
        name: 'Revoked key',
        environment: 'custom',
        baseUrl: simulator.baseUrl,
        access: 'client',
        credentials: { mechanism: 'api-key', apiKey: 'live_0123456789abcdef0123456789abcdef' },
      });
      await target.dispatcher.dispatch('sync.refresh', { accountId: added.id });
      expect(events).toContainEqual({ name: 'accounts.statusChanged', payload: { accountId: added.id, status: 'needs-credentials', message: expect.any(String) } });
    } finally {
      await simulator.close();
    }
  });
});

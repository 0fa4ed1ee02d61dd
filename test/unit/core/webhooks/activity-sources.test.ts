// The activity view lists what sync found beside the webhook deliveries, and marks as
// "recovered" what a catch-up found (after resume, a network change, a tunnel restart);
// a tunnel that comes back, or a switch to another tunnel, asks for that catch-up.
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { createEventBus } from '../../../../main/core/events';
import type { DomainEvents } from '../../../../main/core/events';
import { createSilentLogger } from '../../../../main/core/log';
import { systemClock } from '../../../../main/core/ports';
import { createRecovery } from '../../../../main/core/sync';
import { createWebhooks } from '../../../../main/core/webhooks';
import type { Webhooks } from '../../../../main/core/webhooks';
import { DetectedChanges } from '../../../../main/core/webhooks/detected';
import type { AccountView, WebhookActivity } from '../../../../preload/contract';
import { createMemorySecretStore, createMemorySettingsStore } from '../../../helpers/stores';
import { fakeWebhooks } from './fake-webhooks';

const QUOTE = '0ef816d8-d990-4e9c-8947-2ccf3be38fc5';
const cleanups: (() => Promise<void> | void)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

function setUp(options: { findCloudflared?: () => string | null } = {}) {
  const userData = mkdtempSync(join(tmpdir(), 'qd-activity-sources-'));
  const bus = createEventBus<DomainEvents>({ logger: createSilentLogger() });
  const recovery = createRecovery();
  const remote = fakeWebhooks();
  const accounts = [{ id: 'acc-1', demo: false } as AccountView, { id: 'acc-2', demo: false } as AccountView];
  const webhooks = createWebhooks({
    settings: createMemorySettingsStore(),
    secrets: createMemorySecretStore(),
    paths: { userData },
    accounts: {
      list: async () => accounts,
      get: async (id) => accounts.find((account) => account.id === id)!,
      client: async () => remote.client,
      onBeforeRemove: () => () => undefined,
      unreadable: async () => ({ files: [], damagedList: false, keptCredentials: [] }),
    },
    bus,
    clock: systemClock,
    logger: createSilentLogger(),
    process: () => null,
    findCloudflared: options.findCloudflared ?? (() => null),
    recovery,
  });
  cleanups.push(async () => {
    await webhooks.close();
    rmSync(userData, { recursive: true, force: true });
  });
  return { bus, recovery, webhooks, remote };
}

const stored = (quoteId: string, status: 'SENT' | 'ACCEPTED' = 'ACCEPTED') => ({
  quoteId,
  quoteNumber: 'Q-7',
  projectName: 'Manuals',
  companyName: null,
  totalPrice: { amount: 10, currency: 'EUR' },
  status,
  changes: [{ kind: 'pricing' as const, from: null, to: { amount: 10, currency: 'EUR' } }, { kind: 'status' as const, from: 'SENT' as const, to: status }],
});

async function activity(webhooks: Webhooks, accountId?: string): Promise<WebhookActivity[]> {
  await webhooks.settled();
  return webhooks.activity({ accountId, limit: 50 });
}

describe('changes sync found, in the activity', () => {
  it('lists what sync stored as found by sync, and what a catch-up stored as recovered, newest first', async () => {
    const { bus, recovery, webhooks } = setUp();
    const pushed: WebhookActivity[] = [];
    webhooks.onActivity((entry) => pushed.push(entry));
    bus.publish('quotes.stored', { accountId: 'acc-1', source: 'sync', baseline: false, quotes: [stored(QUOTE)] });
    await recovery.during(async () => {
      bus.publish('quotes.stored', { accountId: 'acc-1', source: 'sync', baseline: false, quotes: [stored('b3bb189e-8bf9-3888-9912-ace4e6543002')] });
    });
    const entries = await activity(webhooks, 'acc-1');
    expect(entries.map((entry) => entry.source)).toEqual(['recovered', 'sync']);
    expect(entries[1]).toMatchObject({ accountId: 'acc-1', event: 'quote.status', quoteId: QUOTE, quoteNumber: 'Q-7', projectName: 'Manuals', caused: 'price none -> 10 EUR; status SENT -> ACCEPTED' });
    expect(pushed.map((entry) => entry.source)).toEqual(['sync', 'recovered']);
  });

  it('marks only the account whose own catch-up (back from offline) found the change', async () => {
    const { bus, recovery, webhooks } = setUp();
    let release: () => void = () => undefined;
    const catchingUp = recovery.during(() => new Promise<void>((resolve) => (release = resolve)), 'acc-1');
    bus.publish('quotes.stored', { accountId: 'acc-1', source: 'sync', baseline: false, quotes: [stored(QUOTE)] });
    bus.publish('quotes.stored', { accountId: 'acc-2', source: 'sync', baseline: false, quotes: [stored(QUOTE)] });
    release();
    await catchingUp;
    expect((await activity(webhooks, 'acc-1')).map((entry) => entry.source)).toEqual(['recovered']);
    expect((await activity(webhooks, 'acc-2')).map((entry) => entry.source)).toEqual(['sync']);
  });

  it('leaves out the first fill of a cache, and what webhooks, decisions and opening a quote stored', async () => {
    const { bus, webhooks } = setUp();
    bus.publish('quotes.stored', { accountId: 'acc-1', source: 'sync', baseline: true, quotes: [stored(QUOTE)] });
    for (const source of ['webhook', 'decision', 'open'] as const) bus.publish('quotes.stored', { accountId: 'acc-1', source, baseline: false, quotes: [stored(QUOTE)] });
    expect(await activity(webhooks)).toEqual([]);
  });

  it('filters by type and forgets a removed account\'s entries', async () => {
    const { bus, webhooks } = setUp();
    bus.publish('quotes.stored', { accountId: 'acc-1', source: 'sync', baseline: false, quotes: [stored(QUOTE), { ...stored('c3bb189e-8bf9-3888-9912-ace4e6543002'), changes: [{ kind: 'new' as const }] }] });
    await webhooks.settled();
    expect((await webhooks.activity({ type: 'quote.new', limit: 50 })).map((entry) => entry.event)).toEqual(['quote.new']);
    bus.publish('account.removed', { accountId: 'acc-1' });
    expect(await activity(webhooks)).toEqual([]);
  });
});

describe('the detected-changes log', () => {
  it('keeps a bounded number per account, the newest, with ids from the shared sequence', () => {
    let next = 100;
    const log = new DetectedChanges(() => next++, 3);
    for (let index = 0; index < 5; index++) log.record('a', 'sync', index, [{ quoteId: `q${index}`, quoteNumber: null, projectName: null, companyName: null, totalPrice: null, status: 'SENT', changes: [{ kind: 'new' }] }]);
    expect(log.list('a').map((entry) => [entry.id, entry.quoteId])).toEqual([
      [104, 'q4'],
      [103, 'q3'],
      [102, 'q2'],
    ]);
    // A quote stored with no change worth a line is not listed.
    expect(log.record('a', 'sync', 9, [{ quoteId: 'q9', quoteNumber: null, projectName: null, companyName: null, totalPrice: null, status: 'SENT', changes: [] }])).toEqual([]);
  });
});

/** The cloudflared stand-in, each run living `lifetime` seconds; returns where it counts its runs. */
function fakeCloudflared(lifetime: string): { findCloudflared: () => string; runs: string } {
  const dir = mkdtempSync(join(tmpdir(), 'qd-tunnel-restart-'));
  const previous = { state: process.env.FAKE_CLOUDFLARED_STATE, lifetime: process.env.FAKE_CLOUDFLARED_LIFETIME };
  process.env.FAKE_CLOUDFLARED_STATE = join(dir, 'runs');
  process.env.FAKE_CLOUDFLARED_LIFETIME = lifetime;
  cleanups.push(() => {
    process.env.FAKE_CLOUDFLARED_STATE = previous.state;
    process.env.FAKE_CLOUDFLARED_LIFETIME = previous.lifetime;
    if (previous.state === undefined) delete process.env.FAKE_CLOUDFLARED_STATE;
    if (previous.lifetime === undefined) delete process.env.FAKE_CLOUDFLARED_LIFETIME;
    rmSync(dir, { recursive: true, force: true });
  });
  return { findCloudflared: () => join(import.meta.dirname, 'fake-bin', 'cloudflared'), runs: join(dir, 'runs') };
}

describe('a tunnel that comes back', () => {
  it('asks sync to catch up once the registration follows its new URL', async () => {
    const { findCloudflared } = fakeCloudflared('1');
    const { bus, webhooks, remote } = setUp({ findCloudflared });
    const reconnected: string[] = [];
    bus.subscribe('webhook.reconnected', ({ origin }) => reconnected.push(origin));
    await webhooks.setTunnel({ mode: 'cloudflared' });
    await until(async () => (await webhooks.overview()).accounts[0]?.publicUrl !== null);
    expect(await webhooks.register('acc-1', false)).toMatchObject({ status: 'registered' });
    expect(reconnected).toEqual([]);
    // The stand-in exits after a second and comes back with a new URL.
    await until(async () => reconnected.length > 0);
    expect(reconnected[0]).toMatch(/^https:\/\/run-\d+-stand-in\.trycloudflare\.com$/);
    // By then the registration already points at the new URL: nothing is missed after it.
    expect(remote.current?.url.startsWith(reconnected[0]!)).toBe(true);
  }, 30_000);
});

describe('a switch to another tunnel choice', () => {
  it('asks sync to catch up once the registration follows the new tunnel\'s URL (manual to cloudflared)', async () => {
    // Each run lasts longer than the test: no restart of the stand-in can be what asks.
    const { findCloudflared, runs } = fakeCloudflared('30');
    const { bus, webhooks, remote } = setUp({ findCloudflared });
    const reconnected: string[] = [];
    bus.subscribe('webhook.reconnected', ({ origin }) => reconnected.push(origin));
    await webhooks.setTunnel({ mode: 'manual', url: 'https://hooks.example.com/qd' });
    expect(await webhooks.register('acc-1', false)).toMatchObject({ status: 'registered' });

    await webhooks.setTunnel({ mode: 'cloudflared' });
    await until(async () => reconnected.length > 0);
    expect(reconnected).toEqual(['https://run-1-stand-in.trycloudflare.com']);
    // By then the registration already points at the new URL: nothing is missed after it.
    expect(remote.current?.url.startsWith('https://run-1-stand-in.trycloudflare.com/hooks/')).toBe(true);
    expect(readFileSync(runs, 'utf8').trim()).toBe('1');
  }, 30_000);

  it('asks only when deliveries may have gone elsewhere: not for the first choice, nor for the same address saved again', async () => {
    const { bus, webhooks, remote } = setUp();
    const reconnected: string[] = [];
    bus.subscribe('webhook.reconnected', ({ origin }) => reconnected.push(origin));
    await webhooks.setTunnel({ mode: 'manual', url: 'https://hooks.example.com/qd' });
    expect(await webhooks.register('acc-1', false)).toMatchObject({ status: 'registered' });
    await webhooks.setTunnel({ mode: 'manual', url: 'https://hooks.example.com/qd/' });
    await webhooks.setTunnel({ mode: 'manual', url: 'https://moved.example.com' });
    await until(async () => reconnected.length > 0);
    await webhooks.settled();
    expect(reconnected).toEqual(['https://moved.example.com']);
    expect(remote.current?.url.startsWith('https://moved.example.com/hooks/')).toBe(true);
  });
});

async function until(check: () => Promise<boolean>): Promise<void> {
  for (let attempt = 0; attempt < 1_500; attempt++) {
    if (await check()) return;
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
  throw new Error('timed out');
}


// Demo mode through the whole core: the embedded service delivers over loopback HTTPS to the
// real receiver, the quote is refreshed into the cache, the renderer hears 'inbox.changed'
// without asking, and a change seen by webhook and then by sync is announced once.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createQuotingClient } from '../../../../main/core/api';
import type { BridgeEvent } from '../../../../main/core/bridge/events';
import { createCore } from '../../../../main/core/core';
import type { Core } from '../../../../main/core/core';
import { createSilentLogger } from '../../../../main/core/log';
import { systemClock } from '../../../../main/core/ports';
import type { Simulator } from '../../../../main/simulator';
import { secretName } from '../../../../main/core/webhooks';
import { startDemo } from '../../../../main/simulator/demo';
import type { AccountView, InboxChange, RegisterOutcome, WebhookActivity, WebhookCheck, WebhookDelivery, WebhooksOverview } from '../../../../preload/contract';
import { createMemorySecretStore, createMemorySettingsStore } from '../../../helpers/stores';

const logger = createSilentLogger();
let dataFolder: string;
const secrets = createMemorySecretStore();
let core: Core;
let sim: Simulator;
let account: AccountView;
let companyId: string;
const completed = new Set<string>();
const events: BridgeEvent[] = [];
/** Quotes issued before any registration, so their own deliveries never happen. */
const issued: string[] = [];

async function until(check: () => boolean | Promise<boolean>, what: string): Promise<void> {
  for (let attempt = 0; attempt < 1_500; attempt++) {
    if (await check()) return;
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
  throw new Error(`timed out waiting for ${what}`);
}

async function call<T>(method: string, input?: unknown): Promise<T> {
  const result = await core.dispatcher.dispatch(method, input);
  if (!result.ok) throw new Error(`${method} failed: ${result.error.code} ${result.error.message}`);
  return result.value as T;
}

const slot = () => `${companyId}/api-key`;
const ourDeliveries = () => sim.operator.deliveries().filter((record) => record.slotId === slot());
/** Where the next step's deliveries and activity entries start. */
async function mark(): Promise<{ delivery: number; entry: number }> {
  const activity = await call<WebhookActivity[]>('webhooks.activity', { accountId: account.id, limit: 500 });
  return { delivery: Math.max(0, ...ourDeliveries().map((record) => record.id)), entry: Math.max(0, ...activity.map((entry) => entry.id)) };
}
/** What the service sent us since the mark, and what the receiver shows of it. */
/** The activity view also lists what sync found: these tests are about deliveries. */
const deliveriesOnly = (entries: WebhookActivity[]) => entries.filter((entry): entry is WebhookDelivery => entry.source === 'webhook');

async function since(from: { delivery: number; entry: number }): Promise<{ sent: string[]; received: WebhookDelivery[] }> {
  const activity = await allProcessed();
  return {
    sent: ourDeliveries().filter((record) => record.id > from.delivery).map((record) => record.event).sort(),
    received: activity.filter((entry) => entry.id > from.entry).sort((a, b) => (a.event ?? '').localeCompare(b.event ?? '')),
  };
}
/** This account's notifications about the quote (the internal demo account sees the same quote, and is told on its own). */
const shownAbout = (quoteId: string) =>
  events.filter((event) => event.name === 'notifications.shown' && JSON.stringify(event.payload).includes(quoteId) && JSON.stringify(event.payload).includes(account.id));

/** Waits until every delivery to our slot arrived and each verified one has been processed. */
async function allProcessed(): Promise<WebhookDelivery[]> {
  await until(() => ourDeliveries().every((record) => record.state === 'delivered'), 'the deliveries');
  let activity: WebhookDelivery[] = [];
  await until(async () => {
    activity = deliveriesOnly(await call<WebhookActivity[]>('webhooks.activity', { accountId: account.id, limit: 500 }));
    return activity.filter((entry) => entry.dedupe === 'new').every((entry) => entry.caused !== null);
  }, 'the processing');
  return activity;
}

beforeAll(async () => {
  dataFolder = mkdtempSync(join(tmpdir(), 'qd-core-webhooks-'));
  core = createCore({ settings: createMemorySettingsStore(), secrets, clock: systemClock, logger, host: 'web', version: '0.1.0', paths: { userData: dataFolder } });
  core.bus.subscribe('sync.completed', ({ accountId }) => completed.add(accountId));
  core.hub.subscribe((event) => events.push(event));
  const started = await core.startDemoIfNoAccounts(async () => {
    const demo = await startDemo({ quotes: 20 });
    sim = demo.simulator;
    companyId = sim.credentials.companies[0]!.id;
    for (let index = 0; index < 2; index++) issued.push(sim.operator.issueQuote(sim.operator.createQuote({ companyId }).id).id);
    return demo;
  });
  expect(started).toBe(true);
  const company = sim.credentials.companies[0]!;
  account = (await core.accounts.list()).find((candidate) => candidate.name === company.name)!;
  // The first fill of the cache is no news: the test starts after it.
  await until(() => completed.has(account.id), 'the first sync');
}, 30_000);

afterAll(async () => {
  await core?.close();
  rmSync(dataFolder, { recursive: true, force: true });
});

describe('webhooks and notifications in demo mode, through the core', () => {
  it('registers the demo accounts over the loopback HTTPS tunnel by itself', async () => {
    const overview = await call<WebhooksOverview>('webhooks.status');
    expect(overview.mode).toBe('loopback-https');
    const ours = overview.accounts.find((status) => status.accountId === account.id)!;
    expect(ours).toMatchObject({ state: 'registered', takenOver: false, publicUrl: expect.stringMatching(/^https:\/\/127\.0\.0\.1:\d+\/hooks\//), localUrl: expect.stringMatching(/^http:\/\/127\.0\.0\.1:\d+\/hooks\//) });
    expect(ours.registeredUrl).toBe(ours.publicUrl);
  });

  it('an operator action arrives as a verified event once, refreshes the inbox live, and is announced once even after sync sees it', async () => {
    const quoteId = issued[0]!;
    events.length = 0;
    const from = await mark();
    sim.operator.expireQuote(quoteId);
    const { sent, received } = await since(from);
    expect(sent).toEqual(['quote.status_changed']);
    const about = received.filter((entry) => entry.body?.includes(quoteId));
    expect(about.map((entry) => entry.event)).toEqual(sent);
    for (const entry of about) {
      expect(entry).toMatchObject({ signature: { ok: true }, dedupe: 'new', status: 200 });
      expect(entry.headers['x-webhook-signature']).toBe('(verified)');
    }
    expect(about.map((entry) => entry.caused)).toContainEqual(expect.stringContaining('status'));
    // The activity view follows live: the entry, and again with what it caused.
    const pushed = events.filter((event) => event.name === 'webhooks.activityChanged').map((event) => event.payload as WebhookActivity);
    expect(pushed.filter((entry) => entry.id === about[0]!.id).map((entry) => entry.caused)).toEqual([null, about[0]!.caused]);
    await until(() => events.some((event) => event.name === 'inbox.changed' && (event.payload as { accountIds: string[] }).accountIds.includes(account.id)), 'inbox.changed');
    await until(() => shownAbout(quoteId).length > 0, 'the notification');

    // Sync now sees the same change: no second notification.
    await call('sync.refresh', { accountId: account.id });
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(shownAbout(quoteId), JSON.stringify(shownAbout(quoteId))).toHaveLength(1);
  }, 30_000);

  it('an accept arrives as one verified event and the cache shows it without a refresh', async () => {
    const quoteId = issued[1]!;
    events.length = 0;
    const from = await mark();
    const company = sim.credentials.companies[0]!;
    const client = createQuotingClient({ baseUrl: sim.baseUrl, credentials: { mechanism: 'api-key', apiKey: company.apiKey }, logger });
    try {
      await client.quotes.accept(quoteId);
    } finally {
      await client.close();
    }
    const { sent, received } = await since(from);
    expect(sent).toContain('quote.status_changed');
    // Each delivery once, verified and new: none was a resend.
    expect(received.map((entry) => entry.event)).toEqual(sent);
    expect(received.every((entry) => entry.dedupe === 'new' && entry.signature.ok)).toBe(true);
    expect(received.filter((entry) => entry.event?.startsWith('quote.')).every((entry) => entry.caused?.startsWith('quote refreshed'))).toBe(true);
    await until(() => events.some((event) => event.name === 'inbox.changed' && (event.payload as { accountIds: string[] }).accountIds.includes(account.id)), 'inbox.changed');
    // The cache holds the service's state now (an accepted quote may already be a project), with no sync asked for.
    const detail = await call<{ details: { status: string } | null; version: string | null }>('quotes.detail', { accountId: account.id, quoteId });
    expect(detail.details?.status).toBe(sim.operator.quote(quoteId).status);
    expect(['ACCEPTED', 'CHANGED_TO_PROJECT']).toContain(detail.details?.status);
    // The push named the quote with the version the view now carries: an open view of it at that version reads nothing.
    const named = () => events.flatMap((event) => (event.name === 'inbox.changed' ? (event.payload as InboxChange).quotes ?? [] : [])).filter((quote) => quote.accountId === account.id && quote.quoteId === quoteId);
    await until(() => named().at(-1)?.version === detail.version, 'inbox.changed naming the version shown');
    // The webhook settings hear the overview itself, with this account in it.
    const overviews = () => events.filter((event) => event.name === 'webhooks.changed').map((event) => (event.payload as { overview: WebhooksOverview }).overview);
    await until(() => overviews().some((overview) => overview.accounts.some((each) => each.accountId === account.id)), 'webhooks.changed with the overview');
  }, 30_000);

  it('shows a registration another installation overwrote as taken over, and asks before taking it back', async () => {
    const company = sim.credentials.companies[0]!;
    const other = createQuotingClient({ baseUrl: sim.baseUrl, credentials: { mechanism: 'api-key', apiKey: company.apiKey }, logger });
    try {
      await other.webhooks.register('https://other-installation.example/hooks/elsewhere');
    } finally {
      await other.close();
    }
    events.length = 0;
    await core.reconcile();
    const overview = await call<WebhooksOverview>('webhooks.status');
    expect(overview.accounts.find((status) => status.accountId === account.id)).toMatchObject({ state: 'taken-over', takenOver: true, registeredUrl: 'https://other-installation.example/hooks/elsewhere' });
    expect(events.some((event) => event.name === 'webhooks.changed')).toBe(true);
    expect(await call<RegisterOutcome>('webhooks.register', { accountId: account.id })).toMatchObject({ status: 'needs-confirmation', currentUrl: 'https://other-installation.example/hooks/elsewhere' });
    expect(await call<RegisterOutcome>('webhooks.register', { accountId: account.id, confirm: true })).toMatchObject({ status: 'registered' });
  }, 30_000);

  it('replays a verified delivery on request (the cache already knows it: no change, no second notification)', async () => {
    const activity = deliveriesOnly(await call<WebhookActivity[]>('webhooks.activity', { accountId: account.id, type: 'quote.status_changed', limit: 50 })).filter((entry) => entry.body?.includes(issued[0]!));
    expect(activity).toHaveLength(1);
    const before = shownAbout(issued[0]!).length;
    expect(await call<{ caused: string | null }>('webhooks.replay', { id: activity[0]!.id })).toEqual({ caused: 'quote refreshed: no change (already known)' });
    expect(shownAbout(issued[0]!)).toHaveLength(before);
    expect(await core.dispatcher.dispatch('webhooks.replay', { id: 999_999 })).toMatchObject({ ok: false, error: { code: 'invalid-input' } });
  }, 30_000);

  it('self-tests the delivery path over the loopback HTTPS tunnel: registration read again, public address reached, last real delivery shown', async () => {
    const check = await call<WebhookCheck>('webhooks.check', { accountId: account.id });
    expect(check).toMatchObject({ accountId: account.id, registration: { state: 'registered', problem: null }, publicUrl: { result: 'reached', url: expect.stringMatching(/^https:\/\/127\.0\.0\.1:\d+\/hooks\//) } });
    expect(check.lastVerifiedAt).toEqual(expect.any(Number));
  }, 30_000);

  it('a change no webhook brought is caught up by the sync after resume and shown as recovered', async () => {
    await call('webhooks.unregister', { accountId: account.id });
    const quote = sim.operator.findQuotes({ status: 'SENT', companyId }).find((candidate) => !issued.includes(candidate.id))!;
    sim.operator.cancelQuote(quote.id);
    await core.reconcile();
    const entries = await call<WebhookActivity[]>('webhooks.activity', { accountId: account.id, limit: 500 });
    expect(entries.filter((entry) => entry.source !== 'webhook' && entry.quoteId === quote.id)).toEqual([
      expect.objectContaining({ source: 'recovered', event: 'quote.status', caused: expect.stringContaining('CANCELLED') }),
    ]);
    expect(await call<RegisterOutcome>('webhooks.register', { accountId: account.id })).toMatchObject({ status: 'registered' });
  }, 30_000);

  it('forgets a removed account: no status, no activity, no key', async () => {
    expect((await call<WebhookActivity[]>('webhooks.activity', { accountId: account.id, limit: 10 })).length).toBeGreaterThan(0);
    expect(await secrets.get(secretName(account.id))).not.toBeNull();
    expect(await call('accounts.remove', { id: account.id })).toEqual({ notes: ['Its webhook registration was deleted at the service.'] });
    await until(async () => (await call<WebhookActivity[]>('webhooks.activity', { accountId: account.id, limit: 10 })).length === 0, 'the activity to go');
    expect((await call<WebhooksOverview>('webhooks.status')).accounts.map((status) => status.accountId)).not.toContain(account.id);
    await until(async () => (await secrets.get(secretName(account.id))) === null, 'the webhook secret to go');
  }, 30_000);

  it('leaves the loopback tunnel once a real account replaced the demo ones: no real service gets a loopback URL', async () => {
    const company = sim.credentials.companies[1]!;
    await call('accounts.add', { name: 'Real', environment: 'custom', baseUrl: sim.baseUrl, access: 'client', credentials: { mechanism: 'api-key', apiKey: company.apiKey } });
    for (const demoAccount of (await core.accounts.list()).filter((candidate) => candidate.demo)) await call('accounts.remove', { id: demoAccount.id });
    await until(async () => (await call<WebhooksOverview>('webhooks.status')).mode === 'none', 'the saved choice (none) to take over');
    const overview = await call<WebhooksOverview>('webhooks.status');
    expect(overview.accounts, JSON.stringify(overview.accounts)).toEqual([expect.objectContaining({ mode: "none", publicUrl: null })]);
    expect(await core.dispatcher.dispatch('webhooks.register', { accountId: overview.accounts[0]!.accountId })).toMatchObject({ ok: false, error: { code: 'invalid-state' } });
  }, 30_000);
});

describe('closing in demo mode', () => {
  it('takes the demo accounts\' webhook keys along: none is left in the secret store', async () => {
    const folder = mkdtempSync(join(tmpdir(), 'qd-core-webhooks-close-'));
    const store = createMemorySecretStore();
    const demoCore = createCore({ settings: createMemorySettingsStore(), secrets: store, clock: systemClock, logger, host: 'web', version: '0.1.0', paths: { userData: folder } });
    try {
      expect(await demoCore.startDemoIfNoAccounts(() => startDemo({ quotes: 20 }))).toBe(true);
      await until(async () => (await store.names()).some((name) => name.startsWith('webhook:')), 'a demo registration');
    } finally {
      await demoCore.close();
      rmSync(folder, { recursive: true, force: true });
    }
    expect((await store.names()).filter((name) => name.startsWith('webhook:'))).toEqual([]);
  }, 30_000);
});

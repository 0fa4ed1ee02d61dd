// Two installations sharing one key, end to end: the embedded Quoting Service delivers over
// HTTPS to the relay (which registered itself with the key), the relay stores each event in
// a real nats-server, and two cores (two data folders, the same account) each receive every
// event through their own durable consumer: cache, notifications, Activity "via relay". One
// that was away (closed) catches up on its return, its events marked "caught up".
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { NatsConnection } from '@nats-io/transport-node';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AccountView, TeamRelayView, WebhookActivity, WebhooksOverview } from '../../../../../preload/contract';
import { createQuotingClient } from '../../../../../main/core/api';
import type { ClosableQuotingClient } from '../../../../../main/core/api';
import { createCore } from '../../../../../main/core/core';
import type { Core } from '../../../../../main/core/core';
import { createSilentLogger } from '../../../../../main/core/log';
import { systemClock } from '../../../../../main/core/ports';
import { startRelay } from '../../../../../main/core/webhooks/relay/relay';
import type { Relay } from '../../../../../main/core/webhooks/relay/relay';
import { registerRelay } from '../../../../../main/core/webhooks/relay/self-registration';
import type { WebhookKeyring } from '../../../../../main/core/webhooks/keyring';
import { createLoopbackHttpsTunnel } from '../../../../../main/core/webhooks/tunnels';
import type { LoopbackHttpsTunnel } from '../../../../../main/core/webhooks/tunnels';
import { startSimulator } from '../../../../../main/simulator';
import type { Simulator } from '../../../../../main/simulator';
import { createMemorySecretStore, createMemorySettingsStore } from '../../../../helpers/stores';
import { connect, natsServerMissing, startNatsServer } from './fixtures';
import type { NatsServer } from './fixtures';

const missing = natsServerMissing();
if (missing) console.warn(`skipped: ${missing}`);
const logger = createSilentLogger();

async function until(check: () => boolean | Promise<boolean>, what: string, timeoutMs = 20_000): Promise<void> {
  const end = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

interface Installation {
  core: Core;
  folder: string;
  settings: ReturnType<typeof createMemorySettingsStore>;
  secrets: ReturnType<typeof createMemorySecretStore>;
  account: AccountView;
}

describe.skipIf(missing !== null)('two installations sharing one key through the team relay (embedded service, real nats-server)', { timeout: 90_000 }, () => {
  let sim: Simulator;
  let server: NatsServer;
  let nc: NatsConnection;
  let relay: Relay;
  let tunnel: LoopbackHttpsTunnel;
  let client: ClosableQuotingClient;
  let companyId: string;
  const installations: Installation[] = [];

  async function call<T>(core: Core, method: string, input?: unknown): Promise<T> {
    const result = await core.dispatcher.dispatch(method as never, input as never);
    if (!result.ok) throw new Error(`${method}: ${result.error.message}`);
    return result.value as T;
  }

  async function open(existing?: Installation): Promise<Installation> {
    const folder = existing?.folder ?? mkdtempSync(join(tmpdir(), 'qd-relay-install-'));
    const settings = existing?.settings ?? createMemorySettingsStore();
    const secrets = existing?.secrets ?? createMemorySecretStore();
    const core = createCore({ settings, secrets, clock: systemClock, logger, host: 'web', version: '0.1.0', paths: { userData: folder } });
    const company = sim.credentials.companies[0]!;
    const account = existing?.account ?? (await call<AccountView>(core, 'accounts.add', { name: 'Shared key', environment: 'custom', baseUrl: sim.baseUrl, access: 'client', credentials: { mechanism: 'api-key', apiKey: company.apiKey } }));
    const installation = { core, folder, settings, secrets, account };
    installations.push(installation);
    return installation;
  }

  const viaRelay = async (one: Installation) =>
    (await call<WebhookActivity[]>(one.core, 'webhooks.activity', { accountId: one.account.id, limit: 500 })).filter((entry) => entry.source === 'webhook' && entry.headers['x-quotedesk-via'] === 'team relay');
  const ours = () => sim.operator.deliveries().filter((record) => record.slotId === `${companyId}/api-key`);
  const deliveredEvents = () => ours().filter((record) => record.state === 'delivered');
  /** Until every delivery of an operator action went out (all delivered, none more for a moment). */
  async function settled(moreThan: number): Promise<void> {
    let seen = -1;
    await until(async () => {
      const all = ours();
      const done = all.length > moreThan && all.every((record) => record.state === 'delivered') && all.length === seen;
      seen = all.length;
      if (!done) await new Promise((resolve) => setTimeout(resolve, 250));
      return done;
    }, 'the deliveries to the relay');
  }

  beforeAll(async () => {
    sim = await startSimulator({ seed: 21, quotes: 20, log: () => undefined });
    companyId = sim.credentials.companies[0]!.id;
    server = await startNatsServer();
    nc = await connect(server.url, 'relay');
    let keyring: WebhookKeyring | null = null;
    relay = await startRelay({ nc, stream: { name: 'TEAM', retentionDays: 30, replicas: 1 }, routes: { byPath: (path) => keyring?.byPath(path) ?? null }, clock: systemClock, logger, port: 0 });
    tunnel = createLoopbackHttpsTunnel({ targetPort: relay.port, logger });
    await tunnel.start();
    sim.trustWebhookCa(tunnel.certificate()!);
    client = createQuotingClient({ baseUrl: sim.baseUrl, credentials: { mechanism: 'api-key', apiKey: sim.credentials.companies[0]!.apiKey }, logger });
    const registered = await registerRelay({ account: 'team', publicOrigin: tunnel.publicOrigin()!, client, secrets: createMemorySecretStore(), clock: systemClock, logger, replace: false });
    expect(registered.result.status).toBe('registered');
    keyring = registered.keyring;
  }, 30_000);

  afterAll(async () => {
    for (const one of installations) await one.core.close();
    for (const folder of new Set(installations.map((one) => one.folder))) rmSync(folder, { recursive: true, force: true });
    await tunnel?.stop();
    await relay?.close();
    await nc?.close();
    await client?.close();
    await server?.dispose();
    await sim?.close();
  });

  it('both installations get every event once, as their own account, marked "via relay"; one away catches up on its return', async () => {
    const alice = await open();
    const bob = await open();
    for (const one of [alice, bob]) {
      const view = await call<TeamRelayView>(one.core, 'relay.configure', { url: server.url, user: '', password: '', stream: 'TEAM', accountId: one.account.id, consumer: '' });
      expect(view.state).toBe('connected');
    }
    const quote = sim.operator.createQuote({ companyId });
    sim.operator.issueQuote(quote.id);
    await settled(0);
    const sent = deliveredEvents().map((record) => record.event).sort();
    for (const one of [alice, bob]) {
      await until(async () => (await viaRelay(one)).filter((entry) => entry.caused !== null).length >= sent.length, 'the relayed events');
      const entries = await viaRelay(one);
      expect(entries.map((entry) => entry.event).sort()).toEqual(sent);
      expect(entries.every((entry) => entry.caused?.startsWith('via relay: '))).toBe(true);
      expect(JSON.stringify(entries)).toContain(quote.id);
      // A quote event went through the cache like a local delivery.
      expect(entries.find((entry) => entry.event === 'quote.created')?.caused).toMatch(/^via relay: quote refreshed/);
    }

    // Bob's computer sleeps (the app is closed): the team keeps working.
    await bob.core.close();
    installations.splice(installations.indexOf(bob), 1);
    const before = deliveredEvents().length;
    sim.operator.createQuote({ companyId });
    await settled(before);
    const missed = deliveredEvents().slice(before).map((record) => record.event).sort();
    // Long enough for what Bob missed to count as "caught up" (10 s between storing and receiving).
    await new Promise((resolve) => setTimeout(resolve, 10_500));
    const back = await open(bob);
    await until(async () => (await viaRelay(back)).filter((entry) => entry.caused !== null).length >= sent.length + missed.length, 'the caught-up events');
    const afterReturn = await viaRelay(back);
    const caughtUp = afterReturn.filter((entry) => entry.caused?.startsWith('via relay (caught up): '));
    expect(caughtUp.map((entry) => entry.event).sort()).toEqual(missed);
    // What Bob heard before he closed the app is still listed, "via relay": kept in the event log.
    expect(afterReturn.filter((entry) => entry.caused?.startsWith('via relay: ')).map((entry) => entry.event).sort()).toEqual(sent);
    await until(async () => (await viaRelay(alice)).length >= sent.length + missed.length, 'Alice hearing it at once');
    expect((await viaRelay(alice)).length).toBe(sent.length + missed.length);
  });

  it('the team relay is a choice beside the tunnels: chosen, nothing is registered from here; another way chosen, it is forgotten', async () => {
    const carol = await open();
    const relayed = { url: server.url, user: '', password: '', stream: 'TEAM', accountId: carol.account.id, consumer: '' };
    await call(carol.core, 'webhooks.setTunnel', { mode: 'manual', url: 'https://carol.example.com' });
    expect((await call<TeamRelayView>(carol.core, 'relay.configure', relayed)).state).toBe('connected');
    expect(await call<WebhooksOverview>(carol.core, 'webhooks.status')).toMatchObject({ mode: 'relay', accounts: [{ publicUrl: null }] });
    // Its own URL would take the key's deliveries away from the relay, for the whole team.
    const register = await carol.core.dispatcher.dispatch('webhooks.register', { accountId: carol.account.id, confirm: true });
    expect(register).toMatchObject({ ok: false, error: { code: 'invalid-state', message: expect.stringContaining('team relay') } });
    expect((await client.webhooks.get())?.url.startsWith(tunnel.publicOrigin()!)).toBe(true);

    // Still the choice after a restart.
    await carol.core.close();
    installations.splice(installations.indexOf(carol), 1);
    const again = await open(carol);
    await until(async () => (await call<TeamRelayView>(again.core, 'relay.status')).state === 'connected', 'the relay after a restart');
    expect((await call<WebhooksOverview>(again.core, 'webhooks.status')).mode).toBe('relay');

    // Another way chosen: the relay stops, its server and password leave this computer.
    expect((await call<WebhooksOverview>(again.core, 'webhooks.setTunnel', { mode: 'none' })).mode).toBe('none');
    expect((await call<TeamRelayView>(again.core, 'relay.status')).state).toBe('off');
    expect(await again.secrets.get('relay:team')).toBeNull();
  });

  it('a relay saved but never chosen (a crash between the two) is forgotten at start', async () => {
    const dave = await open();
    await dave.core.close();
    installations.splice(installations.indexOf(dave), 1);
    await dave.secrets.set('relay:team', JSON.stringify({ url: server.url, auth: { kind: 'none' }, stream: 'TEAM', accountId: dave.account.id }));
    const again = await open(dave);
    expect((await call<WebhooksOverview>(again.core, 'webhooks.status')).mode).toBe('none');
    await until(async () => (await again.secrets.get('relay:team')) === null, 'the unchosen relay forgotten');
    expect((await call<TeamRelayView>(again.core, 'relay.status')).state).toBe('off');
  });
});

// The app as a team relay subscriber, against a real nats-server and an in-process relay.
import { connect as connectTcp, createServer } from 'node:net';
import type { AddressInfo, Socket } from 'node:net';
import type { NatsConnection } from '@nats-io/transport-node';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { setLocale } from '../../../../../i18n/paraglide/runtime.js';
import { createSilentLogger } from '../../../../../main/core/log';
import { createMemorySecretStore, createMemorySettingsStore } from '../../../../../main/core/settings-and-secrets';
import { systemClock } from '../../../../../main/core/ports';
import { connectToRelayServer } from '../../../../../main/core/webhooks/relay/connection';
import { startRelay } from '../../../../../main/core/webhooks/relay/relay';
import type { Relay } from '../../../../../main/core/webhooks/relay/relay';
import { CONSUMER_SETTING, createTeamRelay, TEAM_RELAY_SECRET } from '../../../../../main/core/webhooks/relay/team-relay';
import type { TeamRelay, TeamRelayConfig, TeamRelayStatus } from '../../../../../main/core/webhooks/relay/team-relay';
import type { ReceivedWebhook } from '../../../../../main/core/webhooks/events';
import { ANY_PATH, natsServerMissing, post, quoteEvent, signed, startNatsServer } from './fixtures';
import type { NatsServer } from './fixtures';

const missing = natsServerMissing();
if (missing) console.warn(`skipped: ${missing}`);

/** A TCP proxy to the server whose open connections can be made to swallow everything, as after a sleep (nothing closes them). */
async function startDeadableProxy(targetPort: number): Promise<{ url: string; killSilently(): void; close(): Promise<void> }> {
  const live = new Set<{ dead: boolean; sockets: Socket[] }>();
  const proxy = createServer((client) => {
    const upstream = connectTcp(targetPort, '127.0.0.1');
    const link = { dead: false, sockets: [client, upstream] };
    live.add(link);
    client.on('data', (chunk) => link.dead || upstream.write(chunk));
    upstream.on('data', (chunk) => link.dead || client.write(chunk));
    const end = () => {
      client.destroy();
      upstream.destroy();
      live.delete(link);
    };
    client.on('close', end).on('error', end);
    upstream.on('close', end).on('error', end);
  });
  await new Promise<void>((resolve) => proxy.listen(0, '127.0.0.1', resolve));
  return {
    url: `nats://127.0.0.1:${(proxy.address() as AddressInfo).port}`,
    killSilently: () => {
      for (const link of live) link.dead = true;
    },
    close: async () => {
      for (const link of live) for (const socket of link.sockets) socket.destroy();
      await new Promise<void>((resolve) => proxy.close(() => resolve()));
    },
  };
}

async function until(check: () => boolean, what: string, timeoutMs = 10_000): Promise<void> {
  const end = Date.now() + timeoutMs;
  while (!check()) {
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

describe.skipIf(missing !== null)('the app as a team relay subscriber (real nats-server)', () => {
  let server: NatsServer;
  let nc: NatsConnection;
  let relay: Relay;
  let url: string;
  const opened: TeamRelay[] = [];

  beforeAll(async () => {
    server = await startNatsServer({ config: 'authorization { users = [ { user: alice, password: "alice-password-1" }, { user: relay, password: "relay-password-1" } ] }' });
    nc = await connectWith(server.url);
    relay = await startRelay({ nc, stream: { name: 'TEAM', retentionDays: 30, replicas: 1 }, routes: ANY_PATH, clock: systemClock, logger: createSilentLogger(), port: 0 });
    url = `http://127.0.0.1:${relay.port}/hooks/any`;
  });
  afterAll(async () => {
    await relay?.close();
    await nc?.close();
    await server?.dispose();
  });
  afterEach(async () => {
    await Promise.all(opened.splice(0).map((team) => team.close()));
  });

  async function connectWith(natsUrl: string): Promise<NatsConnection> {
    return connectToRelayServer({ url: natsUrl, auth: { kind: 'user', user: 'relay', password: 'relay-password-1' } }, { name: 'test-relay', logger: createSilentLogger() });
  }

  const config = (): TeamRelayConfig => ({ url: server.url, auth: { kind: 'user', user: 'alice', password: 'alice-password-1' }, stream: 'TEAM', accountId: 'acct-team' });

  function installation(options: { fail?: (event: ReceivedWebhook) => boolean; failRecord?: (event: ReceivedWebhook) => boolean; ackWaitMs?: number; settings?: ReturnType<typeof createMemorySettingsStore>; secrets?: ReturnType<typeof createMemorySecretStore> } = {}) {
    const processed: ReceivedWebhook[] = [];
    const marked: string[] = [];
    const statuses: TeamRelayStatus[] = [];
    const settings = options.settings ?? createMemorySettingsStore();
    const secrets = options.secrets ?? createMemorySecretStore();
    const team = createTeamRelay({
      secrets,
      settings,
      clock: systemClock,
      logger: createSilentLogger(),
      retryMs: 100,
      retryEventMs: 50,
      caughtUpAfterMs: 500,
      ackWaitMs: options.ackWaitMs,
      process: (event) => {
        if (options.fail?.(event)) throw new Error('the cache could not store it');
        processed.push(event);
        return 'quote refreshed: status SENT -> ACCEPTED';
      },
      // The activity entry, written to the event log before the ack: a failed write (a full disk) rejects.
      onProcessed: async (event, caused) => {
        if (options.failRecord?.(event)) throw new Error('the event log could not be written');
        marked.push(caused);
      },
      onStatus: (status) => statuses.push(status),
    });
    opened.push(team);
    return { team, processed, marked, statuses, settings, secrets };
  }

  const send = async (indexes: number[]) => {
    for (const index of indexes) expect((await post(url, quoteEvent(index), signed(quoteEvent(index)))).status).toBe(200);
  };
  const entityIds = (events: ReceivedWebhook[]) => events.map((event) => event.data.entityId);

  it('two installations each process every relayed event once, as the configured account, marked "via relay"', async () => {
    const first = installation();
    const second = installation();
    expect((await first.team.configure(config())).state).toBe('connected');
    expect((await second.team.configure(config())).state).toBe('connected');
    expect(first.team.status().consumer).not.toBe(second.team.status().consumer);
    await send([1, 2, 3]);
    await until(() => first.processed.length >= 3 && second.processed.length >= 3, 'both installations');
    await new Promise((resolve) => setTimeout(resolve, 200));
    for (const one of [first, second]) {
      expect(entityIds(one.processed)).toEqual(['q-00001', 'q-00002', 'q-00003']);
      expect(one.processed.every((event) => event.accountId === 'acct-team')).toBe(true);
      expect(one.marked).toEqual(Array(3).fill('via relay: quote refreshed: status SENT -> ACCEPTED'));
    }
  });

  it('keeps the server and its credentials in the secret store, never in the settings', async () => {
    const one = installation();
    await one.team.configure(config());
    expect(await one.secrets.get(TEAM_RELAY_SECRET)).toContain('alice-password-1');
    const settings = JSON.stringify(one.settings.get(CONSUMER_SETTING));
    expect(settings).not.toContain('alice-password-1');
    expect(JSON.stringify(one.team.status())).not.toContain('alice-password-1');
  });

  it('acknowledges only processed events: one whose processing failed comes again', async () => {
    let attempts = 0;
    const one = installation({ fail: (event) => event.data.entityId === 'q-00011' && ++attempts <= 2 });
    await one.team.configure(config());
    await send([10, 11, 12]);
    await until(() => one.processed.length >= 3, 'the failed event again');
    expect(attempts).toBe(3);
    expect(entityIds(one.processed).sort()).toEqual(['q-00010', 'q-00011', 'q-00012']);
  });

  it('acknowledges an event only once its Activity entry is written: one whose entry could not be written comes again', async () => {
    let attempts = 0;
    const one = installation({ failRecord: (event) => event.data.entityId === 'q-00041' && ++attempts <= 2 });
    await one.team.configure(config());
    await send([40, 41, 42]);
    await until(() => one.marked.length >= 3, 'the entry written at last');
    expect(attempts).toBe(3);
    expect(one.marked).toHaveLength(3);
  });

  it('resumes where it stopped after sleep (closed, then started again): what it missed is processed once, marked "caught up"', async () => {
    const settings = createMemorySettingsStore();
    const secrets = createMemorySecretStore();
    const before = installation({ settings, secrets });
    await before.team.configure(config());
    await send([20]);
    await until(() => before.processed.length >= 1, 'the first event');
    await before.team.close();
    await send([21, 22]);
    await new Promise((resolve) => setTimeout(resolve, 700));
    // Started again from the saved settings (the app after a restart or a long sleep).
    const after = installation({ settings, secrets });
    await until(() => after.team.status().state === 'connected', 'the saved relay');
    await until(() => after.processed.length >= 2, 'the missed events');
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(entityIds(after.processed)).toEqual(['q-00021', 'q-00022']);
    expect(after.marked.every((caused) => caused.startsWith('via relay (caught up): '))).toBe(true);
  });

  it('says when the server cannot be reached, and connects again when it is back', async () => {
    const spare = await startNatsServer({ config: 'authorization { users = [ { user: alice, password: "alice-password-1" }, { user: relay, password: "relay-password-1" } ] }' });
    const spareNc = await connectWith(spare.url);
    const spareRelay = await startRelay({ nc: spareNc, stream: { name: 'TEAM', retentionDays: 30, replicas: 1 }, routes: ANY_PATH, clock: systemClock, logger: createSilentLogger(), port: 0 });
    try {
      const one = installation();
      await one.team.configure({ ...config(), url: spare.url });
      await spare.stop();
      await until(() => one.team.status().state === 'unreachable', 'unreachable');
      expect(one.team.status().problem).toContain('cannot be reached');
      expect(one.team.status().problem).toContain('sync keeps the inbox up to date');
      expect(one.team.status().problem).not.toContain('alice-password-1');
      await spare.restart();
      await until(() => one.team.status().state === 'connected', 'connected again', 15_000);
    } finally {
      await spareRelay.close();
      await spareNc.close();
      await spare.dispose();
    }
  });

  it('after sleep, a connection that looks open but is dead is replaced at once, and what was sent meanwhile arrives', async () => {
    const proxy = await startDeadableProxy(server.port);
    try {
      // Events the server handed to the dead connection come again after the ack wait (30 s in the app).
      const one = installation({ ackWaitMs: 1_500 });
      await one.team.configure({ ...config(), url: proxy.url });
      await send([31]);
      await until(() => one.processed.length >= 1, 'the first event');
      // The laptop sleeps: its connection's packets go nowhere, and nothing closes it.
      proxy.killSilently();
      await send([32, 33]);
      await new Promise((resolve) => setTimeout(resolve, 300));
      expect(entityIds(one.processed)).toEqual(['q-00031']);
      await one.team.resumed();
      await until(() => one.processed.length >= 3, 'the events sent during sleep', 10_000);
      await new Promise((resolve) => setTimeout(resolve, 2_000));
      // The first one's ack may have died with the connection: it comes again and is not processed twice.
      expect(entityIds(one.processed)).toEqual(['q-00031', 'q-00032', 'q-00033']);
    } finally {
      await proxy.close();
    }
  });

  it('tests a relay in plain words without saving it', async () => {
    const one = installation();
    expect(await one.team.test(config())).toEqual({ ok: true, message: "Connected: the team relay's stream TEAM is there." });
    const wrong = await one.team.test({ ...config(), auth: { kind: 'user', user: 'alice', password: 'wrong' } });
    expect(wrong).toMatchObject({ ok: false });
    expect(wrong.message).toContain('refused these credentials');
    expect(await one.secrets.get(TEAM_RELAY_SECRET)).toBeNull();
    const closedPort = await startNatsServer();
    const closedUrl = closedPort.url;
    await closedPort.dispose();
    expect((await one.team.test({ ...config(), url: closedUrl })).message).toContain('cannot be reached');
  });

  it("answers a test in the main process's language", async () => {
    const one = installation();
    const closedPort = await startNatsServer();
    const closedUrl = closedPort.url;
    await closedPort.dispose();
    setLocale('es', { reload: false });
    try {
      expect(await one.team.test(config())).toEqual({ ok: true, message: 'Conectado: el flujo TEAM del relé del equipo existe.' });
      expect((await one.team.test({ ...config(), url: closedUrl })).message).toMatch(/^No se puede acceder al servidor del relé del equipo en /);
    } finally {
      setLocale('en', { reload: false });
    }
  });
});

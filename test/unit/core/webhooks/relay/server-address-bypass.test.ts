// The audit's repro (issue #31): the loopback check read the address as a URL (host
// 127.0.0.1), while the NATS client dials whatever follows the last "://", so
// nats://127.0.0.1/x://OTHER:4222 (or "#://", "?://") logged in, in clear text, to OTHER; and a
// loopback server in a cluster gossiped a peer the client moved to, without TLS, when the
// loopback one died. OTHER is a real second nats-server on 127.0.0.2 (all of 127.0.0.0/8 is
// loopback on Linux), standing for another computer; its monitoring port counts who came.
import type { NatsConnection } from '@nats-io/transport-node';
import { afterEach, describe, expect, it } from 'vitest';
import { AppError } from '../../../../../main/core/errors';
import { createRelayHandlers } from '../../../../../main/core/webhooks/relay/bridge';
import { createSilentLogger } from '../../../../../main/core/log';
import { systemClock } from '../../../../../main/core/ports';
import { connectToRelayServer, parseServerUrls, RelayConfigError } from '../../../../../main/core/webhooks/relay/connection';
import { createTeamRelay } from '../../../../../main/core/webhooks/relay/team-relay';
import { createMemorySecretStore, createMemorySettingsStore } from '../../../../../main/core/settings-and-secrets';
import { freePort, natsServerMissing, startNatsServer } from '../../../../helpers/nats-server';
import type { NatsServer } from '../../../../helpers/nats-server';

const missing = natsServerMissing();
if (missing) console.warn(`skipped: ${missing}`);

const USER = 'alice';
const PASSWORD = 'alice-password-1';
const AUTH = `authorization { user: ${USER}, password: ${PASSWORD} }`;

interface Watched {
  server: NatsServer;
  hostPort: string;
  /** Client connections the server has accepted since it started (routes aside). */
  clientsSeen(): Promise<number>;
}

async function watchedServer(host: string, extra = ''): Promise<Watched> {
  const monitor = await freePort(host);
  const server = await startNatsServer({ host, jetstream: false, config: `http: "${host}:${monitor}"\n${AUTH}\n${extra}` });
  return {
    server,
    hostPort: `${host}:${server.port}`,
    clientsSeen: async () => ((await (await fetch(`http://${host}:${monitor}/varz`)).json()) as { total_connections: number }).total_connections,
  };
}

const bypasses = (target: string) => [`nats://127.0.0.1/x://${target}`, `nats://127.0.0.1#://${target}`, `nats://127.0.0.1?://${target}`];

describe('the relay server address: what is checked is what is dialled', () => {
  it('refuses, in words, an address with a path, query, fragment, user name or second scheme', () => {
    for (const address of bypasses('10.0.0.5:4222')) expect(() => parseServerUrls(address), address).toThrow(/after the server: give only the scheme, host and port/);
    expect(() => parseServerUrls('nats://127.0.0.1:4222/x://10.0.0.5:4222')).toThrow(/a second ":\/\/"/);
    expect(() => parseServerUrls('tls://nats.example.com:4222/path')).toThrow(/has a path/);
    expect(() => parseServerUrls('tls://nats.example.com:4222?x=1')).toThrow(/has a query/);
    expect(() => parseServerUrls('tls://nats.example.com:4222#top')).toThrow(/has a fragment/);
    expect(() => parseServerUrls('nats://bob:pw@127.0.0.1:4222')).toThrow(/remove the user name or password/);
  });

  it('hands the client only the scheme, host and port it checked', () => {
    expect(parseServerUrls('nats://127.0.0.1:4222/, tls://[::1]:4443, tls://nats.example.com').servers).toEqual(['nats://127.0.0.1:4222', 'tls://[::1]:4443', 'tls://nats.example.com']);
  });
});

describe.skipIf(missing !== null)('the bypass addresses against a real second server (nats-server on 127.0.0.2)', () => {
  const cleanups: Array<() => Promise<unknown>> = [];
  afterEach(async () => {
    for (const cleanup of cleanups.splice(0).reverse()) await cleanup().catch(() => undefined);
  });

  it('never reach the other server, from `listen --relay` / `quotedesk relay` (connectToRelayServer) or the app relay test', { timeout: 20_000 }, async () => {
    const other = await watchedServer('127.0.0.2');
    cleanups.push(() => other.server.dispose());
    // The other server takes these credentials: a connection that got there would log in.
    const proof = await connectToRelayServer({ url: `nats://${other.hostPort}`, auth: { kind: 'user', user: USER, password: PASSWORD } }, { name: 'proof', logger: createSilentLogger() });
    await proof.close();
    const before = await other.clientsSeen();
    expect(before).toBe(1);

    const relay = createTeamRelay({ secrets: createMemorySecretStore(), settings: createMemorySettingsStore(), clock: systemClock, logger: createSilentLogger(), process: () => 'nothing' });
    cleanups.push(() => relay.close());
    const handlers = createRelayHandlers(relay, { get: async (id: string) => ({ id }) } as never, { useRelay: async () => ({}) as never });

    for (const address of bypasses(other.hostPort)) {
      const connecting = connectToRelayServer({ url: address, auth: { kind: 'user', user: USER, password: PASSWORD } }, { name: 'bypass', logger: createSilentLogger(), timeoutMs: 2_000 });
      await expect(connecting, address).rejects.toThrow(RelayConfigError);
      await expect(connecting).rejects.toThrow(/after the server/);
      const tested = await handlers['relay.test']({ useTeamServer: false, url: address, user: USER, password: PASSWORD, stream: 'QUOTEDESK', accountId: 'acct-1', consumer: '' }).catch((error: unknown) => error);
      expect(tested, address).toBeInstanceOf(AppError);
      expect(tested).toMatchObject({ code: 'invalid-input', message: expect.stringContaining('after the server') as string });
    }
    expect(await other.clientsSeen()).toBe(before);
  });

  it('a plain loopback connection does not follow a cluster peer its server names when that server goes', { timeout: 30_000 }, async () => {
    const [routeA, routeB] = [await freePort('127.0.0.1'), await freePort('127.0.0.2')];
    const cluster = (own: string, peer: string) => `cluster { name: quotedesk-test, listen: "${own}", routes: ["nats-route://${peer}"] }`;
    const near = await watchedServer('127.0.0.1', cluster(`127.0.0.1:${routeA}`, `127.0.0.2:${routeB}`));
    cleanups.push(() => near.server.dispose());
    const far = await watchedServer('127.0.0.2', cluster(`127.0.0.2:${routeB}`, `127.0.0.1:${routeA}`));
    cleanups.push(() => far.server.dispose());

    let nc: NatsConnection | null = null;
    cleanups.push(async () => nc?.close());
    // Connect once the route is up, so the first INFO already names the peer.
    const deadline = Date.now() + 10_000;
    for (;;) {
      nc = await connectToRelayServer({ url: near.server.url, auth: { kind: 'user', user: USER, password: PASSWORD } }, { name: 'gossip', logger: createSilentLogger() });
      if (nc.info?.connect_urls?.includes(far.hostPort)) break;
      await nc.close();
      if (Date.now() > deadline) throw new Error('the two servers did not form a cluster within 10 s');
      await new Promise((resolve) => setTimeout(resolve, 200));
    }

    await near.server.stop();
    // The client retries every second: a client following the gossip is there within this.
    const watchUntil = Date.now() + 4_000;
    while (Date.now() < watchUntil) {
      expect(await far.clientsSeen()).toBe(0);
      await new Promise((resolve) => setTimeout(resolve, 250));
    }
    expect(nc.isClosed()).toBe(false);
  });
});

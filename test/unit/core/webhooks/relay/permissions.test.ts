// The per-user permissions of docs/relay.md, run as written against a real nats-server: the
// relay publishes, teammates read through their own consumer only and can never publish.
import { readFileSync } from 'node:fs';
import { jetstream } from '@nats-io/jetstream';
import type { NatsConnection } from '@nats-io/transport-node';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSilentLogger } from '../../../../../main/core/log';
import { systemClock } from '../../../../../main/core/ports';
import { connectToRelayServer } from '../../../../../main/core/webhooks/relay/connection';
import { startRelay } from '../../../../../main/core/webhooks/relay/relay';
import type { Relay } from '../../../../../main/core/webhooks/relay/relay';
import { subscribeToRelay } from '../../../../../main/core/webhooks/relay/subscriber';
import type { RelayedEvent } from '../../../../../main/core/webhooks/relay/subscriber';
import { ANY_PATH, natsServerMissing, post, quoteEvent, signed, startNatsServer } from './fixtures';
import type { NatsServer } from './fixtures';

const missing = natsServerMissing();
if (missing) console.warn(`skipped: ${missing}`);

/** The ```conf block between the permissions markers of docs/relay.md. */
function documentedPermissions(): string {
  const doc = readFileSync(new URL('../../../../../docs/relay.md', import.meta.url), 'utf8');
  const block = /<!-- permissions:start -->\s*```conf\n([\s\S]*?)```\s*<!-- permissions:end -->/.exec(doc)?.[1];
  if (!block) throw new Error('docs/relay.md lost its permissions block');
  return block;
}

describe.skipIf(missing !== null)('the documented NATS permissions (real nats-server)', () => {
  let server: NatsServer;
  let relayNc: NatsConnection;
  let relay: Relay;
  const connections: NatsConnection[] = [];
  const as = async (user: string, password: string) => {
    const nc = await connectToRelayServer({ url: server.url, auth: { kind: 'user', user, password } }, { name: user, logger: createSilentLogger() });
    connections.push(nc);
    return nc;
  };

  beforeAll(async () => {
    server = await startNatsServer({ config: documentedPermissions() });
    relayNc = await as('relay', 'change-me-relay');
    relay = await startRelay({ nc: relayNc, stream: { name: 'QUOTEDESK', retentionDays: 30, replicas: 1 }, routes: ANY_PATH, clock: systemClock, logger: createSilentLogger(), port: 0 });
  });
  afterAll(async () => {
    await relay?.close();
    await Promise.all(connections.map((nc) => nc.close()));
    await server?.dispose();
  });

  it('lets the relay create the stream and publish, and each teammate read every event through their own consumer', async () => {
    const seen: Record<string, RelayedEvent[]> = { alice: [], bob: [] };
    for (const user of ['alice', 'bob']) {
      const nc = await as(user, `change-me-${user}`);
      await subscribeToRelay({ nc, stream: 'QUOTEDESK', consumer: user, logger: createSilentLogger(), handle: (event) => void seen[user]!.push(event) });
    }
    const url = `http://127.0.0.1:${relay.port}/hooks/any`;
    for (const index of [1, 2]) expect((await post(url, quoteEvent(index), signed(quoteEvent(index)))).status).toBe(200);
    const until = Date.now() + 10_000;
    while ((seen.alice!.length < 2 || seen.bob!.length < 2) && Date.now() < until) await new Promise((resolve) => setTimeout(resolve, 20));
    expect(seen.alice!.map((event) => event.data.entityId)).toEqual(['q-00001', 'q-00002']);
    expect(seen.bob!.map((event) => event.data.entityId)).toEqual(['q-00001', 'q-00002']);
  });

  it('refuses a teammate publishing into the stream, or reading through someone else\'s consumer', async () => {
    const alice = await as('alice', 'change-me-alice');
    await expect(jetstream(alice).publish('QUOTEDESK.11111111-1111-4111-8111-111111111111.quote.status_changed', quoteEvent(3), { timeout: 1_000 })).rejects.toThrow();
    await expect(subscribeToRelay({ nc: alice, stream: 'QUOTEDESK', consumer: 'bob', logger: createSilentLogger(), handle: () => undefined })).rejects.toThrow();
  });
});

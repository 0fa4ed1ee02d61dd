// The subscriber's acknowledgements, sent once an event is handled without holding back the
// next event (see subscriber.ts): none is lost, even with the connection closed right after
// stop(), so nothing is delivered again.
import { jetstream, jetstreamManager } from '@nats-io/jetstream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSilentLogger } from '../../../../../main/core/log';
import { ensureStream } from '../../../../../main/core/webhooks/relay/stream';
import { subscribeToRelay } from '../../../../../main/core/webhooks/relay/subscriber';
import { connect, natsServerMissing, quoteEvent, startNatsServer } from './fixtures';
import type { NatsServer } from './fixtures';

const missing = natsServerMissing();
if (missing) console.warn(`skipped: ${missing}`);

describe.skipIf(missing !== null)('a relay subscription (real nats-server)', () => {
  let server: NatsServer;
  beforeAll(async () => {
    server = await startNatsServer();
  });
  afterAll(async () => {
    await server?.dispose();
  });

  it('acknowledges every handled event: none is left pending or redelivered after stop() and a close at once', async () => {
    const setup = await connect(server.url, 'setup');
    await ensureStream(setup, { name: 'SUB1', retentionDays: 1, replicas: 1 });
    const nc = await connect(server.url, 'subscriber');
    const handled: number[] = [];
    let all!: () => void;
    const allHandled = new Promise<void>((resolve) => (all = resolve));
    const subscription = await subscribeToRelay({
      nc,
      stream: 'SUB1',
      consumer: 'erin',
      logger: createSilentLogger(),
      handle: (event) => {
        handled.push(event.seq);
        if (handled.length === 200) all();
      },
    });
    const js = jetstream(setup);
    for (let index = 0; index < 200; index++) await js.publish(`SUB1.c.quote.status_changed`, quoteEvent(index), { msgID: `m-${index}` });
    await allHandled;
    await subscription.stop();
    await nc.close();
    expect(handled).toHaveLength(200);
    expect(await (await jetstreamManager(setup)).consumers.info('SUB1', 'erin')).toMatchObject({ num_ack_pending: 0, num_pending: 0, num_redelivered: 0 });
    await setup.close();
  });
});

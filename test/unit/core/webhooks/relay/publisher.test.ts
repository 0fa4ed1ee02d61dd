// The relay's store step against a real nats-server: a 2xx only once JetStream stored the
// event, once per raw body, nothing for a forged delivery, the stream made when missing.
import { jetstreamManager } from '@nats-io/jetstream';
import { nanos } from '@nats-io/transport-node';
import type { NatsConnection } from '@nats-io/transport-node';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createSilentLogger } from '../../../../../main/core/log';
import { systemClock } from '../../../../../main/core/ports';
import { startRelay } from '../../../../../main/core/webhooks/relay/relay';
import type { PublishedEvent, Relay } from '../../../../../main/core/webhooks/relay/relay';
import { deliveryKey } from '../../../../../main/core/webhooks/event-log';
import { ANY_PATH, COMPANY, connect, natsServerMissing, post, quoteEvent, signed, startNatsServer, streamMessages } from './fixtures';
import type { NatsServer } from './fixtures';

const missing = natsServerMissing();
if (missing) console.warn(`skipped: ${missing}`);

describe.skipIf(missing !== null)('relay publisher (real nats-server)', () => {
  let server: NatsServer;
  let nc: NatsConnection;
  let relay: Relay | null = null;
  let streamIndex = 0;

  beforeAll(async () => {
    server = await startNatsServer();
    nc = await connect(server.url);
  });
  afterAll(async () => {
    await nc?.close();
    await server?.dispose();
  });
  afterEach(async () => {
    await relay?.close();
    relay = null;
  });

  async function start(options: { retentionDays?: number; stream?: string } = {}) {
    const name = options.stream ?? `T${++streamIndex}`;
    const published: PublishedEvent[] = [];
    relay = await startRelay({ nc, stream: { name, retentionDays: options.retentionDays ?? 30, replicas: 1 }, routes: ANY_PATH, clock: systemClock, logger: createSilentLogger(), port: 0, publishTimeoutMs: 1_000, onPublished: (event) => published.push(event) });
    return { name, published, url: `http://127.0.0.1:${relay.port}/hooks/any` };
  }

  it('creates the stream when missing, with 30 days of retention and one subject per company and event', async () => {
    const { name, url } = await start();
    expect(relay!.createdStream).toBe(true);
    const body = quoteEvent(1);
    expect((await post(url, body, signed(body))).status).toBe(200);
    const jsm = await jetstreamManager(nc);
    const info = await jsm.streams.info(name);
    expect(info.config.max_age).toBe(nanos(30 * 24 * 3600_000));
    expect(info.config.subjects).toEqual([`${name}.>`]);
    const stored = await jsm.streams.getMessage(name, { seq: 1 });
    expect(stored?.subject).toBe(`${name}.${COMPANY}.quote.status_changed`);
    expect(Buffer.from(stored!.data).toString()).toBe(body);
    // The message id is the receiver's dedupe key of the raw body, under the relay's one scope.
    expect(stored?.header.get('Nats-Msg-Id')).toBe(deliveryKey('relay', Buffer.from(body)));
  });

  it('stores a delivery resent by the service once, and a resend after a relay restart once too', async () => {
    const { name, url, published } = await start();
    const body = quoteEvent(2);
    expect((await post(url, body, signed(body))).status).toBe(200);
    const again = await post(url, body, signed(body));
    expect(again.status).toBe(200);
    expect(JSON.parse(again.body)).toMatchObject({ duplicate: true });
    await relay!.close();
    // A new relay process knows nothing: JetStream's message-id window answers for it.
    const second = await start({ stream: name });
    expect(relay!.createdStream).toBe(false);
    expect((await post(second.url, body, signed(body))).status).toBe(200);
    await relay!.receiver.idle();
    expect(await streamMessages(nc, name)).toBe(1);
    expect(published).toHaveLength(1);
    expect(second.published).toMatchObject([{ duplicate: true }]);
  });

  it('refuses forged and unsigned deliveries before anything reaches the stream', async () => {
    const { name, url } = await start();
    const body = quoteEvent(3);
    expect((await post(url, body, signed(body, 'not the secret'))).status).toBe(401);
    expect((await post(url, body, { 'content-type': 'application/json' })).status).toBe(401);
    expect((await post(url, '{"not":"an envelope"}', signed('{"not":"an envelope"}'))).status).toBe(400);
    expect(await streamMessages(nc, name)).toBe(0);
  });

  it('keeps the retention in step with the setting on an existing stream', async () => {
    const { name } = await start({ retentionDays: 30 });
    await relay!.close();
    await start({ stream: name, retentionDays: 7 });
    expect((await (await jetstreamManager(nc)).streams.info(name)).config.max_age).toBe(nanos(7 * 24 * 3600_000));
  });
});

describe.skipIf(missing !== null)('relay publisher when the server goes away', () => {
  it('answers 503 (never a 2xx) while JetStream cannot store, and stores the service\'s retry once it can', async () => {
    const server = await startNatsServer();
    const nc = await connect(server.url);
    const relay = await startRelay({ nc, stream: { name: 'DOWN', retentionDays: 30, replicas: 1 }, routes: ANY_PATH, clock: systemClock, logger: createSilentLogger(), port: 0, publishTimeoutMs: 500 });
    try {
      const url = `http://127.0.0.1:${relay.port}/hooks/any`;
      await server.stop();
      const body = quoteEvent(4);
      expect((await post(url, body, signed(body))).status).toBe(503);
      await server.restart();
      // The client reconnects by itself (every second); the service's retries keep coming.
      let status = 0;
      for (let attempt = 0; attempt < 50 && status !== 200; attempt++) {
        status = (await post(url, body, signed(body))).status;
        if (status !== 200) await new Promise((resolve) => setTimeout(resolve, 200));
      }
      expect(status).toBe(200);
      expect(await streamMessages(nc, 'DOWN')).toBe(1);
    } finally {
      await relay.close();
      await nc.close();
      await server.dispose();
    }
  });
});

// The audit's repro (issue #31): a signed delivery whose event type held CR/LF was answered
// 500 by the relay (NATS refuses such a header value), every retry too, and the event was lost,
// though the app and `listen` take it. Through a real nats-server: every signed delivery is
// stored, and its body and event type are read back as they were sent.
import { jetstreamManager } from '@nats-io/jetstream';
import type { NatsConnection } from '@nats-io/transport-node';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSilentLogger } from '../../../../../main/core/log';
import { systemClock } from '../../../../../main/core/ports';
import { decodeHeaderValue, encodeHeaderValue, readRelayHeaders } from '../../../../../main/core/webhooks/relay/headers';
import { startRelay } from '../../../../../main/core/webhooks/relay/relay';
import { subscribeToRelay } from '../../../../../main/core/webhooks/relay/subscriber';
import type { RelayedEvent } from '../../../../../main/core/webhooks/relay/subscriber';
import { ANY_PATH, connect, envelope, natsServerMissing, post, signed, startNatsServer } from './fixtures';
import type { NatsServer } from './fixtures';

const missing = natsServerMissing();
if (missing) console.warn(`skipped: ${missing}`);

/** Event types a sender might put in a signed envelope that a NATS header cannot hold as they are. */
const AWKWARD_EVENTS = ['quote.status_changed\r\nX-Injected: 1', 'line\nfeed', 'carriage\rreturn', '  padded  ', 'quote.révisé ✓', 'b64u:looks-encoded', 'tab\tinside'];

describe('relay header values', () => {
  it('come back as they were, and plain event types are stored as they are', () => {
    for (const value of [...AWKWARD_EVENTS, '', 'quote.status_changed', '1764300000000']) expect(decodeHeaderValue(encodeHeaderValue(value))).toBe(value);
    expect(encodeHeaderValue('quote.status_changed')).toBe('quote.status_changed');
    for (const value of AWKWARD_EVENTS) expect(encodeHeaderValue(value)).toMatch(/^b64u:[A-Za-z0-9_-]*$/);
  });
});

describe.skipIf(missing !== null)('a signed delivery with any event type, through the relay (real nats-server)', () => {
  let server: NatsServer;
  let nc: NatsConnection;
  beforeAll(async () => {
    server = await startNatsServer();
    nc = await connect(server.url);
  });
  afterAll(async () => {
    await nc?.close();
    await server?.dispose();
  });

  it('is stored (200, not 500) and read back byte-identical by a subscriber', { timeout: 20_000 }, async () => {
    const stream = 'HEADERS';
    const relay = await startRelay({ nc, stream: { name: stream, retentionDays: 1, replicas: 1 }, routes: ANY_PATH, clock: systemClock, logger: createSilentLogger(), port: 0, publishTimeoutMs: 2_000 });
    const received: RelayedEvent[] = [];
    let all!: () => void;
    const allReceived = new Promise<void>((resolve) => (all = resolve));
    const subscription = await subscribeToRelay({
      nc,
      stream,
      consumer: 'headers',
      logger: createSilentLogger(),
      handle: (event) => {
        received.push(event);
        if (received.length === AWKWARD_EVENTS.length) all();
      },
    });
    try {
      const bodies = AWKWARD_EVENTS.map((event) => envelope(event));
      for (const body of bodies) expect((await post(`http://127.0.0.1:${relay.port}/hooks/any`, body, signed(body))).status, body).toBe(200);

      const jsm = await jetstreamManager(nc);
      for (const [index, body] of bodies.entries()) {
        const stored = await jsm.streams.getMessage(stream, { seq: index + 1 });
        expect(Buffer.from(stored!.data).equals(Buffer.from(body))).toBe(true);
        const read = readRelayHeaders(stored!.header);
        expect(read.event).toBe(AWKWARD_EVENTS[index]);
        expect(read.receivedAt).toBeGreaterThan(0);
      }

      await allReceived;
      expect(received.map((event) => event.event)).toEqual(AWKWARD_EVENTS);
      expect(received.map((event) => event.body.toString('utf8'))).toEqual(bodies);
    } finally {
      await subscription.stop();
      await relay.close();
    }
  });
});

// The team relay on a real nats-server (loopback): events/s through `quotedesk relay` (verify,
// publish to JetStream, 2xx once stored) against the bare durable node:http receiver of the
// webhook benchmark (HMAC + batched fsync) in the same rounds, and the time from sending a
// delivery to a subscriber's durable consumer handing it over, at a steady 500 events/s.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Pool } from 'undici';
import { createSilentLogger } from '../../main/core/log';
import { systemClock } from '../../main/core/ports';
import { connectToRelayServer } from '../../main/core/webhooks/relay/connection';
import { startRelay } from '../../main/core/webhooks/relay/relay';
import { subscribeToRelay } from '../../main/core/webhooks/relay/subscriber';
import { signBody } from '../../main/core/webhooks/signature';
import { natsServerMissing, startNatsServer } from '../helpers/nats-server';
import { percentile, startBareTarget, throughput } from './fixtures/webhook-load';
import type { Target } from './fixtures/webhook-load';
import { median, round, spreadOf } from './harness/stats';
import type { Figure, Spread } from './harness/types';
import { defineBenchmark } from './harness/types';

const CONCURRENCY = 50;
const RATE = 500;
/** The load generator's signing secret (test/bench/fixtures/webhook-load.ts signs with it). */
const SECRET = 'whsec_bench_secret';

const rounded = (values: number[]): Spread => {
  const spread = spreadOf(values);
  return { min: round(spread.min), q1: round(spread.q1), q3: round(spread.q3), max: round(spread.max) };
};

export default defineBenchmark({
  name: 'relay',
  title: 'Team relay on NATS JetStream: throughput against the bare durable receiver, delivery-to-subscriber latency',
  budgetMs: { full: 120_000, quick: 25_000 },
  async run(ctx) {
    const missing = natsServerMissing();
    if (missing) throw new Error(missing);
    const events = ctx.quick ? 300 : 5_000;
    const rounds = ctx.quick ? 1 : 5;
    const rateDurationMs = ctx.quick ? 1_000 : 6_000;
    const limitMs = ctx.quick ? 10_000 : 60_000;
    const dir = mkdtempSync(join(tmpdir(), 'quotedesk-bench-relay-'));
    const server = await startNatsServer();
    const logger = createSilentLogger();
    const nc = await connectToRelayServer({ url: server.url, auth: { kind: 'none' } }, { name: 'bench-relay', logger });
    try {
      let streams = 0;
      const startRelayTarget = async (): Promise<Target> => {
        const relay = await startRelay({ nc, stream: { name: `BENCH${++streams}`, retentionDays: 1, replicas: 1 }, routes: { byPath: () => ({ accountId: 'bench', secrets: () => ({ current: SECRET, previous: null }) }) }, clock: systemClock, logger, port: 0 });
        return { url: `http://127.0.0.1:${relay.port}/hooks/bench`, close: () => relay.close() };
      };
      const measure = async (start: () => Promise<Target>, salt: string): Promise<number> => {
        const target = await start();
        try {
          await throughput(target, Math.min(500, events), CONCURRENCY, `${salt}-warm`, limitMs);
          return (await throughput(target, events, CONCURRENCY, salt, limitMs)).perSecond;
        } finally {
          await target.close();
        }
      };
      // Back to back in each round, so a noisy neighbour slows a round, not one side.
      const relayRuns: number[] = [];
      const bareRuns: number[] = [];
      let lastRoundMs = 0;
      const reserveMs = rateDurationMs + 10_000;
      while (relayRuns.length < rounds && (relayRuns.length === 0 || ctx.timeLeft() - reserveMs > lastRoundMs * 1.2)) {
        const started = performance.now();
        const n = relayRuns.length;
        relayRuns.push(await measure(startRelayTarget, `relay-${n}`));
        bareRuns.push(await measure(() => startBareTarget(dir), `bare-${n}`));
        lastRoundMs = performance.now() - started;
      }
      const ratios = relayRuns.map((value, n) => value / bareRuns[n]!);
      const perSecond = { relayEventsPerSecond: Math.round(median(relayRuns)), bareDurableEventsPerSecond: Math.round(median(bareRuns)), eventsPerRun: events, concurrency: CONCURRENCY };

      const delays = await deliveryDelays(nc, startRelayTarget, `BENCH${streams + 1}`, rateDurationMs, limitMs);
      const latencyDetails = { rate: RATE, durationMs: rateDurationMs, samples: delays.length };
      const figures: Figure[] = [
        { id: 'relay.throughput-ratio', label: 'Webhook events/s: relay (JetStream ack) ÷ bare node:http + HMAC + batched fsync', unit: 'x', value: round(median(ratios)), spread: rounded(ratios), rounds: ratios.length, target: { op: '>=', value: 0.8 }, details: perSecond },
        { id: 'relay.delivery-p50', label: `Delivery to a subscriber at ${RATE} events/s, p50`, unit: 'ms', value: round(percentile(delays, 50)), rounds: 1, details: latencyDetails },
        { id: 'relay.delivery-p99', label: `Delivery to a subscriber at ${RATE} events/s, p99`, unit: 'ms', value: round(percentile(delays, 99)), rounds: 1, target: { op: '<=', value: 20 }, details: latencyDetails },
      ];
      return figures;
    } finally {
      await nc.close();
      await server.dispose();
      rmSync(dir, { recursive: true, force: true });
    }
  },
});

/** Open loop at RATE: each delivery's time from being sent to the relay until a durable consumer hands it over (sorted). */
async function deliveryDelays(nc: Awaited<ReturnType<typeof connectToRelayServer>>, start: () => Promise<Target>, stream: string, durationMs: number, limitMs: number): Promise<number[]> {
  const target = await start();
  const sentAt = new Map<string, number>();
  const delays: number[] = [];
  // The first second warms up (JIT, the consumer's first pulls) and is not counted.
  const warmUp = RATE;
  const total = warmUp + Math.round((RATE * durationMs) / 1000);
  const subscription = await subscribeToRelay({
    nc,
    stream,
    consumer: 'bench',
    logger: createSilentLogger(),
    handle: (event) => {
      const sent = sentAt.get(String(event.data.entityId));
      if (sent !== undefined) delays.push(performance.now() - sent);
      sentAt.delete(String(event.data.entityId));
    },
  });
  const pool = new Pool(new URL(target.url).origin, { connections: 64 });
  try {
    const started = performance.now();
    const requests: Array<Promise<unknown>> = [];
    for (let n = 0; n < total; n++) {
      const wait = started + (n * 1000) / RATE - performance.now();
      if (wait > 1) await new Promise((resolve) => setTimeout(resolve, wait));
      const entityId = `latency-${n}`;
      const body = Buffer.from(JSON.stringify({ event: 'quote.status_changed', data: { entityId, companyId: 'c-1', timestamp: new Date().toISOString(), oldStatus: 'SENT', newStatus: 'ACCEPTED' } }));
      sentAt.set(entityId, performance.now());
      requests.push(pool.request({ method: 'POST', path: '/hooks/bench', body, headers: { 'content-type': 'application/json', 'x-webhook-signature': signBody(SECRET, body) } }).then((response) => response.body.dump()));
    }
    await Promise.all(requests);
    const until = performance.now() + limitMs;
    while (delays.length < total && performance.now() < until) await new Promise((resolve) => setTimeout(resolve, 10));
    if (delays.length < total) throw new Error(`only ${delays.length} of ${total} deliveries reached the subscriber within ${limitMs} ms`);
    delays.splice(0, warmUp);
  } finally {
    await pool.close();
    await subscription.stop();
    await target.close();
  }
  return delays.sort((a, b) => a - b);
}

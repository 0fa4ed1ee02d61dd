// The webhook receiver under load on 127.0.0.1: verified, durably logged and acknowledged
// events per second against bare node:http servers doing the same HMAC check (one appending
// to a file with the same batched fsync, one without disk); the time to acknowledge at a
// steady 1,000 events/s; and a burst, with part of it delivered twice as the service
// retries, in which nothing may be lost or processed twice. The servers run in this
// process, the load generator in another (fixtures/webhook-load-client.ts), so sending
// never competes with the server it measures.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { median, round, spreadOf } from './harness/stats';
import type { Figure, Spread } from './harness/types';
import { defineBenchmark } from './harness/types';
import { percentile, startBareTarget, startReceiverTarget } from './fixtures/webhook-load';
import type { BurstResult, Target } from './fixtures/webhook-load';
import { startLoadGenerator } from './fixtures/webhook-load-client';

const CONCURRENCY = 50;
const RATE = 1_000;
/** One burst event in this many is delivered a second time (half while the first may be in flight, half after the burst). */
const RESEND_EVERY = 10;

const rounded = (values: number[]): Spread => {
  const spread = spreadOf(values);
  return { min: round(spread.min), q1: round(spread.q1), q3: round(spread.q3), max: round(spread.max) };
};

export default defineBenchmark({
  name: 'webhook-receiver',
  title: 'Webhook receiver: throughput against bare node:http + HMAC, acknowledgement times, a burst',
  budgetMs: { full: 150_000, quick: 20_000 },
  async run(ctx) {
    const events = ctx.quick ? 300 : 5_000;
    const rounds = ctx.quick ? 1 : 7;
    const rateDurationMs = ctx.quick ? 500 : 5_000;
    const burstSize = ctx.quick ? 1_000 : 10_000;
    const limitMs = ctx.quick ? 10_000 : 60_000;
    const dir = mkdtempSync(join(tmpdir(), 'quotedesk-bench-webhooks-'));
    const load = await startLoadGenerator();
    try {
      const measure = async (start: () => Promise<Target>, salt: string): Promise<number> => {
        const target = await start();
        try {
          // Warm-up (JIT, connection pool), then the measured run at the server's steady pace.
          await load.throughput(target.url, Math.min(500, events), CONCURRENCY, `${salt}-warm`, limitMs);
          return (await load.throughput(target.url, events, CONCURRENCY, salt, limitMs)).perSecond;
        } finally {
          await target.close();
        }
      };
      // Each round runs the three servers back to back; each ratio compares one round's runs,
      // so a noisy neighbour slows a round, not one server. The order flips every round
      // (receiver first, then bare first), so neither side always inherits the other's
      // leftovers (page cache, a collection, the disk's pending writes). Wall time: the
      // disk's fsync is part of what is measured.
      const receiverRuns: number[] = [];
      const durableRuns: number[] = [];
      const memoryRuns: number[] = [];
      let lastRoundMs = 0;
      // Keep room for the latency run and the burst.
      const reserveMs = rateDurationMs + 15_000;
      while (receiverRuns.length < rounds && (receiverRuns.length === 0 || ctx.timeLeft() - reserveMs > lastRoundMs * 1.2)) {
        const started = performance.now();
        const n = receiverRuns.length;
        const runs = [
          async () => void receiverRuns.push(await measure(() => startReceiverTarget(join(dir, `throughput-${n}`)), `receiver-${n}`)),
          async () => void durableRuns.push(await measure(() => startBareTarget(dir), `bare-${n}`)),
          async () => void memoryRuns.push(await measure(() => startBareTarget(null), `memory-${n}`)),
        ];
        for (const run of n % 2 === 0 ? runs : runs.reverse()) await run();
        lastRoundMs = performance.now() - started;
      }
      const toDurable = receiverRuns.map((value, n) => value / durableRuns[n]!);
      const toMemory = receiverRuns.map((value, n) => value / memoryRuns[n]!);
      const perSecond = {
        receiverEventsPerSecond: Math.round(median(receiverRuns)),
        bareDurableEventsPerSecond: Math.round(median(durableRuns)),
        bareMemoryEventsPerSecond: Math.round(median(memoryRuns)),
        eventsPerRun: events,
        concurrency: CONCURRENCY,
        order: 'receiver first in even rounds, bare first in odd rounds',
        loadGenerator: 'another process',
      };

      const rated = await startReceiverTarget(join(dir, 'rate'));
      let times: number[];
      try {
        times = await load.latency(rated.url, RATE, rateDurationMs, limitMs);
      } finally {
        await rated.close();
      }

      const burstTarget = await startReceiverTarget(join(dir, 'burst'));
      let burst: BurstResult;
      try {
        burst = await load.burst(burstTarget.url, burstSize, Math.min(256, burstSize), RESEND_EVERY, limitMs);
      } finally {
        // Closing waits for the receiver to finish processing what it acknowledged.
        await burstTarget.close();
      }
      const processed = burstTarget.processed?.() ?? { count: 0, unique: 0 };
      const duplicates = processed.count - processed.unique;
      const lost = burstSize - processed.unique;

      const burstDetails = { sent: burstSize, acknowledged: burst.acknowledged, resent: burst.resent, resentAcknowledged: burst.resentAcknowledged, processed: processed.count, processedOnce: processed.unique, lost, duplicates };
      const latencyDetails = { rate: RATE, durationMs: rateDurationMs, samples: times.length };
      const figures: Figure[] = [
        { id: 'webhook-receiver.throughput-ratio', label: 'Webhook events/s: receiver ÷ bare node:http + HMAC + batched fsync', unit: 'x', value: round(median(toDurable)), spread: rounded(toDurable), rounds: toDurable.length, target: { op: '>=', value: 0.9 }, details: perSecond },
        { id: 'webhook-receiver.throughput-ratio-memory', label: 'Webhook events/s: receiver ÷ bare node:http + HMAC, no disk', unit: 'x', value: round(median(toMemory)), spread: rounded(toMemory), rounds: toMemory.length, details: perSecond },
        { id: 'webhook-receiver.ack-p50', label: `Time to acknowledge at ${RATE.toLocaleString('en')} events/s, p50`, unit: 'ms', value: round(percentile(times, 50)), rounds: 1, details: latencyDetails },
        { id: 'webhook-receiver.ack-p99', label: `Time to acknowledge at ${RATE.toLocaleString('en')} events/s, p99`, unit: 'ms', value: round(percentile(times, 99)), rounds: 1, target: { op: '<=', value: 5 }, details: latencyDetails },
        { id: 'webhook-receiver.burst-lost', label: `Burst of ${burstSize.toLocaleString('en')} events: lost (acknowledged or not, never processed)`, unit: 'count', value: lost, rounds: 1, target: { op: '==', value: 0 }, details: burstDetails },
        { id: 'webhook-receiver.burst-processed-twice', label: `Burst of ${burstSize.toLocaleString('en')} events, ${burst.resent.toLocaleString('en')} sent twice: processed more than once`, unit: 'count', value: duplicates, rounds: 1, target: { op: '==', value: 0 }, details: burstDetails },
      ];
      return figures;
    } finally {
      await load.close();
      rmSync(dir, { recursive: true, force: true });
    }
  },
});

// Load measurements of the webhook receiver, for the benchmark harness (test/bench) to call.
// Everything runs on 127.0.0.1 with bounded counts and time. Figures, not assertions: the
// harness prints them; the only checks here are correctness (nothing lost, each once).
import { createHmac, timingSafeEqual } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { open } from 'node:fs/promises';
import type { FileHandle } from 'node:fs/promises';
import { createServer } from 'node:http';
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Pool } from 'undici';
import { createSilentLogger } from '../../../../main/core/log';
import { systemClock } from '../../../../main/core/ports';
import { EventLog } from '../../../../main/core/webhooks/event-log';
import { createWebhookReceiver } from '../../../../main/core/webhooks/receiver';
import { signBody } from '../../../../main/core/webhooks/signature';
import { SECRET, singleRoute, TOKEN } from './harness';

export interface LoadOptions {
  /** Events per throughput run. Default 5,000. */
  events?: number;
  /** Requests in flight during throughput runs. Default 50. */
  concurrency?: number;
  /** Open-loop rate for the latency run. Default 1,000 events/s. */
  rate?: number;
  /** Length of the latency run. Default 3 s. */
  rateDurationMs?: number;
  /** Events in the burst. Default 10,000. */
  burst?: number;
  /** Throughput rounds (each server once per round; the median is reported). Default 3. */
  rounds?: number;
  /** Any one run taking longer than this fails. Default 60 s. */
  timeLimitMs?: number;
}

export interface LoadReport {
  /** Verified, durably logged, acknowledged events per second through the real receiver. */
  receiverPerSecond: number;
  /** node:http + HMAC + append with batched fsync, same load. */
  bareDurablePerSecond: number;
  /** node:http + HMAC, no disk. */
  bareMemoryPerSecond: number;
  ratioToBareDurable: number;
  ratioToBareMemory: number;
  /** Acknowledgement times at `rate` events/s, in ms. */
  ackP50Ms: number;
  ackP99Ms: number;
  ackSamples: number;
  burst: { sent: number; acknowledged: number; processed: number; uniqueProcessed: number };
}

interface Target {
  url: string;
  close(): Promise<void>;
  processed?: () => { count: number; unique: number };
}

function body(n: number, salt: string): Buffer {
  return Buffer.from(JSON.stringify({ event: 'quote.status_changed', data: { entityId: `e-${salt}-${n}`, companyId: 'c-1', timestamp: new Date().toISOString(), oldStatus: 'SENT', newStatus: 'ACCEPTED' } }));
}

async function listen(server: Server): Promise<string> {
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}

async function startReceiverTarget(dir: string): Promise<Target> {
  const logger = createSilentLogger();
  const opened = await EventLog.open({ dir, clock: systemClock, logger, maxFileBytes: 256 * 1024 * 1024 });
  let count = 0;
  const keys = new Set<string>();
  const receiver = createWebhookReceiver({
    routes: singleRoute(),
    log: opened.log,
    clock: systemClock,
    logger,
    process: (event) => {
      count += 1;
      keys.add(event.key);
      return null;
    },
  });
  const port = await receiver.start();
  return {
    url: `http://127.0.0.1:${port}/hooks/${TOKEN}`,
    processed: () => ({ count, unique: keys.size }),
    close: async () => {
      await receiver.idle();
      await receiver.close();
      await opened.log.close();
    },
  };
}

/** The comparison: what a hand-written receiver with the same checks and durability does. */
async function startBareTarget(dir: string | null): Promise<Target> {
  let file: FileHandle | null = dir === null ? null : await open(join(dir, 'bare.jsonl'), 'a');
  let queue: Array<{ line: string; done: () => void }> = [];
  let flushing = false;
  async function flush(): Promise<void> {
    flushing = true;
    while (queue.length > 0) {
      const batch = queue;
      queue = [];
      await file!.appendFile(batch.map((item) => item.line).join(''));
      await file!.datasync();
      for (const item of batch) item.done();
    }
    flushing = false;
  }
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const raw = Buffer.concat(chunks);
      const expected = createHmac('sha256', SECRET).update(raw).digest();
      const given = Buffer.from(String(req.headers['x-webhook-signature']), 'hex');
      if (expected.length !== given.length || !timingSafeEqual(expected, given)) return void res.writeHead(401).end();
      if (file === null) return void res.writeHead(200).end();
      queue.push({ line: `${JSON.stringify({ body: raw.toString('base64') })}\n`, done: () => res.writeHead(200).end() });
      if (!flushing) void flush();
    });
  });
  const origin = await listen(server);
  return {
    url: `${origin}/`,
    close: async () => {
      await new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      });
      await file?.close();
      file = null;
    },
  };
}

async function send(pool: Pool, url: string, payload: Buffer): Promise<number> {
  const { pathname } = new URL(url);
  const response = await pool.request({ method: 'POST', path: pathname, body: payload, headers: { 'content-type': 'application/json', 'x-webhook-event': 'quote.status_changed', 'x-webhook-signature': signBody(SECRET, payload) } });
  await response.body.dump();
  return response.statusCode;
}

function deadline<T>(work: Promise<T>, ms: number, what: string): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const limit = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`${what} took longer than ${ms} ms`)), ms);
  });
  return Promise.race([work, limit]).finally(() => clearTimeout(timer));
}

/** Closed loop: `concurrency` requests in flight until `events` were acknowledged. */
async function throughput(target: Target, events: number, concurrency: number, salt: string, limitMs: number): Promise<{ perSecond: number; acknowledged: number }> {
  const pool = new Pool(new URL(target.url).origin, { connections: concurrency });
  const payloads = Array.from({ length: events }, (_, n) => body(n, salt));
  let next = 0;
  let acknowledged = 0;
  const started = performance.now();
  const worker = async () => {
    while (next < payloads.length) {
      const payload = payloads[next++] as Buffer;
      if ((await send(pool, target.url, payload)) === 200) acknowledged += 1;
    }
  };
  try {
    await deadline(Promise.all(Array.from({ length: concurrency }, worker)), limitMs, `a throughput run (${acknowledged} of ${events} acknowledged)`);
  } catch (error) {
    // close() would wait for requests that may never be answered.
    await pool.destroy();
    throw error;
  }
  await pool.close();
  return { perSecond: events / ((performance.now() - started) / 1000), acknowledged };
}

/** Open loop: a request every 1/rate s whatever the answers do; acknowledgement time of each. */
async function latency(target: Target, rate: number, durationMs: number, limitMs: number): Promise<number[]> {
  const pool = new Pool(new URL(target.url).origin, { connections: 64 });
  const total = Math.round((rate * durationMs) / 1000);
  const payloads = Array.from({ length: total }, (_, n) => body(n, 'rate'));
  const times: number[] = [];
  const inFlight: Array<Promise<void>> = [];
  const started = performance.now();
  try {
    for (let n = 0; n < total; n++) {
      const due = started + (n * 1000) / rate;
      const wait = due - performance.now();
      if (wait > 1) await new Promise((resolve) => setTimeout(resolve, wait));
      const sentAt = performance.now();
      inFlight.push(send(pool, target.url, payloads[n] as Buffer).then(() => void times.push(performance.now() - sentAt)));
    }
    await deadline(Promise.all(inFlight), limitMs, 'the latency run');
  } catch (error) {
    await pool.destroy();
    throw error;
  }
  await pool.close();
  return times.sort((a, b) => a - b);
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] as number;
}

function percentile(sorted: number[], p: number): number {
  return sorted.length === 0 ? Number.NaN : (sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] as number);
}

export async function measureWebhookReceiver(options: LoadOptions = {}): Promise<LoadReport> {
  const events = options.events ?? 5_000;
  const concurrency = options.concurrency ?? 50;
  const limitMs = options.timeLimitMs ?? 60_000;
  const dir = mkdtempSync(join(tmpdir(), 'qd-webhook-load-'));
  try {
    const run = async (start: () => Promise<Target>, salt: string) => {
      const target = await start();
      try {
        // Warm up (JIT, connection pool) so each server is measured at its steady pace.
        await throughput(target, Math.min(500, events), concurrency, `${salt}-warm`, limitMs);
        return await throughput(target, events, concurrency, salt, limitMs);
      } finally {
        await target.close();
      }
    };
    // Rounds alternate the three servers, and each figure is the median of its rounds, so a
    // burst of load from elsewhere on the machine does not land on one server only.
    const rounds = options.rounds ?? 3;
    const receiverRuns: number[] = [];
    const bareDurableRuns: number[] = [];
    const bareMemoryRuns: number[] = [];
    for (let round = 0; round < rounds; round++) {
      receiverRuns.push((await run(() => startReceiverTarget(join(dir, `throughput-${round}`)), `receiver-${round}`)).perSecond);
      bareDurableRuns.push((await run(() => startBareTarget(dir), `bare-${round}`)).perSecond);
      bareMemoryRuns.push((await run(() => startBareTarget(null), `memory-${round}`)).perSecond);
    }
    const receiver = { perSecond: median(receiverRuns) };
    const bareDurable = { perSecond: median(bareDurableRuns) };
    const bareMemory = { perSecond: median(bareMemoryRuns) };

    const rated = await startReceiverTarget(join(dir, 'rate'));
    let times: number[];
    try {
      times = await latency(rated, options.rate ?? 1_000, options.rateDurationMs ?? 3_000, limitMs);
    } finally {
      await rated.close();
    }

    const burstTarget = await startReceiverTarget(join(dir, 'burst'));
    const burstSize = options.burst ?? 10_000;
    let burst: LoadReport['burst'];
    try {
      const result = await throughput(burstTarget, burstSize, Math.min(256, burstSize), 'burst', limitMs);
      await burstTarget.close();
      const processed = burstTarget.processed?.() ?? { count: 0, unique: 0 };
      burst = { sent: burstSize, acknowledged: result.acknowledged, processed: processed.count, uniqueProcessed: processed.unique };
    } catch (error) {
      await burstTarget.close();
      throw error;
    }

    return {
      receiverPerSecond: Math.round(receiver.perSecond),
      bareDurablePerSecond: Math.round(bareDurable.perSecond),
      bareMemoryPerSecond: Math.round(bareMemory.perSecond),
      ratioToBareDurable: receiver.perSecond / bareDurable.perSecond,
      ratioToBareMemory: receiver.perSecond / bareMemory.perSecond,
      ackP50Ms: percentile(times, 50),
      ackP99Ms: percentile(times, 99),
      ackSamples: times.length,
      burst,
    };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

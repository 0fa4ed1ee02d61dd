// `listen --forward-to` against loopback targets that are down, answer 500, recover, or dribble
// their answer (issue #31): nothing acknowledged is lost, it is retried with backoff and after a
// restart, and a slow target never holds back the printing of later events.
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:http';
import type { IncomingMessage, Server, ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createSilentLogger } from '../../../../main/core/log';
import { systemClock } from '../../../../main/core/ports';
import { EventLog } from '../../../../main/core/webhooks/event-log';
import { startListening } from '../../../../main/core/webhooks/listen';
import type { ForwardAttempt, Listener } from '../../../../main/core/webhooks/listen';
import { envelope, post, SECRET, signed } from './harness';

let dir: string;
const servers: Server[] = [];
const listeners: Listener[] = [];
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'qd-listen-forward-'));
});
afterEach(async () => {
  await Promise.all(listeners.splice(0).map((listener) => listener.close()));
  for (const server of servers.splice(0)) {
    server.closeAllConnections();
    server.close();
  }
  rmSync(dir, { recursive: true, force: true });
});

const logger = createSilentLogger();
const SHORT = { attemptMs: 300, firstRetryMs: 40, maxRetryMs: 160 };

interface Seen {
  printed: number[];
  attempts: Array<{ n: number } & ForwardAttempt>;
}

const noteOf = (data: Record<string, unknown>) => data.n as number;

async function listen(forwardTo: string): Promise<{ listener: Listener; url: string; seen: Seen }> {
  const seen: Seen = { printed: [], attempts: [] };
  const listener = await startListening({
    scope: 'test',
    secrets: () => ({ current: SECRET, previous: null }),
    port: 0,
    dir,
    forwardTo: new URL(forwardTo),
    forwardTimings: SHORT,
    output: {
      listening: () => undefined,
      refused: () => undefined,
      event: (event) => seen.printed.push(noteOf(event.data)),
      forwarded: (event, attempt) => seen.attempts.push({ n: noteOf(event.data), ...attempt }),
    },
    logger,
  });
  listeners.push(listener);
  return { listener, url: `http://127.0.0.1:${listener.port}/`, seen };
}

type Answer = (req: IncomingMessage, res: ServerResponse) => void;

/** A target on `port` (0: any), answering as `answer.current` says at the time. */
async function target(answer: { current: Answer }, port = 0): Promise<{ url: string; bodies: number[]; server: Server }> {
  const bodies: number[] = [];
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      bodies.push((JSON.parse(Buffer.concat(chunks).toString()) as { data: { n: number } }).data.n);
      answer.current(req, res);
    });
  });
  servers.push(server);
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/in`, bodies, server };
}

/** A port nothing listens on (taken, then let go). */
async function closedPort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise((resolve) => server.close(resolve));
  return port;
}

async function until(check: () => boolean, what: string): Promise<void> {
  for (let attempt = 0; attempt < 1_000; attempt++) {
    if (check()) return;
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
  throw new Error(`timed out waiting for ${what}`);
}

async function deliver(url: string, n: number): Promise<void> {
  const body = envelope('quote.status_changed', { n });
  expect((await post(url, body, signed(body))).status).toBe(200);
}

async function pendingNotes(): Promise<number[]> {
  const opened = await EventLog.open({ dir, clock: systemClock, logger });
  await opened.log.close();
  return opened.pending.map((event) => (JSON.parse(event.body.toString()) as { data: { n: number } }).data.n);
}

const forwarded = (seen: Seen) => seen.attempts.filter((attempt) => attempt.ok).map((attempt) => attempt.n);

describe('listen --forward-to', () => {
  it('keeps retrying a target that is down, then answers 500, and forwards in order once it recovers', async () => {
    const port = await closedPort();
    const { listener, url, seen } = await listen(`http://127.0.0.1:${port}/in`);
    await deliver(url, 1);
    await deliver(url, 2);
    await until(() => seen.printed.length === 2, 'both events printed');
    // Down: refused connections, retried with growing waits.
    await until(() => seen.attempts.length >= 3, 'a few attempts at a target that is down');
    expect(seen.attempts.every((attempt) => !attempt.ok && attempt.n === 1 && /ECONNREFUSED/.test(attempt.outcome))).toBe(true);
    expect(seen.attempts.slice(0, 3).map((attempt) => attempt.retryInMs)).toEqual([40, 80, 160]);

    // Up, answering 500: still not forwarded.
    const answer = { current: ((_req, res) => res.writeHead(500).end()) as Answer };
    const up = await target(answer, port);
    await until(() => seen.attempts.some((attempt) => attempt.outcome === 'HTTP 500'), 'a 500');
    expect(forwarded(seen)).toEqual([]);

    // Recovered: each forwarded once it is answered 2xx, in arrival order.
    answer.current = (_req, res) => res.writeHead(204).end();
    await until(() => forwarded(seen).length === 2, 'both forwarded');
    expect(forwarded(seen)).toEqual([1, 2]);
    expect(up.bodies.at(-2)).toBe(1);
    expect(up.bodies.at(-1)).toBe(2);
    await listener.close();
    // Marked processed only now: nothing left for a next start.
    expect(await pendingNotes()).toEqual([]);
  });

  it('keeps an acknowledged event it could not forward for the next start, which forwards it', async () => {
    const failing = await target({ current: (_req, res) => res.writeHead(500).end() });
    const first = await listen(failing.url);
    await deliver(first.url, 7);
    await until(() => first.seen.attempts.some((attempt) => attempt.outcome === 'HTTP 500'), 'a refused forward');
    await first.listener.close();
    expect(await pendingNotes()).toEqual([7]);

    const working = await target({ current: (_req, res) => res.writeHead(200).end() });
    const second = await listen(working.url);
    await until(() => forwarded(second.seen).length === 1, 'the resumed forward');
    expect(forwarded(second.seen)).toEqual([7]);
    expect(working.bodies).toEqual([7]);
    await second.listener.close();
    expect(await pendingNotes()).toEqual([]);
  });

  it('prints later events while a target dribbles its answer, gives the attempt up at its deadline and retries it', async () => {
    const timers: NodeJS.Timeout[] = [];
    // The audit's target: a byte at a time (here every 50 ms instead of 5 s), never the end.
    const answer = {
      current: ((_req, res) => {
        res.writeHead(200, { 'content-length': '1000' });
        const drip = setInterval(() => res.write('x'), 50);
        timers.push(drip);
        res.on('close', () => clearInterval(drip));
      }) as Answer,
    };
    const slow = await target(answer);
    try {
      const { url, seen } = await listen(slow.url);
      await deliver(url, 1);
      await until(() => slow.bodies.length === 1, 'the first forward to start');
      for (const n of [2, 3, 4]) await deliver(url, n);
      await until(() => seen.printed.length === 4, 'the later events printed');
      expect(forwarded(seen)).toEqual([]);

      await until(() => seen.attempts.length >= 1, 'the attempt to end at its deadline');
      expect(seen.attempts[0]).toMatchObject({ n: 1, ok: false, outcome: 'failed (no complete answer within 300 ms)' });
      answer.current = (_req, res) => res.writeHead(202).end();
      await until(() => forwarded(seen).length === 4, 'everything forwarded');
      expect(forwarded(seen)).toEqual([1, 2, 3, 4]);
    } finally {
      for (const timer of timers) clearInterval(timer);
    }
  });
});

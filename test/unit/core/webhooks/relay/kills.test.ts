// Kills with SIGKILL, on real child processes (the quotedesk command) and a real nats-server:
// nothing acknowledged is lost and nothing is doubled, for the relay and for a subscriber.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freePort } from '../../../../helpers/nats-server';
import { startChild } from './child';
import type { Child } from './child';
import { natsServerMissing, post, quoteEvent, SECRET, signed, startNatsServer } from './fixtures';
import type { NatsServer } from './fixtures';

const missing = natsServerMissing();
if (missing) console.warn(`skipped: ${missing}`);

/** Each subscriber's printed entity ids. */
const printed = (child: Child) => child.lines().map((line) => (JSON.parse(line) as { entityId: string }).entityId);
const ids = (from: number, to: number) => Array.from({ length: to - from }, (_, offset) => `q-${String(from + offset).padStart(5, '0')}`);

/** Sends deliveries `concurrency` at a time; resolves with the indexes answered 2xx. */
async function send(url: string, indexes: number[], concurrency: number, onAnswered?: (count: number) => void): Promise<Set<number>> {
  const answered = new Set<number>();
  const queue = [...indexes];
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      for (let index = queue.shift(); index !== undefined; index = queue.shift()) {
        const body = quoteEvent(index);
        const status = await post(url, body, signed(body)).then(
          (reply) => reply.status,
          () => 0,
        );
        if (status >= 200 && status < 300) {
          answered.add(index);
          onAnswered?.(answered.size);
        }
      }
    }),
  );
  return answered;
}

describe.skipIf(missing !== null)('relay and subscribers killed with SIGKILL (child processes, real nats-server)', { timeout: 120_000 }, () => {
  let server: NatsServer;
  const children: Child[] = [];
  const child = (args: string[]) => {
    const started = startChild(args);
    children.push(started);
    return started;
  };

  beforeAll(async () => {
    server = await startNatsServer();
  });
  afterAll(async () => {
    await Promise.all(children.map((started) => started.kill()));
    await server?.dispose();
    rmSync(stateDir, { recursive: true, force: true });
  });

  const relayArgs = (port: number, stream: string) => ['relay', '--port', String(port), '--nats', server.url, '--secret', SECRET, '--stream', stream, '--json'];
  const stateDir = mkdtempSync(join(tmpdir(), 'qd-listen-state-'));
  // A short ack wait: what a killed subscriber had been handed comes again within seconds.
  const listenArgs = (stream: string, consumer: string) => ['listen', '--relay', server.url, '--consumer', consumer, '--stream', stream, '--state-dir', stateDir, '--ack-wait', '2', '--json'];

  it('two subscribers each print every one of 300 deliveries once, no forged one; a subscriber killed and restarted prints exactly what it missed', async () => {
    const port = await freePort();
    const relay = child(relayArgs(port, 'KILL1'));
    await relay.waitFor((lines) => lines.some((line) => line.includes('listening')));
    const alice = child(listenArgs('KILL1', 'alice'));
    const bob = child(listenArgs('KILL1', 'bob'));
    await Promise.all([alice, bob].map((started) => started.waitFor((_lines, err) => err.includes('subscribed'))));
    const url = `http://127.0.0.1:${port}/hooks/team`;

    const first = await send(url, ids(0, 300).map((_, index) => index), 16);
    expect(first.size).toBe(300);
    for (let index = 0; index < 20; index++) expect((await post(url, quoteEvent(1000 + index), signed(quoteEvent(1000 + index), 'forged'))).status).toBe(401);
    await alice.waitFor((lines) => lines.length >= 300);
    await bob.waitFor((lines) => lines.length >= 300);

    await alice.kill();
    expect((await send(url, ids(300, 450).map((_, offset) => 300 + offset), 16)).size).toBe(150);
    const aliceAgain = child(listenArgs('KILL1', 'alice'));
    await aliceAgain.waitFor((lines) => lines.length >= 150);
    await bob.waitFor((lines) => lines.length >= 450);
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect(printed(alice).sort()).toEqual(ids(0, 300));
    expect(printed(aliceAgain).sort()).toEqual(ids(300, 450));
    expect(printed(bob).sort()).toEqual(ids(0, 450));
  });

  it('a subscriber killed mid-burst and restarted prints every event once: what it printed before the kill is not printed again', async () => {
    const port = await freePort();
    const relay = child(relayArgs(port, 'KILL3'));
    await relay.waitFor((lines) => lines.some((line) => line.includes('listening')));
    const alice = child(listenArgs('KILL3', 'alice'));
    await alice.waitFor((_lines, err) => err.includes('subscribed'));
    const url = `http://127.0.0.1:${port}/hooks/team`;
    const all = Array.from({ length: 300 }, (_, index) => index);
    let killed: Promise<void> | null = null;
    const sending = send(url, all, 8);
    await alice.waitFor((lines) => lines.length >= 60);
    killed = alice.kill();
    await killed;
    expect((await sending).size).toBe(300);
    const before = printed(alice);
    expect(before.length).toBeLessThan(300);
    const again = child(listenArgs('KILL3', 'alice'));
    await again.waitFor((lines) => before.length + lines.length >= 300);
    await new Promise((resolve) => setTimeout(resolve, 2_500));
    expect([...before, ...printed(again)].sort()).toEqual(ids(0, 300));
  });

  it('the relay killed mid-burst and restarted: every delivery answered 2xx, and every resent one, reaches each subscriber once', async () => {
    const port = await freePort();
    const relay = child(relayArgs(port, 'KILL2'));
    await relay.waitFor((lines) => lines.some((line) => line.includes('listening')));
    const alice = child(listenArgs('KILL2', 'alice'));
    const bob = child(listenArgs('KILL2', 'bob'));
    await Promise.all([alice, bob].map((started) => started.waitFor((_lines, err) => err.includes('subscribed'))));
    const url = `http://127.0.0.1:${port}/hooks/team`;
    const all = Array.from({ length: 400 }, (_, index) => index);

    let killed: Promise<void> | null = null;
    const answered = await send(url, all, 8, (count) => {
      if (count === 120) killed = relay.kill();
    });
    await killed;
    expect(answered.size).toBeGreaterThanOrEqual(120);
    expect(answered.size).toBeLessThan(400);
    // Everything the dead relay acknowledged is already on its way to the subscribers.
    const acknowledged = [...answered].map((index) => `q-${String(index).padStart(5, '0')}`);
    await alice.waitFor((lines) => lines.length >= acknowledged.length);
    expect(printed(alice)).toEqual(expect.arrayContaining(acknowledged));

    // The service resends what got no 2xx, and also some that did (its answer was lost).
    const restarted = child(relayArgs(port, 'KILL2'));
    await restarted.waitFor((lines) => lines.some((line) => line.includes('listening')));
    const unanswered = all.filter((index) => !answered.has(index));
    const resentAnyway = [...answered].slice(0, 20);
    const second = await send(url, [...unanswered, ...resentAnyway], 8);
    expect(second.size).toBe(unanswered.length + resentAnyway.length);

    await alice.waitFor((lines) => lines.length >= 400);
    await bob.waitFor((lines) => lines.length >= 400);
    await new Promise((resolve) => setTimeout(resolve, 500));
    for (const subscriber of [alice, bob]) expect(printed(subscriber).sort()).toEqual(ids(0, 400));
  });
});

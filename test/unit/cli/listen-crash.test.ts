// `quotedesk listen --log-dir` through kill -9 of the real command (bin/quotedesk.js in a
// child process): every delivery it acknowledged but did not forward is forwarded after the
// restart, once, and the service's resends of them are then duplicates. A target that never
// answers does not hold back the printing.
import { spawn } from 'node:child_process';
import type { ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:http';
import type { IncomingMessage, Server, ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { envelope, post, signed } from '../core/webhooks/harness';

const BIN = join(import.meta.dirname, '..', '..', '..', 'bin', 'quotedesk.js');
const SECRET = 'whsec_crash_listen';
const children: ChildProcess[] = [];
const servers: Server[] = [];
let dir = '';

afterEach(() => {
  for (const child of children) child.kill('SIGKILL');
  children.length = 0;
  for (const server of servers) server.close();
  servers.length = 0;
  if (dir) rmSync(dir, { recursive: true, force: true });
});

interface Listening {
  child: ChildProcess;
  url: string;
  /** The JSON event lines printed so far (not the "listening" line, nor the forwarding's). */
  events(): Array<{ event: string; data: { n: number } }>;
  /** The forwarding's lines: one per attempt. */
  forwards(): Array<{ forwarded: string; ok: boolean; retryInMs: number | null }>;
}

async function startListen(logDir: string, forwardTo: string): Promise<Listening> {
  const child = spawn(process.execPath, [BIN, 'listen', '--port', '0', '--secret', SECRET, '--log-dir', logDir, '--json', '--forward-to', forwardTo], { stdio: ['ignore', 'pipe', 'inherit'] });
  children.push(child);
  let text = '';
  child.stdout?.on('data', (chunk: Buffer) => (text += chunk.toString()));
  // Whole lines only: an event line with its 100 KiB of data arrives in several chunks.
  const lines = () => text.slice(0, text.lastIndexOf('\n') + 1).split('\n').filter(Boolean).map((line) => JSON.parse(line) as Record<string, unknown>);
  for (let attempt = 0; attempt < 1_500 && !lines().some((line) => 'listening' in line); attempt++) {
    if (child.exitCode !== null) throw new Error(`listen exited early (${child.exitCode})`);
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
  const url = lines().find((line) => 'listening' in line)?.listening;
  if (typeof url !== 'string') throw new Error('listen did not print its address');
  return {
    child,
    url,
    events: () => lines().filter((line) => 'data' in line) as ReturnType<Listening['events']>,
    forwards: () => lines().filter((line) => 'forwarded' in line) as ReturnType<Listening['forwards']>,
  };
}

async function target(answer: (req: IncomingMessage, res: ServerResponse, body: string) => void): Promise<{ url: string; bodies: string[] }> {
  const bodies: string[] = [];
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const body = Buffer.concat(chunks).toString();
      bodies.push(body);
      answer(req, res, body);
    });
  });
  servers.push(server);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/in`, bodies };
}

async function until(check: () => boolean, what: string): Promise<void> {
  for (let attempt = 0; attempt < 2_000; attempt++) {
    if (check()) return;
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
  throw new Error(`timed out waiting for ${what}`);
}

describe('quotedesk listen through kill -9', () => {
  it('prints and forwards every acknowledged delivery once after a restart, and dedupes the resends', async () => {
    dir = mkdtempSync(join(tmpdir(), 'qd-listen-crash-'));
    const logDir = join(dir, 'log');
    // Large bodies, as in the report that found events lost: 20 x ~100 KiB.
    const bodies = Array.from({ length: 20 }, (_, n) => envelope('quote.status_changed', { n, padding: 'p'.repeat(100 * 1024) }));

    // The first run forwards to a target that never answers: the forwarding is stuck, the printing is not.
    const stalled = await target(() => undefined);
    const first = await startListen(logDir, stalled.url);
    for (const body of bodies) expect((await post(first.url, body, signed(body, SECRET))).status).toBe(200);
    await until(() => stalled.bodies.length === 1, 'the first forward to start');
    await until(() => first.events().length === bodies.length, 'every event printed');
    expect(first.forwards()).toEqual([]);
    expect(existsSync(join(logDir, 'events.jsonl'))).toBe(true);
    const exited = new Promise((resolve) => first.child.once('exit', resolve));
    first.child.kill('SIGKILL');
    await exited;

    const working = await target((_req, res) => res.writeHead(204).end());
    const second = await startListen(logDir, working.url);
    await until(() => second.forwards().length >= bodies.length, 'the acknowledged events to be forwarded');
    // Never forwarded, so still pending: printed again (as after any crash) and forwarded in order.
    expect(second.events().map((line) => line.data.n)).toEqual(bodies.map((_, n) => n));
    expect(second.forwards().every((line) => line.forwarded === 'HTTP 204' && line.ok)).toBe(true);
    expect(working.bodies).toEqual(bodies);

    // The service's resends: acknowledged, not printed again. A new event after them is
    // processed after them (one queue), so once it shows, the resends would have too.
    for (const body of bodies.slice(0, 5)) expect((await post(second.url, body, signed(body, SECRET))).status).toBe(200);
    const fresh = envelope('quote.cancelled', { n: 99 });
    expect((await post(second.url, fresh, signed(fresh, SECRET))).status).toBe(200);
    await until(() => second.forwards().length > bodies.length, 'the new event forwarded');
    expect(second.events().map((line) => line.data.n)).toEqual([...bodies.map((_, n) => n), 99]);
    expect(working.bodies).toHaveLength(bodies.length + 1);
  }, 60_000);
});

import { spawn } from 'node:child_process';
import type { ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { createSilentLogger } from '../../../../main/core/log';
import { systemClock } from '../../../../main/core/ports';
import { deliveryKey, EventLog } from '../../../../main/core/webhooks/event-log';
import { ACCOUNT, envelope, post, signed, startHarness, TOKEN } from './harness';

const CHILD = join(import.meta.dirname, 'crash-child.ts');
const children: ChildProcess[] = [];
let dir = '';
afterEach(() => {
  for (const child of children) child.kill('SIGKILL');
  children.length = 0;
  if (dir) rmSync(dir, { recursive: true, force: true });
});

interface Child {
  child: ChildProcess;
  url: string;
  /** How many events the child reported processed and recorded (marker on disk). */
  recorded: () => number;
  /** Their keys. */
  recordedKeys: () => string[];
}

async function startChild(logDir: string, processedFile: string, extra: string[] = []): Promise<Child> {
  const child = spawn(process.execPath, ['--import', 'tsx', CHILD, logDir, processedFile, ...extra], { stdio: ['ignore', 'pipe', 'inherit'] });
  children.push(child);
  let text = '';
  const port = await new Promise<number>((resolve, reject) => {
    child.stdout?.on('data', (chunk: Buffer) => {
      text += chunk.toString();
      const match = /port (\d+)/.exec(text);
      if (match) resolve(Number(match[1]));
    });
    child.once('exit', (code) => reject(new Error(`the receiver exited early (${code})`)));
  });
  const recordedKeys = () => text.split('\n').filter((line) => line.startsWith('processed ')).map((line) => line.slice('processed '.length));
  return { child, url: `http://127.0.0.1:${port}/hooks/${TOKEN}`, recorded: () => recordedKeys().length, recordedKeys };
}

async function processedLines(file: string, count: number): Promise<string[]> {
  for (;;) {
    const lines = existsSync(file) ? readFileSync(file, 'utf8').trim().split('\n').filter(Boolean) : [];
    if (lines.length >= count) return lines;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

// Each test starts the receiver in two or three child processes through tsx: on a loaded 2-core
// machine one such start took 10 s, and the first test passed at 19.3 s of the default 20.
describe('webhook receiver across a crash', { timeout: 60_000 }, () => {
  it('does not process an event again after kill -9 and a restart', async () => {
    dir = mkdtempSync(join(tmpdir(), 'qd-crash-'));
    const logDir = join(dir, 'log');
    const processedFile = join(dir, 'processed.txt');
    const body = envelope('quote.sent_to_client');

    const first = await startChild(logDir, processedFile);
    expect((await post(first.url, body, signed(body))).status).toBe(200);
    await processedLines(processedFile, 1);
    while (first.recorded() < 1) await new Promise((resolve) => setTimeout(resolve, 10));
    const exited = new Promise((resolve) => first.child.once('exit', resolve));
    first.child.kill('SIGKILL');
    await exited;

    const second = await startChild(logDir, processedFile);
    // The service's retry of the same delivery: acknowledged, not processed again.
    expect((await post(second.url, body, signed(body))).status).toBe(200);
    const other = envelope('quote.cancelled');
    expect((await post(second.url, other, signed(other))).status).toBe(200);
    const lines = await processedLines(processedFile, 2);
    expect(lines.map((line) => line.split(' ')[0])).toEqual(['quote.sent_to_client', 'quote.cancelled']);
  });

  it('keeps every acknowledged event through rotations under slow processing and kill -9: recorded as processed, or pending at the next start', async () => {
    dir = mkdtempSync(join(tmpdir(), 'qd-crash-rotate-'));
    const logDir = join(dir, 'log');
    const processedFile = join(dir, 'processed.txt');
    // ~270 KiB per line against a 1 MiB cap: a rotation every few events; 50 ms per event: a backlog.
    const child = await startChild(logDir, processedFile, [String(1024 * 1024), '50']);
    const bodies = Array.from({ length: 60 }, (_, n) => envelope('quote.status_changed', { n, padding: 'p'.repeat(200 * 1024) }));
    for (let start = 0; start < bodies.length; start += 6) {
      const group = bodies.slice(start, start + 6);
      const statuses = await Promise.all(group.map((body) => post(child.url, body, signed(body)).then((reply) => reply.status)));
      expect(statuses).toEqual(group.map(() => 200));
    }
    // 'close', not 'exit': every line the child printed before it died has been read.
    const closed = new Promise((resolve) => child.child.once('close', resolve));
    child.child.kill('SIGKILL');
    await closed;
    const recorded = new Set(child.recordedKeys());
    expect(recorded.size).toBeLessThan(bodies.length);
    expect(existsSync(join(logDir, 'events.1.jsonl'))).toBe(true);

    const reopened = await EventLog.open({ dir: logDir, clock: systemClock, logger: createSilentLogger() });
    // kill -9 may cut a processed marker's line short: at most that one line is unreadable.
    expect(reopened.skippedLines).toBeLessThanOrEqual(1);
    const pending = new Set(reopened.pending.map((event) => event.key));
    await reopened.log.close();
    const keys = bodies.map((body) => deliveryKey(ACCOUNT, Buffer.from(body)));
    expect(keys.filter((key) => !recorded.has(key) && !pending.has(key))).toEqual([]);
    expect(keys.filter((key) => recorded.has(key) && pending.has(key))).toEqual([]);

    // And the next start processes exactly the pending ones, once.
    const harness = await startHarness({ dir: logDir });
    await harness.receiver.idle();
    expect(harness.processed.map((event) => event.key).sort()).toEqual([...pending].sort());
    await harness.close();
    const again = await EventLog.open({ dir: logDir, clock: systemClock, logger: createSilentLogger() });
    expect(again.pending).toEqual([]);
    await again.log.close();
  }, 60_000);
});

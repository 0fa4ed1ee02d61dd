import { request } from 'node:http';
import { afterEach, describe, expect, it } from 'vitest';
import { createTestClock, createTestClockRoute, TEST_CLOCK_PATH } from '../../../main/web/test-clock';
import type { TestClock } from '../../../main/web/test-clock';
import { startTestHost } from './web-host-fixture';
import { createDispatcher } from '../../../main/core/bridge/dispatcher';
import { createEventHub } from '../../../main/core/bridge/events';
import { startWebHost } from '../../../main/web/server';
import type { WebHost } from '../../../main/web/server';
import { unusedHandlers } from '../../helpers/bridge-fixtures';
import { createRecordingLogger } from '../../helpers/recording-logger';

const DAY = 24 * 60 * 60 * 1000;

function post(host: WebHost, body: string, headers: Record<string, string> = {}) {
  return new Promise<{ status: number; body: string }>((resolve, reject) => {
    const req = request({ host: '127.0.0.1', port: host.port, path: TEST_CLOCK_PATH, method: 'POST', headers: { 'Content-Type': 'application/json', ...headers } }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body: Buffer.concat(chunks).toString('utf8') }));
    });
    req.on('error', reject);
    req.end(body);
  });
}

describe('the test clock', () => {
  it('reads the time it was set to, and keeps flowing from there', () => {
    let real = 1_000;
    const clock = createTestClock(() => real);
    expect(clock.now()).toBe(1_000);
    clock.set(5 * DAY);
    expect(clock.now()).toBe(5 * DAY);
    real += 250;
    expect(clock.now()).toBe(5 * DAY + 250);
  });

  it('wakes a sleeper as soon as it is set past the sleeper’s end, not one set short of it', async () => {
    const clock = createTestClock();
    let woke = false;
    const sleeping = clock.sleep(DAY).then(() => (woke = true));
    clock.set(clock.now() + DAY / 2);
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(woke).toBe(false);
    clock.set(clock.now() + DAY);
    await sleeping;
    expect(woke).toBe(true);
  });

  it('rejects a sleep aborted before its end with the signal’s reason', async () => {
    const clock = createTestClock();
    const stop = new AbortController();
    const sleeping = clock.sleep(DAY, stop.signal);
    stop.abort(new Error('closing'));
    await expect(sleeping).rejects.toThrow('closing');
  });
});

describe('POST /__test/clock', () => {
  let clock: TestClock;
  let host: WebHost | undefined;
  const env: NodeJS.ProcessEnv = {};
  afterEach(async () => {
    await host?.close();
    host = undefined;
  });

  async function startClockHost() {
    clock = createTestClock();
    const logger = createRecordingLogger();
    host = await startWebHost({
      staticDir: '/nonexistent-renderer',
      dispatcher: createDispatcher({ handlers: unusedHandlers(), logger }),
      hub: createEventHub({ logger }),
      logger,
      testClock: (token) => createTestClockRoute(clock, token, env),
    });
    return host;
  }

  it('sets the clock and the time zone for a caller holding the session token', async () => {
    const started = await startClockHost();
    const answer = await post(started, JSON.stringify({ now: '2031-03-04T20:00:00Z', timeZone: 'Pacific/Auckland' }), { Authorization: `Bearer ${started.token}` });
    expect(answer.status).toBe(200);
    expect(Math.abs(clock.now() - Date.parse('2031-03-04T20:00:00Z'))).toBeLessThan(5_000);
    expect(env.TZ).toBe('Pacific/Auckland');
  });

  it('refuses a caller without the token, and a bad setting with a clear error, leaving the clock alone', async () => {
    const started = await startClockHost();
    const before = clock.now();
    expect((await post(started, JSON.stringify({ now: 0 }))).status).toBe(401);
    const badZone = await post(started, JSON.stringify({ now: 0, timeZone: 'Mars/Olympus' }), { Authorization: `Bearer ${started.token}` });
    expect(badZone.status).toBe(400);
    expect(badZone.body).toContain('IANA time zone');
    expect((await post(started, 'tomorrow', { Authorization: `Bearer ${started.token}` })).status).toBe(400);
    expect(clock.now() - before).toBeLessThan(5_000);
  });

  it('does not exist on a host started without --test-clock', async () => {
    const plain = await startTestHost();
    try {
      const answer = await post(plain.host, JSON.stringify({ now: 0 }), { Authorization: `Bearer ${plain.host.token}` });
      expect(answer.status).not.toBe(200);
      expect(answer.body).not.toContain('"now"');
    } finally {
      await plain.close();
    }
  });
});

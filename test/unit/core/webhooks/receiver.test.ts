import { request as httpRequest } from 'node:http';
import { connect } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { DELIVERY_SCHEDULE_MS } from '../../../../main/simulator';
import { createFakeClock } from '../../../helpers/fake-clock';
import { ACCOUNT, envelope, KAT, post, signed, singleRoute, startHarness, TOKEN } from './harness';
import type { Harness } from './harness';

let harness: Harness | null = null;
afterEach(async () => {
  await harness?.close();
  harness = null;
});

describe('webhook receiver', () => {
  it('verifies, logs, acknowledges and then processes an event once', async () => {
    harness = await startHarness();
    const body = envelope();
    const reply = await harness.post(body, signed(body));
    expect(reply.status).toBe(200);
    // An empty answer with its length said, not a chunked one: the least for the sender to read.
    expect(reply.headers['content-length']).toBe('0');
    expect(reply.headers['transfer-encoding']).toBeUndefined();
    await harness.receiver.idle();
    expect(harness.processed).toEqual([expect.objectContaining({ accountId: ACCOUNT, event: 'quote.status_changed', replay: false, data: expect.objectContaining({ newStatus: 'ACCEPTED' }) })]);
    const [inspected] = harness.receiver.inspector.list(ACCOUNT);
    expect(inspected).toMatchObject({ signature: { ok: true, secret: 'current' }, dedupe: 'new', status: 200, caused: 'seen quote.status_changed' });
    expect(inspected?.body?.toString()).toBe(body);
    expect(inspected?.headers['x-webhook-event']).toBe('quote.status_changed');
  });

  it('verifies, logs and processes a body that arrives in several chunks as one body', async () => {
    harness = await startHarness();
    const body = envelope('quote.status_changed', { note: 'x'.repeat(2_000) });
    const cut = [700, 1_500];
    // Chunked, with a pause after each piece: the receiver reads three 'data' events, not one.
    const status = await new Promise<number>((resolve, reject) => {
      const req = httpRequest(harness!.url, { method: 'POST', headers: { 'transfer-encoding': 'chunked', ...signed(body) } }, (res) => {
        res.resume();
        resolve(res.statusCode ?? 0);
      });
      req.on('error', reject);
      const pieces = [body.slice(0, cut[0]), body.slice(cut[0], cut[1]), body.slice(cut[1])];
      const next = () => {
        const piece = pieces.shift();
        if (piece === undefined) return void req.end();
        req.write(piece);
        setTimeout(next, 20);
      };
      next();
    });
    expect(status).toBe(200);
    await harness.receiver.idle();
    expect(harness.processed).toEqual([expect.objectContaining({ event: 'quote.status_changed', data: expect.objectContaining({ note: 'x'.repeat(2_000) }) })]);
    expect(harness.receiver.inspector.list(ACCOUNT)[0]?.body?.toString()).toBe(body);
  });

  it('answers and processes a logged event even when an inspector listener throws', async () => {
    harness = await startHarness();
    harness.receiver.inspector.onRecord(() => {
      throw new Error('the activity view broke');
    });
    const body = envelope();
    expect((await harness.post(body, signed(body))).status).toBe(200);
    await harness.receiver.idle();
    expect(harness.processed.map((event) => event.event)).toEqual(['quote.status_changed']);
  });

  it('accepts the known-answer signature and refuses it with any byte flipped', async () => {
    harness = await startHarness({ routes: singleRoute(() => ({ current: KAT.secret, previous: null })) });
    // The vector's body is not an envelope: a valid signature gets it as far as the 400.
    expect((await harness.post(KAT.body, { 'x-webhook-signature': KAT.signature })).status).toBe(400);
    const body = Buffer.from(KAT.body);
    for (let index = 0; index < body.length; index++) {
      const flipped = Buffer.from(body);
      flipped[index] = (flipped[index] as number) ^ 0x20;
      expect((await harness.post(flipped, { 'x-webhook-signature': KAT.signature })).status).toBe(401);
    }
    expect(harness.receiver.inspector.signatureFailures(ACCOUNT).count).toBe(body.length);
  });

  it('answers forged and malformed signatures with 401, never 5xx, and processes nothing', async () => {
    harness = await startHarness();
    const body = envelope();
    const good = signed(body)['x-webhook-signature'] as string;
    const headers: Array<Record<string, string | string[]>> = [
      {},
      { 'x-webhook-signature': '' },
      { 'x-webhook-signature': 'not hex at all' },
      { 'x-webhook-signature': good.slice(2) },
      { 'x-webhook-signature': `${good}ab` },
      { 'x-webhook-signature': [good, good] },
      { 'x-webhook-signature': signed(body, 'someone-elses-secret')['x-webhook-signature'] as string },
      { 'x-webhook-signature': '0'.repeat(64) },
      { 'x-webhook-signature': `sha256=${good}` },
    ];
    for (const header of headers) expect((await harness.post(body, header)).status).toBe(401);
    await harness.receiver.idle();
    expect(harness.processed).toEqual([]);
    const inspected = harness.receiver.inspector.list(ACCOUNT);
    expect(inspected.every((delivery) => delivery.body === null && !delivery.signature.ok)).toBe(true);
    expect(harness.receiver.inspector.signatureFailures(ACCOUNT)).toMatchObject({ count: headers.length, lastReason: 'malformed' });
  });

  it('refuses a valid body re-serialised with other whitespace', async () => {
    harness = await startHarness();
    const body = envelope();
    const reformatted = JSON.stringify(JSON.parse(body), null, 2);
    expect((await harness.post(reformatted, signed(body))).status).toBe(401);
    expect((await harness.post(`${body}\n`, signed(body))).status).toBe(401);
    await harness.receiver.idle();
    expect(harness.processed).toEqual([]);
  });

  it('keeps unknown event types and refuses a bad envelope after a valid signature with 400', async () => {
    harness = await startHarness();
    const unknown = JSON.stringify({ event: 'invoice.paid', data: { invoiceId: 'inv-1' } });
    expect((await harness.post(unknown, signed(unknown))).status).toBe(200);
    for (const bad of ['{"event":"quote.created"}', '[1,2]', '{"event":"","data":{}}', 'not json']) {
      expect((await harness.post(bad, signed(bad))).status).toBe(400);
    }
    await harness.receiver.idle();
    expect(harness.processed.map((event) => event.event)).toEqual(['invoice.paid']);
  });

  it('answers other methods with 405 and Allow, unknown paths with 404', async () => {
    harness = await startHarness();
    for (const method of ['GET', 'PUT', 'DELETE']) {
      const reply = await post(harness.url, '', {}, method);
      expect(reply.status).toBe(405);
      expect(reply.headers.allow).toBe('POST');
    }
    const body = envelope();
    expect((await harness.post(body, signed(body), '/hooks/tok_guessed_guessed_guessed')).status).toBe(404);
    expect((await harness.post(body, signed(body), `/hooks/${TOKEN}/x`)).status).toBe(404);
  });

  it('answers an oversized body with 413 before reading it, declared or chunked', async () => {
    harness = await startHarness();
    const big = Buffer.alloc(256 * 1024 + 1, 0x61);
    expect((await harness.post(big, signed(big))).status).toBe(413);
    // A sender still streaming when the 413 goes out must still read it (a lingering close):
    // closing at once would make the kernel answer its next bytes with a reset.
    const chunked = await new Promise<number>((resolve, reject) => {
      const req = httpRequest(harness!.url, { method: 'POST', headers: { 'transfer-encoding': 'chunked', ...signed(big) } }, (res) => {
        clearInterval(pump);
        res.resume();
        resolve(res.statusCode ?? 0);
      });
      req.on('error', (error) => {
        clearInterval(pump);
        reject(error);
      });
      let sent = 0;
      const pump = setInterval(() => {
        if (sent >= 4 * 1024 * 1024 || req.destroyed) return void clearInterval(pump);
        req.write(Buffer.alloc(64 * 1024, 0x61));
        sent += 64 * 1024;
      }, 2);
    });
    expect(chunked).toBe(413);
    // A sender that pushed far more than the limit in one go still reads its 413.
    const chunk = 'b'.repeat(64 * 1024);
    const chunks = Array.from({ length: 17 }, () => `${chunk.length.toString(16)}\r\n${chunk}\r\n`).join('');
    const raw = await new Promise<string>((resolve, reject) => {
      const socket = connect(Number(new URL(harness!.url).port), '127.0.0.1', () => socket.write(`POST /hooks/${TOKEN} HTTP/1.1\r\nHost: x\r\nTransfer-Encoding: chunked\r\n\r\n${chunks}`));
      let response = '';
      socket.on('data', (data) => (response += data.toString('utf8')));
      socket.on('close', () => resolve(response));
      socket.on('error', reject);
    });
    expect(raw).toMatch(/^HTTP\/1\.1 413 /);
    expect(harness.receiver.inspector.list(ACCOUNT)).toEqual([]);
  });

  it('processes the same delivery sent at the retry schedule once', async () => {
    // The sender's clock: attempts at its real waits (and at the spec's longest reading, 31 s in).
    const clock = createFakeClock(Date.now());
    harness = await startHarness({ clock });
    const body = envelope('quote.created');
    for (const wait of [...DELIVERY_SCHEDULE_MS, 25_000]) {
      clock.advance(wait);
      expect((await harness.post(body, signed(body))).status).toBe(200);
    }
    await harness.receiver.idle();
    expect(harness.processed).toHaveLength(1);
    expect(harness.receiver.inspector.list(ACCOUNT).map((delivery) => delivery.dedupe)).toEqual(['duplicate', 'duplicate', 'duplicate', 'new']);
  });

  it('processes 50 identical deliveries in parallel once, and acknowledges each', async () => {
    harness = await startHarness();
    const body = envelope('quote.revised_and_sent');
    const replies = await Promise.all(Array.from({ length: 50 }, () => harness!.post(body, signed(body))));
    expect(replies.every((reply) => reply.status === 200)).toBe(true);
    await harness.receiver.idle();
    expect(harness.processed).toHaveLength(1);
  });

  it('accepts the previous secret within its grace period only', async () => {
    let secrets = { current: 'new-secret', previous: 'old-secret' as string | null };
    harness = await startHarness({ routes: singleRoute(() => secrets) });
    const first = envelope('quote.created', { n: 1 });
    expect((await harness.post(first, signed(first, 'old-secret'))).status).toBe(200);
    secrets = { current: 'new-secret', previous: null };
    const second = envelope('quote.created', { n: 2 });
    expect((await harness.post(second, signed(second, 'old-secret'))).status).toBe(401);
    expect((await harness.post(second, signed(second, 'new-secret'))).status).toBe(200);
  });

  it('replays an inspected event into processing, marked as a replay', async () => {
    harness = await startHarness();
    const a = envelope('quote.created');
    const b = envelope('quote.cancelled');
    await harness.post(a, signed(a));
    await harness.post(b, signed(b));
    await harness.receiver.idle();
    const cancelled = harness.receiver.inspector.list(ACCOUNT, { type: 'quote.cancelled' });
    expect(cancelled).toHaveLength(1);
    expect(await harness.receiver.replay(cancelled[0]!.id)).toBe('seen quote.cancelled');
    expect(harness.processed.map((event) => [event.event, event.replay])).toEqual([
      ['quote.created', false],
      ['quote.cancelled', false],
      ['quote.cancelled', true],
    ]);
  });

  it('processes the same body once for each account it was delivered to, and a resend to either once', async () => {
    const other = { path: '/hooks/tok_other_account_0123456789', accountId: 'acct-2', secret: 'whsec_other' };
    harness = await startHarness({
      routes: {
        byPath: (pathname) =>
          pathname === `/hooks/${TOKEN}`
            ? singleRoute().byPath(pathname)
            : pathname === other.path
              ? { accountId: other.accountId, secrets: () => ({ current: other.secret, previous: null }) }
              : null,
      },
    });
    const body = envelope('quote.revised');
    expect((await harness.post(body, signed(body))).status).toBe(200);
    expect((await harness.post(body, signed(body, other.secret), other.path)).status).toBe(200);
    expect((await harness.post(body, signed(body, other.secret), other.path)).status).toBe(200);
    expect((await harness.post(body, signed(body))).status).toBe(200);
    await harness.receiver.idle();
    expect(harness.processed.map((event) => event.accountId)).toEqual([ACCOUNT, other.accountId]);
  });

  it('cuts sockets that dribble their headers or body past the limits, even when they keep their side open, while a delivery is answered at once', async () => {
    harness = await startHarness({ limits: { headersMs: 300, requestMs: 600, lingerMs: 200 } });
    const port = Number(new URL(harness.url).port);
    // A peer that ignores our FIN (allowHalfOpen) and goes on sending, as a slowloris client does.
    const dribble = (start: string, drip: string) => {
      const socket = connect({ port, host: '127.0.0.1', allowHalfOpen: true });
      let answer = '';
      socket.on('data', (chunk) => (answer += chunk.toString()));
      socket.on('error', () => undefined);
      socket.write(start);
      const timer = setInterval(() => socket.writable && socket.write(drip), 50);
      // Never ends by itself: only the server can close it; 3 s is far past every limit given.
      const closed = new Promise<string>((resolve) => socket.on('close', () => resolve(answer)));
      const outcome = Promise.race([closed, new Promise<string>((resolve) => setTimeout(() => resolve('still open'), 3_000))]);
      return outcome.finally(() => {
        clearInterval(timer);
        socket.destroy();
      });
    };
    const headers = dribble(`POST /hooks/${TOKEN} HTTP/1.1\r\nHost: 127.0.0.1\r\n`, 'x-drip: 1\r\n');
    const body = dribble(`POST /hooks/${TOKEN} HTTP/1.1\r\nHost: 127.0.0.1\r\ncontent-length: 100000\r\n\r\n`, 'x');
    const delivery = envelope();
    const reply = await harness.post(delivery, signed(delivery));
    expect(reply.status).toBe(200);
    expect(await headers).toMatch(/^HTTP\/1\.1 408/);
    expect(await body).toMatch(/^HTTP\/1\.1 408/);
  });

  it('closes a slow-header socket while a legitimate delivery is answered promptly', async () => {
    harness = await startHarness({ limits: { headersMs: 300, requestMs: 600 } });
    const port = new URL(harness.url).port;
    const slow = connect(Number(port), '127.0.0.1');
    const closed = new Promise<string>((resolve) => {
      let text = '';
      slow.on('data', (chunk) => (text += chunk.toString()));
      slow.on('close', () => resolve(text));
    });
    slow.write(`POST /hooks/${TOKEN} HTTP/1.1\r\nHost: 127.0.0.1\r\n`);
    const drip = setInterval(() => slow.writable && slow.write('x-drip: 1\r\n'), 50);
    const body = envelope();
    const reply = await harness.post(body, signed(body));
    expect(reply.status).toBe(200);
    const answer = await closed;
    clearInterval(drip);
    expect(answer).toMatch(/^HTTP\/1\.1 408/);
    // A socket that never sends a byte is cut too (read from, as a real peer would, to see the close).
    const idle = connect(Number(port), '127.0.0.1');
    idle.resume();
    await new Promise<void>((resolve) => idle.on('close', () => resolve()));
  });
});

import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { runListenCommand } from '../../../main/cli/listen/command';
import { envelope, post, signed } from '../core/webhooks/harness';

const SECRET = 'whsec_listen';
const stops: AbortController[] = [];
afterEach(() => {
  for (const stop of stops) stop.abort();
  stops.length = 0;
});

interface Running {
  lines: string[];
  errors: string[];
  url: string;
  stop(): Promise<number>;
}

async function listen(args: string[]): Promise<Running> {
  const controller = new AbortController();
  stops.push(controller);
  const lines: string[] = [];
  const errors: string[] = [];
  let buffered = '';
  const exit = runListenCommand(args, {
    cwd: process.cwd(),
    stdout: { write: (text: string) => { buffered += text; const parts = buffered.split('\n'); buffered = parts.pop() ?? ''; lines.push(...parts); } },
    stderr: { write: (text: string) => errors.push(text) },
    env: {},
    signal: controller.signal,
  });
  for (let attempt = 0; attempt < 500 && lines.length === 0; attempt++) await new Promise((resolve) => setTimeout(resolve, 10));
  const url = /http:\/\/127\.0\.0\.1:\d+\//.exec(lines[0] ?? '')?.[0];
  if (!url) throw new Error(`listen did not start: ${errors.join('')}`);
  return { lines, errors, url, stop: () => (controller.abort(), exit) };
}

async function linesAtLeast(running: Running, count: number): Promise<string[]> {
  for (let attempt = 0; attempt < 500 && running.lines.length < count; attempt++) await new Promise((resolve) => setTimeout(resolve, 10));
  return running.lines;
}

describe('quotedesk listen', () => {
  it('prints its URL first, then one line per verified, unique event, with the same checks as the app', async () => {
    const running = await listen(['--port', '0', '--secret', SECRET]);
    expect(running.lines[0]).toBe(`Listening on ${running.url}`);
    const body = envelope('quote.accepted', { entityNumber: 'Q-1001' });
    expect((await post(`${running.url}webhooks`, body, signed(body, SECRET))).status).toBe(200);
    expect((await post(`${running.url}webhooks`, body, signed(body, SECRET))).status).toBe(200);
    expect((await post(running.url, body, signed(body, 'wrong'))).status).toBe(401);
    expect((await post(running.url, body, { 'x-webhook-signature': 'nope' })).status).toBe(401);
    expect((await post(running.url, '', {}, 'GET')).status).toBe(405);
    const big = Buffer.alloc(300 * 1024, 0x20);
    expect((await post(running.url, big, signed(big, SECRET))).status).toBe(413);
    const other = envelope('quote.cancelled');
    expect((await post(running.url, other, signed(other, SECRET))).status).toBe(200);
    const lines = await linesAtLeast(running, 7);
    expect(await running.stop()).toBe(0);
    // Every refusal is printed with its reason, in the order they came, between the events.
    expect(lines).toHaveLength(7);
    expect(lines[1]).toMatch(/^\d{4}-\d\d-\d\dT[\d:.]+Z {2}quote\.accepted {2}Q-1001 {2}SENT -> ACCEPTED$/);
    expect(lines[2]).toMatch(/Z {2}refused 401 {2}invalid signature \(mismatch\) {2}\(\/\)$/);
    expect(lines[3]).toMatch(/refused 401 {2}invalid signature \(malformed\)/);
    expect(lines[4]).toMatch(/refused 405 {2}GET: only POST is accepted/);
    expect(lines[5]).toMatch(/refused 413 {2}body over 262144 bytes/);
    expect(lines[6]).toContain('quote.cancelled');
  });

  it('prints one JSON object per event with --json', async () => {
    const running = await listen(['--port', '0', '--secret', SECRET, '--json']);
    expect(JSON.parse(running.lines[0]!)).toEqual({ listening: running.url });
    const body = envelope('project.created');
    await post(running.url, body, signed(body, SECRET));
    const [, line] = await linesAtLeast(running, 2);
    const printed = JSON.parse(line!) as Record<string, unknown>;
    expect(printed).toEqual({ event: 'project.created', data: JSON.parse(body).data, receivedAt: expect.stringMatching(/Z$/) });
    await post(running.url, body, signed(body, 'not the secret'));
    const [, , refused] = await linesAtLeast(running, 3);
    expect(JSON.parse(refused!)).toEqual({ refused: 401, reason: 'invalid signature (mismatch)', path: '/', receivedAt: expect.stringMatching(/Z$/) });
    await running.stop();
  });

  it('forwards the raw body and headers unchanged, so the signature still verifies downstream', async () => {
    const received: Array<{ headers: Record<string, string | string[] | undefined>; raw: Buffer }> = [];
    const target = createServer((req, res) => {
      const chunks: Buffer[] = [];
      req.on('data', (chunk: Buffer) => chunks.push(chunk));
      req.on('end', () => {
        received.push({ headers: req.headers, raw: Buffer.concat(chunks) });
        res.writeHead(204).end();
      });
    });
    await new Promise<void>((resolve) => target.listen(0, '127.0.0.1', resolve));
    try {
      const running = await listen(['--port', '0', '--secret', SECRET, '--forward-to', `http://127.0.0.1:${(target.address() as AddressInfo).port}/in`]);
      const body = `{ "event":"quote.created",   "data":{"entityId":"e1"} }`;
      const headers = signed(body, SECRET, 'quote.created');
      await post(running.url, body, { ...headers, 'user-agent': 'QuotingService/1.0' });
      const lines = await linesAtLeast(running, 3);
      expect(lines[1]).toMatch(/quote\.created {2}e1$/);
      expect(lines[2]).toMatch(/forwarded quote\.created {2}e1: HTTP 204$/);
      await running.stop();
      expect(received).toHaveLength(1);
      expect(received[0]!.raw.toString()).toBe(body);
      expect(received[0]!.headers).toMatchObject({ 'x-webhook-signature': headers['x-webhook-signature'], 'x-webhook-event': 'quote.created', 'user-agent': 'QuotingService/1.0', 'content-type': 'application/json' });
    } finally {
      target.close();
    }
  });

  it('refuses bad arguments with a usage message and exit code 2', async () => {
    const cases = [
      ['--port', '0'],
      ['--port', 'eighty', '--secret', SECRET],
      ['--port', '0', '--secret', SECRET, '--forward-to', 'http://example.com/hook'],
      ['--port', '0', '--secret', SECRET, '--bogus'],
    ];
    for (const args of cases) {
      const errors: string[] = [];
      expect(await runListenCommand(args, { cwd: process.cwd(), stdout: { write: () => undefined }, stderr: { write: (text: string) => errors.push(text) }, env: {} })).toBe(2);
      expect(errors.join('')).toContain('quotedesk listen --account NAME');
    }
  });
});

import { Socket } from 'node:net';
import { request } from 'undici';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { QuoteDetailsResponse, QuoteListResponse } from '../../../preload/contract';
import { startSimulator } from '../../../main/simulator';
import type { Simulator } from '../../../main/simulator';
import { api, key } from './http';

const LIST = '/api/public/v1/quotes?page=1&limit=5';
let sim: Simulator;
let admin: Record<string, string>;

beforeAll(async () => {
  sim = await startSimulator({ seed: 30 });
  admin = key(sim.credentials.adminApiKey);
});
afterAll(() => sim.close());
afterEach(() => sim.operator.clearFaults());

/** Sends a raw request and reports what came back before the server stopped or `waitMs` passed. */
function rawExchange(path: string, waitMs: number): Promise<{ data: string; closed: boolean }> {
  return new Promise((resolve) => {
    const socket = new Socket();
    let data = '';
    let closed = false;
    const url = new URL(sim.baseUrl);
    socket.connect(Number(url.port), '127.0.0.1', () => {
      socket.write(`GET ${path} HTTP/1.1\r\nHost: 127.0.0.1\r\nApi-key: ${sim.credentials.adminApiKey}\r\nConnection: close\r\n\r\n`);
    });
    socket.on('data', (chunk) => (data += chunk.toString('utf8')));
    socket.on('close', () => {
      closed = true;
      resolve({ data, closed });
    });
    socket.on('error', () => undefined);
    setTimeout(() => {
      socket.destroy();
      if (!closed) resolve({ data, closed: false });
    }, waitMs);
  });
}

describe('fault injection', () => {
  it('answers 5xx with Retry-After, only for matching requests and only as many times as asked', async () => {
    sim.operator.addFault({ kind: 'error', status: 503, retryAfter: 7, times: 2, match: { method: 'GET', pathPrefix: '/api/public/v1/quotes' } });
    expect((await api(sim.baseUrl, '/api/public/v1/webhooks', { headers: admin })).status).toBe(404);
    const first = await api(sim.baseUrl, LIST, { headers: admin });
    expect(first.status).toBe(503);
    expect(first.headers['retry-after']).toBe('7');
    expect((await api(sim.baseUrl, LIST, { headers: admin })).status).toBe(503);
    expect((await api(sim.baseUrl, LIST, { headers: admin })).status).toBe(200);
    expect(sim.operator.faults()).toHaveLength(0);
  });

  it('answers 429 with Retry-After and a rate-limit error body, then lets the request through', async () => {
    sim.operator.addFault({ kind: 'error', status: 429, retryAfter: 3, times: 1 });
    const limited = await api(sim.baseUrl, LIST, { headers: admin });
    expect(limited.status).toBe(429);
    expect(limited.headers['retry-after']).toBe('3');
    expect(limited.json).toMatchObject({ success: false, error: { code: 'rate_limited' } });
    expect((await api(sim.baseUrl, LIST, { headers: admin })).status).toBe(200);
  });

  it('accepts any 4xx for the error fault, over the operator interface too', async () => {
    const added = await api(sim.baseUrl, '/__operator/faults', { method: 'POST', headers: admin, body: { kind: 'error', status: 409, times: 1 } });
    expect(added.status).toBe(201);
    expect((await api(sim.baseUrl, LIST, { headers: admin })).status).toBe(409);
    const refused = await api(sim.baseUrl, '/__operator/faults', { method: 'POST', headers: admin, body: { kind: 'error', status: 399 } });
    expect(refused.status).toBe(400);
  });

  it('applies a rate: 0 never, 1 always', async () => {
    sim.operator.addFault({ kind: 'error', rate: 0 });
    expect((await api(sim.baseUrl, LIST, { headers: admin })).status).toBe(200);
    sim.operator.clearFaults();
    sim.operator.addFault({ kind: 'error', rate: 1, status: 502 });
    expect((await api(sim.baseUrl, LIST, { headers: admin })).status).toBe(502);
  });

  it('never applies to operator paths', async () => {
    sim.operator.addFault({ kind: 'reset-before' });
    expect((await api(sim.baseUrl, '/__operator/companies', { headers: admin })).status).toBe(200);
  });

  it('resets the connection before the request takes effect', async () => {
    const quote = sim.operator.findQuotes({ status: 'SENT' })[0]!;
    sim.operator.addFault({ kind: 'reset-before', times: 1, match: { pathPrefix: `/api/public/v1/quotes/${quote.id}/accept` } });
    await expect(api(sim.baseUrl, `/api/public/v1/quotes/${quote.id}/accept`, { method: 'POST', headers: admin })).rejects.toThrow();
    expect(sim.operator.quote(quote.id).status).toBe('SENT');
  });

  it('resets the connection after an accept took effect', async () => {
    const quote = sim.operator.findQuotes({ status: 'SENT' })[1]!;
    sim.operator.addFault({ kind: 'reset-after', times: 1, match: { method: 'POST' } });
    await expect(api(sim.baseUrl, `/api/public/v1/quotes/${quote.id}/accept`, { method: 'POST', headers: admin })).rejects.toThrow();
    expect(sim.operator.quote(quote.id).status).toBe('CHANGED_TO_PROJECT');
    const retry = await api(sim.baseUrl, `/api/public/v1/quotes/${quote.id}/accept`, { method: 'POST', headers: admin });
    expect(retry.status).toBe(400);
  });

  it('adds latency before answering normally', async () => {
    sim.operator.addFault({ kind: 'latency', latencyMs: 30, times: 1 });
    sim.operator.addFault({ kind: 'error', times: 1, match: { pathPrefix: '/nowhere' } });
    const response = await api(sim.baseUrl, LIST, { headers: admin });
    expect(response.status).toBe(200);
    expect(sim.operator.faults().map((fault) => fault.kind)).toEqual(['error']);
  });

  it('sends malformed JSON', async () => {
    sim.operator.addFault({ kind: 'malformed-json', times: 1 });
    const response = await api(sim.baseUrl, LIST, { headers: admin });
    expect(response.status).toBe(200);
    expect(() => JSON.parse(response.text)).toThrow();
  });

  it('sends valid JSON that breaks the schema', async () => {
    sim.operator.addFault({ kind: 'schema-violation', times: 2 });
    const list = await api(sim.baseUrl, LIST, { headers: admin });
    expect(QuoteListResponse.safeParse(list.json).success).toBe(false);
    const id = sim.operator.findQuotes()[0]!.id;
    const detail = await api(sim.baseUrl, `/api/public/v1/quotes/${id}`, { headers: admin });
    expect(detail.status).toBe(200);
    expect(QuoteDetailsResponse.safeParse(detail.json).success).toBe(false);
    expect(QuoteDetailsResponse.safeParse((await api(sim.baseUrl, `/api/public/v1/quotes/${id}`, { headers: admin })).json).success).toBe(true);
  });

  it('stalls before the headers', async () => {
    sim.operator.addFault({ kind: 'stall-headers', times: 1 });
    const exchange = await rawExchange(LIST, 150);
    expect(exchange).toEqual({ data: '', closed: false });
  });

  it('stalls in the middle of the body', async () => {
    sim.operator.addFault({ kind: 'stall-body', times: 1 });
    const exchange = await rawExchange(LIST, 150);
    expect(exchange.closed).toBe(false);
    expect(exchange.data).toMatch(/^HTTP\/1\.1 200/);
    const [head, body] = exchange.data.split('\r\n\r\n');
    const declared = Number(/content-length: (\d+)/i.exec(head!)![1]);
    expect(Buffer.byteLength(body!)).toBeLessThan(declared);
    // A client with a body timeout sees the stall as an error.
    sim.operator.addFault({ kind: 'stall-body', times: 1 });
    const response = await request(`${sim.baseUrl}${LIST}`, { headers: admin, bodyTimeout: 100 });
    await expect(response.body.text()).rejects.toThrow();
  });

  it('refuses invalid fault specs', () => {
    expect(() => sim.operator.addFault({ kind: 'error', rate: 2 })).toThrow();
    expect(() => sim.operator.addFault({ kind: 'error', status: 302 })).toThrow();
    expect(() => sim.operator.addFault({ kind: 'error', status: 600 })).toThrow();
    expect(() => sim.operator.addFault({ kind: 'nope' } as never)).toThrow();
  });
});

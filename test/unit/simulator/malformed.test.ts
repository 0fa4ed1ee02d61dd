import { Socket } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSimulator } from '../../../main/simulator';
import type { Simulator } from '../../../main/simulator';
import { api, errorCode, key } from './http';

let sim: Simulator;
let admin: Record<string, string>;

beforeAll(async () => {
  sim = await startSimulator({ seed: 40 });
  admin = key(sim.credentials.adminApiKey);
});
afterAll(() => sim.close());

function rawRequest(text: string): Promise<string> {
  return new Promise((resolve, reject) => {
    const socket = new Socket();
    let data = '';
    socket.connect(Number(new URL(sim.baseUrl).port), '127.0.0.1', () => socket.write(text));
    socket.on('data', (chunk) => (data += chunk.toString('utf8')));
    socket.on('close', () => resolve(data));
    socket.on('error', reject);
  });
}

describe('malformed requests get a 4xx with a JSON error body and never crash the server', () => {
  it('bad JSON bodies: 400 invalid_json', async () => {
    const quote = sim.operator.findQuotes({ status: 'SENT' })[0]!;
    for (const [path, body] of [
      ['/api/credentials/token', '{"clientId": '],
      ['/api/public/v1/webhooks', 'url=https://x'],
      [`/api/public/v1/quotes/${quote.id}/decline`, '{reason: nope}'],
    ] as const) {
      const response = await api(sim.baseUrl, path, { method: 'POST', headers: { ...admin, 'content-type': 'application/json' }, body });
      expect(response.status).toBe(400);
      expect(errorCode(response)).toBe('invalid_json');
    }
    expect(sim.operator.quote(quote.id).status).toBe('SENT');
  });

  it('wrong types: 400', async () => {
    expect((await api(sim.baseUrl, '/api/credentials/token', { method: 'POST', body: { clientId: ['a'], clientSecret: {} } })).status).toBe(400);
    expect((await api(sim.baseUrl, '/api/public/v1/webhooks', { method: 'POST', headers: admin, body: { url: { href: 'https://x' } } })).status).toBe(400);
    expect((await api(sim.baseUrl, '/api/credentials/token', { method: 'POST', headers: { 'content-type': 'application/json' }, body: 'null' })).status).toBe(400);
  });

  it('huge bodies: 413', async () => {
    const huge = JSON.stringify({ url: 'https://example.com/' + 'a'.repeat(1024 * 1024) });
    const response = await api(sim.baseUrl, '/api/public/v1/webhooks', { method: 'POST', headers: { ...admin, 'content-type': 'application/json' }, body: huge });
    expect(response.status).toBe(413);
    expect(errorCode(response)).toBe('payload_too_large');
    const chunked = await rawRequest(
      `POST /api/credentials/token HTTP/1.1\r\nHost: x\r\nTransfer-Encoding: chunked\r\nConnection: close\r\n\r\n100001\r\n${'b'.repeat(0x100001)}\r\n0\r\n\r\n`,
    );
    expect(chunked).toMatch(/^HTTP\/1\.1 413/);
  });

  it('unknown paths: 404; wrong methods: 405 with Allow', async () => {
    for (const path of ['/', '/api/public/v2/quotes', '/api/public/v1/quotes/', '/api/public/v1/rfqs', '/__operator/nothing']) {
      const response = await api(sim.baseUrl, path, { headers: admin });
      expect(response.status, path).toBe(404);
      expect(errorCode(response)).toBe('not_found');
    }
    const quote = sim.operator.findQuotes()[0]!;
    for (const [method, path, allow] of [
      ['DELETE', `/api/public/v1/quotes/${quote.id}`, 'GET'],
      ['GET', `/api/public/v1/quotes/${quote.id}/accept`, 'POST'],
      ['PUT', '/api/public/v1/webhooks', 'POST, GET, DELETE'],
      ['GET', '/api/credentials/token', 'POST'],
    ] as const) {
      const response = await api(sim.baseUrl, path, { method, headers: admin });
      expect(response.status, `${method} ${path}`).toBe(405);
      expect(response.headers.allow).toBe(allow);
      expect(errorCode(response)).toBe('method_not_allowed');
    }
  });

  it('bad uuids: 404 like an unknown quote', async () => {
    for (const id of ['123', 'not-a-uuid', '2b1f4a3c-1d2e-4f5a-8b6c', "'; DROP TABLE quotes;--"]) {
      const response = await api(sim.baseUrl, `/api/public/v1/quotes/${encodeURIComponent(id)}`, { headers: admin });
      expect(response.status).toBe(404);
      expect(errorCode(response)).toBe('quote_not_found');
    }
  });

  it('a request line the HTTP parser rejects gets a 400 and the server keeps serving', async () => {
    const answer = await rawRequest('NOT AN HTTP REQUEST\r\n\r\n');
    expect(answer).toMatch(/^HTTP\/1\.1 400/);
    expect(JSON.parse(answer.split('\r\n\r\n')[1]!)).toMatchObject({ success: false, error: { code: 'bad_request' } });
    expect((await api(sim.baseUrl, '/api/public/v1/quotes?page=1&limit=1', { headers: admin })).status).toBe(200);
  });
});

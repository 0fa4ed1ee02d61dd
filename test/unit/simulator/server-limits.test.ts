import { Socket } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSimulator } from '../../../main/simulator';
import type { Simulator } from '../../../main/simulator';

// Idle and slow sockets cannot hold connections: the simulator runs with short timeouts
// here so that the tests wait for them without waiting long.
let sim: Simulator;

beforeAll(async () => {
  sim = await startSimulator({ seed: 53, timeouts: { headersMs: 150, requestMs: 300, keepAliveMs: 100 } });
});
afterAll(() => sim.close());

/** Writes `text`, then waits, without sending anything more, until the server closes the socket. */
function untilClosed(text: string): Promise<{ response: string; bytesWritten: number }> {
  return new Promise((resolve, reject) => {
    const socket = new Socket();
    let response = '';
    socket.connect(Number(new URL(sim.baseUrl).port), '127.0.0.1', () => socket.write(text));
    socket.on('data', (chunk) => (response += chunk.toString('utf8')));
    socket.on('close', () => resolve({ response, bytesWritten: socket.bytesWritten }));
    socket.on('error', reject);
  });
}

function jsonError(response: string): { code?: string; message?: string } | undefined {
  const body = response.slice(response.indexOf('\r\n\r\n') + 4);
  return (JSON.parse(body) as { success: boolean; error?: { code?: string; message?: string } }).error;
}

describe('server timeouts', () => {
  it('answers a request whose headers never finish with a JSON 408 and closes the socket', async () => {
    const { response } = await untilClosed('GET /api/public/v1/quotes?page=1&limit=5 HTTP/1.1\r\nHost: x\r\n');
    expect(response).toMatch(/^HTTP\/1\.1 408 /);
    expect(jsonError(response)?.code).toBe('request_timeout');
  });

  it('answers a request whose body never finishes with a JSON 408 and leaves the quote alone', async () => {
    const quote = sim.operator.findQuotes({ status: 'SENT' })[0]!;
    const { response } = await untilClosed(
      `POST /api/public/v1/quotes/${quote.id}/decline HTTP/1.1\r\nHost: x\r\nApi-key: ${sim.credentials.adminApiKey}\r\n` +
        'Content-Type: application/json\r\nContent-Length: 100\r\n\r\n{"reason": "slo',
    );
    expect(response).toMatch(/^HTTP\/1\.1 408 /);
    expect(jsonError(response)?.code).toBe('request_timeout');
    expect(sim.operator.quote(quote.id).status).toBe('SENT');
  });

  it('closes an idle kept-alive connection', async () => {
    const { response } = await untilClosed(`GET /api/public/v1/quotes/filters HTTP/1.1\r\nHost: x\r\nApi-key: ${sim.credentials.adminApiKey}\r\n\r\n`);
    expect(response).toMatch(/^HTTP\/1\.1 200 /);
    expect(response).toMatch(/keep-alive/i);
  });

  it('refuses an out-of-range timeout', async () => {
    await expect(startSimulator({ timeouts: { headersMs: 0 } })).rejects.toThrow(RangeError);
    await expect(startSimulator({ timeouts: { headersMs: 500, requestMs: 400 } })).rejects.toThrow(/headersMs/);
  });
});

describe('bodies over the limit', () => {
  it('answers 413 and closes the socket without reading the rest of a declared body', async () => {
    const { response } = await untilClosed(
      `POST /api/credentials/token HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: ${2 * 1024 * 1024}\r\n\r\n{"clientId": "`,
    );
    expect(response).toMatch(/^HTTP\/1\.1 413 /);
    expect(jsonError(response)?.code).toBe('payload_too_large');
  });

  it('answers 413 and closes the socket as soon as a chunked body passes the limit', async () => {
    const chunk = 'b'.repeat(64 * 1024);
    const chunks = Array.from({ length: 17 }, () => `${chunk.length.toString(16)}\r\n${chunk}\r\n`).join('');
    const { response } = await untilClosed(`POST /api/credentials/token HTTP/1.1\r\nHost: x\r\nTransfer-Encoding: chunked\r\n\r\n${chunks}`);
    expect(response).toMatch(/^HTTP\/1\.1 413 /);
    expect(jsonError(response)?.code).toBe('payload_too_large');
  });
});

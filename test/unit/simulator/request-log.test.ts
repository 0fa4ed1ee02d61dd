import { EventEmitter } from 'node:events';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { CredentialStore } from '../../../main/simulator/auth/credentials';
import { REQUEST_LOG_LIMIT, RequestLog } from '../../../main/simulator/http/request-log';
import { RingBuffer } from '../../../main/simulator/ring-buffer';
import { startSimulator } from '../../../main/simulator';
import type { Simulator } from '../../../main/simulator';
import { api, key } from './http';

const LIST = '/api/public/v1/quotes?page=1&limit=5';
let sim: Simulator;

beforeAll(async () => {
  sim = await startSimulator({ seed: 33, quotes: 20, log: () => undefined });
});
afterAll(() => sim.close());
afterEach(() => sim.operator.clearFaults());

/** What the log gained while `action` ran. */
async function logged(action: () => Promise<unknown>) {
  const before = sim.operator.requests().length;
  await action();
  return sim.operator.requests().slice(before).map(({ method, path, credential, status }) => ({ method, path, credential, status }));
}

async function tokenFor(company: { clientId: string; clientSecret: string }): Promise<string> {
  const response = await api(sim.baseUrl, '/api/credentials/token', { method: 'POST', body: company });
  return (response.json as { accessToken: string }).accessToken;
}

describe('request log', () => {
  it('records each public request with the kind of credential it presented and the status it got', async () => {
    const company = sim.credentials.companies[0]!;
    const token = await tokenFor(company);
    const entries = await logged(async () => {
      await api(sim.baseUrl, LIST, { headers: key(company.apiKey) });
      await api(sim.baseUrl, LIST, { headers: key(sim.credentials.adminApiKey) });
      await api(sim.baseUrl, LIST, { headers: { Authorisation: `Bearer ${token}` } });
      await api(sim.baseUrl, LIST, { headers: { Authorization: `Bearer ${token}` } });
      await api(sim.baseUrl, LIST, { headers: key('qs_live_not-a-real-key') });
      await api(sim.baseUrl, LIST);
      await api(sim.baseUrl, '/api/credentials/token', { method: 'POST', body: { clientId: company.clientId, clientSecret: 'wrong' } });
      await api(sim.baseUrl, '/nowhere');
    });
    const path = '/api/public/v1/quotes';
    expect(entries).toEqual([
      { method: 'GET', path, credential: 'api-key', status: 200 },
      { method: 'GET', path, credential: 'admin', status: 200 },
      { method: 'GET', path, credential: 'bearer', status: 200 },
      { method: 'GET', path, credential: 'bearer', status: 200 },
      { method: 'GET', path, credential: 'api-key', status: 401 },
      { method: 'GET', path, credential: 'none', status: 401 },
      { method: 'POST', path: '/api/credentials/token', credential: 'token-exchange', status: 401 },
      { method: 'GET', path: '/nowhere', credential: 'none', status: 404 },
    ]);
    expect(sim.operator.requests().at(-1)?.at).toMatch(/^\d{4}-\d\d-\d\dT/);
  });

  it('counts token exchanges whatever their outcome, and leaves operator paths out', async () => {
    const company = sim.credentials.companies[1]!;
    const before = sim.operator.tokenExchanges();
    await tokenFor(company);
    await api(sim.baseUrl, '/api/credentials/token', { method: 'POST', body: { clientId: 'x', clientSecret: 'y' } });
    expect(sim.operator.tokenExchanges()).toBe(before + 2);
    const entries = await logged(() => api(sim.baseUrl, '/__operator/companies', { headers: key(sim.credentials.adminApiKey) }));
    expect(entries).toEqual([]);
  });

  it('records no status when the connection was reset before any answer', async () => {
    sim.operator.addFault({ kind: 'reset-before', times: 1 });
    const entries = await logged(() => api(sim.baseUrl, LIST, { headers: key(sim.credentials.adminApiKey) }).catch(() => undefined));
    expect(entries).toEqual([{ method: 'GET', path: '/api/public/v1/quotes', credential: 'admin', status: null }]);
  });

  it('never holds a secret: keys, client secrets, tokens and PDF link tokens stay out', async () => {
    const company = sim.credentials.companies[2]!;
    const token = await tokenFor(company);
    const quoteId = sim.operator.findQuotes({ companyId: company.id })[0]!.id;
    const link = await api(sim.baseUrl, `/api/public/v1/quotes/${quoteId}/pdf`, { headers: { Authorization: `Bearer ${token}` } });
    const downloadUrl = new URL((link.json as { data: { downloadUrl: string } }).data.downloadUrl);
    const linkToken = downloadUrl.pathname.split('/')[3]!;
    const download = await logged(() => api(sim.baseUrl, downloadUrl.pathname));
    expect(download).toEqual([{ method: 'GET', path: expect.stringMatching(/^\/files\/quotes\/\*\*\*\/.+\.pdf$/), credential: 'none', status: 200 }]);
    const over = await api(sim.baseUrl, '/__operator/requests', { headers: key(sim.credentials.adminApiKey) });
    expect(over.json).toMatchObject({ success: true, data: { tokenExchanges: sim.operator.tokenExchanges(), requests: expect.any(Array) } });
    const everything = JSON.stringify(sim.operator.requests());
    for (const secret of [sim.credentials.adminApiKey, company.apiKey, company.clientSecret, token, linkToken]) expect(everything).not.toContain(secret);
  });

  it('keeps only the newest 5,000 requests', () => {
    const log = new RequestLog(new CredentialStore([], () => 0), () => 0);
    for (let index = 0; index < REQUEST_LOG_LIMIT + 10; index++) {
      const res = Object.assign(new EventEmitter(), { headersSent: true, statusCode: 200 });
      log.record({ headers: {} } as IncomingMessage, res as unknown as ServerResponse, 'GET', `/r/${index}`);
    }
    const entries = log.list();
    expect(entries).toHaveLength(5000);
    expect(entries[0]?.path).toBe('/r/10');
    expect(entries.at(-1)?.path).toBe(`/r/${REQUEST_LOG_LIMIT + 9}`);
  });
});

describe('ring buffer', () => {
  it('drops the oldest entries once full and lists oldest first', () => {
    const buffer = new RingBuffer<number>(3);
    for (const value of [1, 2]) buffer.push(value);
    expect(buffer.toArray()).toEqual([1, 2]);
    for (const value of [3, 4, 5, 6, 7]) buffer.push(value);
    expect(buffer.toArray()).toEqual([5, 6, 7]);
    expect(buffer.length).toBe(3);
    expect(() => new RingBuffer(0)).toThrow(RangeError);
  });
});

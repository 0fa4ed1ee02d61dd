import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TokenResponse } from '../../../preload/contract';
import { ManualClock, startSimulator } from '../../../main/simulator';
import type { Simulator } from '../../../main/simulator';
import { api, errorCode, key } from './http';

const LIST = '/api/public/v1/quotes?page=1&limit=5';
let sim: Simulator;
let clock: ManualClock;

beforeAll(async () => {
  clock = new ManualClock();
  sim = await startSimulator({ seed: 2, clock, tokenTtlSeconds: 600 });
});
afterAll(() => sim.close());

async function token(clientId: string, clientSecret: string): Promise<string> {
  const response = await api(sim.baseUrl, '/api/credentials/token', { method: 'POST', body: { clientId, clientSecret } });
  expect(response.status).toBe(200);
  const parsed = TokenResponse.parse(response.json);
  expect(parsed.expiresIn).toBe(600);
  return parsed.accessToken;
}

describe('credential formats', () => {
  it('issues live-prefixed 32-character API keys and prefix_timestamp_random client ids', () => {
    const { adminApiKey, companies } = sim.credentials;
    for (const apiKey of [adminApiKey, ...companies.map((company) => company.apiKey)]) expect(apiKey).toMatch(/^qs_live_[A-Za-z0-9]{32}$/);
    for (const company of companies) {
      expect(company.clientId).toMatch(/^qsclient_\d{13}_[0-9a-f]{16}$/);
      expect(company.clientSecret.length).toBeGreaterThanOrEqual(32);
    }
  });
});

describe('API key', () => {
  it('accepts a valid key and answers 401 for a missing, unknown or malformed one', async () => {
    expect((await api(sim.baseUrl, LIST, { headers: key(sim.credentials.companies[0]!.apiKey) })).status).toBe(200);
    const missing = await api(sim.baseUrl, LIST);
    expect(missing.status).toBe(401);
    expect(errorCode(missing)).toBe('unauthorized');
    expect((await api(sim.baseUrl, LIST, { headers: key('qs_live_' + 'x'.repeat(32)) })).status).toBe(401);
    expect((await api(sim.baseUrl, LIST, { headers: key('') })).status).toBe(401);
  });

  it('never echoes a presented key in the error', async () => {
    const wrong = 'qs_live_' + 'S'.repeat(32);
    const response = await api(sim.baseUrl, LIST, { headers: key(wrong) });
    expect(response.text).not.toContain(wrong);
  });
});

describe('bearer tokens', () => {
  it('are accepted in both Authorisation and Authorization', async () => {
    const company = sim.credentials.companies[1]!;
    const accessToken = await token(company.clientId, company.clientSecret);
    for (const header of ['Authorisation', 'Authorization']) {
      const response = await api(sim.baseUrl, LIST, { headers: { [header]: `Bearer ${accessToken}` } });
      expect(response.status).toBe(200);
      for (const item of (response.json as { data: { companyId: string }[] }).data) expect(item.companyId).toBe(company.id);
    }
    expect((await api(sim.baseUrl, LIST, { headers: { Authorization: accessToken } })).status).toBe(401);
    expect((await api(sim.baseUrl, LIST, { headers: { Authorization: `Bearer ${accessToken}x` } })).status).toBe(401);
  });

  it('expire after their lifetime on the simulator clock', async () => {
    const company = sim.credentials.companies[0]!;
    const accessToken = await token(company.clientId, company.clientSecret);
    const headers = { Authorisation: `Bearer ${accessToken}` };
    await clock.advance(599_000);
    expect((await api(sim.baseUrl, LIST, { headers })).status).toBe(200);
    await clock.advance(1_000);
    expect((await api(sim.baseUrl, LIST, { headers })).status).toBe(401);
  });

  it('refuses wrong secrets with 401 and malformed token requests with 400', async () => {
    const company = sim.credentials.companies[0]!;
    const wrong = await api(sim.baseUrl, '/api/credentials/token', { method: 'POST', body: { clientId: company.clientId, clientSecret: 'nope' } });
    expect(wrong.status).toBe(401);
    expect(wrong.text).not.toContain(company.clientId.slice(-16));
    for (const body of [{}, { clientId: company.clientId }, { clientId: '', clientSecret: 'x' }, { clientId: 5, clientSecret: 'x' }, [1, 2]]) {
      const response = await api(sim.baseUrl, '/api/credentials/token', { method: 'POST', body });
      expect(response.status).toBe(400);
      expect(errorCode(response)).toBe('invalid_body');
    }
  });
});

describe('revocation and rotation', () => {
  it('kills tokens and keys at once, and rotation brings new working credentials', async () => {
    const sim2 = await startSimulator({ seed: 3 });
    try {
      const company = sim2.credentials.companies[0]!;
      const tokenResponse = await api(sim2.baseUrl, '/api/credentials/token', { method: 'POST', body: { clientId: company.clientId, clientSecret: company.clientSecret } });
      const bearer = { Authorisation: `Bearer ${(tokenResponse.json as { accessToken: string }).accessToken}` };
      expect((await api(sim2.baseUrl, LIST, { headers: bearer })).status).toBe(200);

      sim2.operator.revokeCredentials(company.id, 'client-credentials');
      expect((await api(sim2.baseUrl, LIST, { headers: bearer })).status).toBe(401);
      const again = await api(sim2.baseUrl, '/api/credentials/token', { method: 'POST', body: { clientId: company.clientId, clientSecret: company.clientSecret } });
      expect(again.status).toBe(401);
      // The API key is a separate credential and still works.
      expect((await api(sim2.baseUrl, LIST, { headers: key(company.apiKey) })).status).toBe(200);

      sim2.operator.revokeCredentials(company.id, 'api-key');
      expect((await api(sim2.baseUrl, LIST, { headers: key(company.apiKey) })).status).toBe(401);

      const rotated = sim2.operator.rotateCredentials(company.id);
      expect(rotated.apiKey).not.toBe(company.apiKey);
      expect(rotated.clientSecret).not.toBe(company.clientSecret);
      expect(sim2.credentials.companies[0]).toEqual(rotated);
      expect((await api(sim2.baseUrl, LIST, { headers: key(rotated.apiKey) })).status).toBe(200);
      expect((await api(sim2.baseUrl, LIST, { headers: key(company.apiKey) })).status).toBe(401);
      const fresh = await api(sim2.baseUrl, '/api/credentials/token', { method: 'POST', body: { clientId: rotated.clientId, clientSecret: rotated.clientSecret } });
      expect(fresh.status).toBe(200);
    } finally {
      await sim2.close();
    }
  });

  it('rotating client credentials invalidates the tokens issued with the old secret', async () => {
    const company = sim.credentials.companies[2]!;
    const accessToken = await token(company.clientId, company.clientSecret);
    sim.operator.rotateCredentials(company.id, 'client-credentials');
    expect((await api(sim.baseUrl, LIST, { headers: { Authorization: `Bearer ${accessToken}` } })).status).toBe(401);
  });
});

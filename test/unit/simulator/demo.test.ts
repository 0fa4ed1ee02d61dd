import { afterAll, describe, expect, it } from 'vitest';
import { AccountDraft, TokenResponse } from '../../../preload/contract';
import { DEMO_QUOTES, demoQuotes, startDemo } from '../../../main/simulator/demo';
import type { Simulator } from '../../../main/simulator';
import { api } from './http';

let simulator: Simulator | undefined;
afterAll(() => simulator?.close());

describe('startDemo', () => {
  it('gives one working client account per company, alternating the credential mechanisms', async () => {
    const demo = await startDemo({ quotes: 40 });
    simulator = demo.simulator;
    const companies = demo.simulator.credentials.companies;
    const clientDrafts = demo.drafts.slice(0, companies.length);
    expect(clientDrafts.map((draft) => draft.name)).toEqual(companies.map((company) => company.name));
    for (const [index, draft] of clientDrafts.entries()) {
      AccountDraft.parse(draft);
      expect(draft).toMatchObject({ environment: 'custom', baseUrl: demo.simulator.baseUrl, access: 'client' });
      expect(draft.credentials.mechanism).toBe(index % 2 === 0 ? 'api-key' : 'client-credentials');
      let headers: Record<string, string>;
      if (draft.credentials.mechanism === 'api-key') {
        headers = { 'Api-key': draft.credentials.apiKey };
      } else {
        const token = await api(draft.baseUrl, '/api/credentials/token', { method: 'POST', body: { clientId: draft.credentials.clientId, clientSecret: draft.credentials.clientSecret } });
        headers = { Authorisation: `Bearer ${TokenResponse.parse(token.json).accessToken}` };
      }
      const list = await api(draft.baseUrl, '/api/public/v1/quotes?page=1&limit=100', { headers });
      expect(list.status).toBe(200);
      const company = demo.simulator.credentials.companies[index]!;
      for (const item of (list.json as { data: { companyId: string }[] }).data) expect(item.companyId).toBe(company.id);
    }
  });

  it('adds one internal account that sees every company and the stored statuses', async () => {
    const demo = await startDemo({ quotes: 60 });
    await simulator?.close();
    simulator = demo.simulator;
    const internal = demo.drafts.at(-1)!;
    expect(demo.drafts).toHaveLength(demo.simulator.credentials.companies.length + 1);
    expect(internal).toMatchObject({ access: 'internal', credentials: { mechanism: 'api-key' } });
    const list = await api(internal.baseUrl, '/api/public/v1/quotes?page=1&limit=60', {
      headers: { 'Api-key': internal.credentials.mechanism === 'api-key' ? internal.credentials.apiKey : '' },
    });
    const items = (list.json as { data: { companyId: string; status: string }[] }).data;
    expect(new Set(items.map((item) => item.companyId)).size).toBe(demo.simulator.credentials.companies.length);
    expect(items.some((item) => ['SENT', 'SENT_PENDING', 'SENT_REVISED'].includes(item.status))).toBe(true);
  });
});

describe('demoQuotes', () => {
  it('takes the demo size from QUOTEDESK_DEMO_QUOTES and refuses a malformed one in words', () => {
    expect(demoQuotes({})).toBe(DEMO_QUOTES);
    expect(demoQuotes({ QUOTEDESK_DEMO_QUOTES: '100000' })).toBe(100_000);
    expect(() => demoQuotes({ QUOTEDESK_DEMO_QUOTES: '1e5' })).toThrow(/QUOTEDESK_DEMO_QUOTES must be an integer from 20 to 200000, got "1e5"/);
    expect(() => demoQuotes({ QUOTEDESK_DEMO_QUOTES: '200001' })).toThrow(/from 20 to 200000/);
  });
});

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { QuoteDecisionResponse } from '../../../preload/contract';
import { startSimulator } from '../../../main/simulator';
import type { Simulator } from '../../../main/simulator';
import { api, errorCode, key } from './http';

// Credentials are checked first, then the quote, and only then the body of an endpoint
// that takes one: a client learns nothing about a quote it may not see from a body error.
let sim: Simulator;
let admin: Record<string, string>;

const BAD_JSON = '{"reason": ';
const UNKNOWN_QUOTE = '00000000-0000-4000-8000-000000000000';

beforeAll(async () => {
  sim = await startSimulator({ seed: 52 });
  admin = key(sim.credentials.adminApiKey);
});
afterAll(() => sim.close());

function post(path: string, headers: Record<string, string>, body: string) {
  return api(sim.baseUrl, path, { method: 'POST', headers: { ...headers, 'content-type': 'application/json' }, body });
}

describe('the order of checks on requests with a body', () => {
  it('answers 401, not 400, to bad JSON without credentials', async () => {
    const quote = sim.operator.findQuotes({ status: 'SENT' })[0]!;
    for (const path of [`/api/public/v1/quotes/${quote.id}/decline`, `/api/public/v1/quotes/${quote.id}/accept`, '/api/public/v1/webhooks', '/__operator/faults']) {
      const response = await post(path, {}, BAD_JSON);
      expect(response.status, path).toBe(401);
      expect(errorCode(response)).toBe('unauthorized');
    }
    expect(sim.operator.quote(quote.id).status).toBe('SENT');
  });

  it('answers 404, not 400, to bad JSON for an unknown quote', async () => {
    for (const action of ['accept', 'decline']) {
      const response = await post(`/api/public/v1/quotes/${UNKNOWN_QUOTE}/${action}`, admin, BAD_JSON);
      expect(response.status).toBe(404);
      expect(errorCode(response)).toBe('quote_not_found');
    }
  });

  it('answers 403, not 400, to bad JSON for another company’s quote', async () => {
    const [first, second] = sim.credentials.companies;
    const quote = sim.operator.findQuotes({ companyId: second!.id, status: 'SENT' })[0]!;
    const response = await post(`/api/public/v1/quotes/${quote.id}/decline`, key(first!.apiKey), BAD_JSON);
    expect(response.status).toBe(403);
  });

  it('accepts a quote whatever stray body comes with the accept', async () => {
    const quote = sim.operator.findQuotes({ status: 'SENT' })[0]!;
    const company = sim.credentials.companies.find((candidate) => candidate.id === quote.companyId)!;
    const response = await post(`/api/public/v1/quotes/${quote.id}/accept`, key(company.apiKey), BAD_JSON);
    expect(response.status).toBe(200);
    expect(QuoteDecisionResponse.parse(response.json).data.status).toBe('CHANGED_TO_PROJECT');
  });

  it('still parses the body of the endpoints that take one, once the caller is known', async () => {
    const quote = sim.operator.findQuotes({ status: 'SENT' })[0]!;
    for (const [path, headers] of [
      [`/api/public/v1/quotes/${quote.id}/decline`, admin],
      ['/api/public/v1/webhooks', admin],
      ['/api/credentials/token', {}],
      ['/__operator/faults', admin],
    ] as const) {
      const response = await post(path, headers, BAD_JSON);
      expect(response.status, path).toBe(400);
      expect(errorCode(response)).toBe('invalid_json');
    }
    expect(sim.operator.quote(quote.id).status).toBe('SENT');
  });
});

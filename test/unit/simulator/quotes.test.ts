import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  ProjectTeamUsersResponse,
  QUOTE_STATUSES,
  QuoteDetailsResponse,
  QuoteFiltersResponse,
  QuoteListResponse,
  QuoteSummaryResponse,
  clientFacingStatus,
} from '../../../preload/contract';
import type { QuoteListItem } from '../../../preload/contract';
import { startSimulator } from '../../../main/simulator';
import type { Simulator } from '../../../main/simulator';
import { api, errorCode, key } from './http';

let sim: Simulator;
let admin: Record<string, string>;
let companyA: Record<string, string>;
let companyAId: string;

beforeAll(async () => {
  sim = await startSimulator({ seed: 21, quotes: 150 });
  admin = key(sim.credentials.adminApiKey);
  companyA = key(sim.credentials.companies[0]!.apiKey);
  companyAId = sim.credentials.companies[0]!.id;
});
afterAll(() => sim.close());

async function list(headers: Record<string, string>, query: string) {
  const response = await api(sim.baseUrl, `/api/public/v1/quotes?${query}`, { headers });
  expect(response.status).toBe(200);
  return QuoteListResponse.parse(response.json);
}

async function listEverything(headers: Record<string, string>): Promise<QuoteListItem[]> {
  const items: QuoteListItem[] = [];
  for (let page = 1; page <= 10; page++) {
    const result = await list(headers, `page=${page}&limit=100`);
    items.push(...result.data);
    if (!result.pagination.hasNextPage) break;
  }
  return items;
}

describe('visibility per key kind', () => {
  it('shows the admin key every company and the stored statuses', async () => {
    const items = await listEverything(admin);
    expect(items).toHaveLength(150);
    expect(new Set(items.map((item) => item.companyId)).size).toBe(sim.credentials.companies.length);
    expect(new Set(items.map((item) => item.status))).toEqual(new Set(QUOTE_STATUSES));
  });

  it('shows a client key only its company, with client-facing statuses', async () => {
    const adminView = new Map((await listEverything(admin)).map((item) => [item.id, item]));
    const items = await listEverything(companyA);
    expect(items.length).toBeGreaterThan(0);
    expect(items.length).toBe([...adminView.values()].filter((item) => item.companyId === companyAId).length);
    for (const item of items) {
      expect(item.companyId).toBe(companyAId);
      expect(item.status).toBe(clientFacingStatus(adminView.get(item.id)!.status));
      expect(['SENT', 'SENT_PENDING', 'SENT_REVISED']).not.toContain(item.status);
    }
  });

  it('answers 403 for another company\'s quote on every quote endpoint and 404 for unknown or malformed ids', async () => {
    const foreign = (await listEverything(admin)).find((item) => item.companyId !== companyAId)!;
    for (const suffix of ['', '/pdf', '/summary', '/project-team-users']) {
      const response = await api(sim.baseUrl, `/api/public/v1/quotes/${foreign.id}${suffix}`, { headers: companyA });
      expect(response.status).toBe(403);
      expect(errorCode(response)).toBe('forbidden');
    }
    for (const action of ['accept', 'decline']) {
      expect((await api(sim.baseUrl, `/api/public/v1/quotes/${foreign.id}/${action}`, { method: 'POST', headers: companyA })).status).toBe(403);
    }
    const unknown = await api(sim.baseUrl, '/api/public/v1/quotes/2b1f4a3c-1d2e-4f5a-8b6c-7d8e9f0a1b2c', { headers: admin });
    expect(unknown.status).toBe(404);
    expect(errorCode(unknown)).toBe('quote_not_found');
    expect((await api(sim.baseUrl, '/api/public/v1/quotes/not-a-uuid/summary', { headers: admin })).status).toBe(404);
    expect((await api(sim.baseUrl, '/api/public/v1/quotes/%E0%A4%A/pdf', { headers: admin })).status).toBe(404);
  });
});

describe('list', () => {
  it('returns a correct pagination object on the first, a middle, the last and a page past the end', async () => {
    const first = await list(admin, 'page=1&limit=40');
    expect(first.pagination).toEqual({ page: 1, limit: 40, total: 150, totalPages: 4, hasNextPage: true, hasPrevPage: false });
    expect(first.data).toHaveLength(40);
    const middle = await list(admin, 'page=2&limit=40');
    expect(middle.pagination).toMatchObject({ hasNextPage: true, hasPrevPage: true });
    const last = await list(admin, 'page=4&limit=40');
    expect(last.data).toHaveLength(30);
    expect(last.pagination).toMatchObject({ page: 4, hasNextPage: false, hasPrevPage: true });
    const beyond = await list(admin, 'page=9&limit=40');
    expect(beyond.data).toHaveLength(0);
    expect(beyond.pagination).toMatchObject({ page: 9, total: 150, totalPages: 4, hasNextPage: false, hasPrevPage: true });
    const ids = [...first.data, ...middle.data].map((item) => item.id);
    expect(new Set(ids).size).toBe(80);
  });

  it('lists newest first', async () => {
    const items = await listEverything(admin);
    const created = items.map((item) => Date.parse(item.createdAt!));
    expect(created).toEqual([...created].sort((a, b) => b - a));
  });

  it.each([
    ['page missing', 'limit=10'],
    ['limit missing', 'page=1'],
    ['page zero', 'page=0&limit=10'],
    ['limit zero', 'page=1&limit=0'],
    ['limit over 100', 'page=1&limit=101'],
    ['negative page', 'page=-1&limit=10'],
    ['decimal limit', 'page=1&limit=1.5'],
    ['words', 'page=one&limit=10'],
    ['unknown status', 'page=1&limit=10&status=OPEN'],
    ['lower-case status', 'page=1&limit=10&status=pending'],
  ])('answers 400 for %s', async (_name, query) => {
    const response = await api(sim.baseUrl, `/api/public/v1/quotes?${query}`, { headers: admin });
    expect(response.status).toBe(400);
    expect(errorCode(response)).toBe('invalid_query');
  });

  it('reads page and limit with leading zeros as the numbers they spell', async () => {
    const padded = await list(admin, 'page=0000000002&limit=0000000040');
    expect(padded.pagination).toMatchObject({ page: 2, limit: 40, total: 150 });
    expect(padded.data.map((item) => item.id)).toEqual((await list(admin, 'page=2&limit=40')).data.map((item) => item.id));
  });

  it('treats a huge page number as past the end, not as an error', async () => {
    for (const page of ['123456789012', '9'.repeat(40)]) {
      const beyond = await list(admin, `page=${page}&limit=10`);
      expect(beyond.data).toHaveLength(0);
      expect(beyond.pagination).toMatchObject({ total: 150, totalPages: 15, hasNextPage: false, hasPrevPage: true });
      expect(beyond.pagination.page).toBeGreaterThan(15);
    }
  });

  it.each(['0000', '00101', '99999999999999999999'])('still answers 400 for limit=%s', async (limit) => {
    const response = await api(sim.baseUrl, `/api/public/v1/quotes?page=1&limit=${limit}`, { headers: admin });
    expect(response.status).toBe(400);
    expect(errorCode(response)).toBe('invalid_query');
  });

  it('accepts limit 100 exactly', async () => {
    expect((await list(admin, 'page=1&limit=100')).data).toHaveLength(100);
  });

  it('filters on the stored status for the admin key and on the client-facing status for client keys', async () => {
    const sent = await list(admin, 'page=1&limit=100&status=SENT');
    expect(sent.data.length).toBeGreaterThan(0);
    for (const item of sent.data) expect(item.status).toBe('SENT');

    const adminView = new Map((await listEverything(admin)).map((item) => [item.id, item.status]));
    const pending = await list(companyA, 'page=1&limit=100&status=PENDING');
    const mine = (await listEverything(companyA)).map((item) => item.id);
    const expected = mine.filter((id) => clientFacingStatus(adminView.get(id)!) === 'PENDING');
    expect(expected.some((id) => adminView.get(id) === 'SENT')).toBe(true);
    expect(new Set(pending.data.map((item) => item.id))).toEqual(new Set(expected));
    expect((await list(companyA, 'page=1&limit=100&status=SENT')).pagination.total).toBe(0);
  });

  it('searches project names and quote numbers case-insensitively', async () => {
    const items = await listEverything(admin);
    const sample = items.find((item) => item.quoteNumber !== null)!;
    const byNumber = await list(admin, `page=1&limit=100&search=${encodeURIComponent(sample.quoteNumber!.toLowerCase())}`);
    expect(byNumber.data.map((item) => item.id)).toContain(sample.id);
    for (const item of byNumber.data) expect(item.quoteNumber!.toLowerCase()).toContain(sample.quoteNumber!.toLowerCase());

    const word = sample.projectName!.split(' ')[0]!;
    const byName = await list(admin, `page=1&limit=100&search=${encodeURIComponent(word.toUpperCase())}`);
    const expected = items.filter((item) => item.projectName!.toLowerCase().includes(word.toLowerCase()) || (item.quoteNumber ?? '').toLowerCase().includes(word.toLowerCase()));
    expect(byName.pagination.total).toBe(expected.length);
    expect((await list(admin, 'page=1&limit=10&search=zzz-no-such-thing')).pagination).toMatchObject({ total: 0, totalPages: 0, hasNextPage: false });
  });
});

describe('detail and the unspecified shapes', () => {
  it('serves details, summary, filters and team users that parse with the contract', async () => {
    const items = await listEverything(companyA);
    const priced = items.find((item) => item.totalPrice !== null)!;
    const detail = QuoteDetailsResponse.parse((await api(sim.baseUrl, `/api/public/v1/quotes/${priced.id}`, { headers: companyA })).json).data;
    expect(detail.company.id).toBe(companyAId);
    expect(detail.status).toBe(priced.status);
    expect(detail.itemsPricing!.total).toBe(priced.totalPrice!.amount);
    const teamSum = detail.itemsPricing!.teams.reduce((sum, team) => sum + team.total, 0);
    expect(Math.round(teamSum * 100) / 100).toBe(detail.itemsPricing!.total);

    const summary = QuoteSummaryResponse.parse((await api(sim.baseUrl, `/api/public/v1/quotes/${priced.id}/summary`, { headers: companyA })).json).data;
    expect(summary).toMatchObject({ quoteId: priced.id, quoteNumber: priced.quoteNumber, status: priced.status, total: priced.totalPrice!.amount, currency: priced.totalPrice!.currency });
    expect((summary.teams as unknown[]).length).toBe(detail.itemsPricing!.teams.length);

    const users = ProjectTeamUsersResponse.parse((await api(sim.baseUrl, `/api/public/v1/quotes/${priced.id}/project-team-users`, { headers: companyA })).json).data;
    expect(users.map((user) => user.userId)).toEqual(detail.projectTeam!.members.map((member) => member.userId));
    expect(users.filter((user) => user.isProjectOwner)).toHaveLength(1);

    const filters = QuoteFiltersResponse.parse((await api(sim.baseUrl, '/api/public/v1/quotes/filters', { headers: companyA })).json).data;
    expect(filters.companies).toEqual([{ id: companyAId, name: sim.credentials.companies[0]!.name }]);
    expect(filters.statuses).not.toContain('SENT');
    const adminFilters = QuoteFiltersResponse.parse((await api(sim.baseUrl, '/api/public/v1/quotes/filters', { headers: admin })).json).data;
    expect(adminFilters.statuses).toEqual([...QUOTE_STATUSES]);
    expect((adminFilters.companies as unknown[]).length).toBe(sim.credentials.companies.length);
  });

  it('parses every quote of every kind of key with the contract schemas', async () => {
    for (const headers of [admin, companyA]) {
      for (const item of await listEverything(headers)) {
        const response = await api(sim.baseUrl, `/api/public/v1/quotes/${item.id}`, { headers });
        const parsed = QuoteDetailsResponse.safeParse(response.json);
        expect(parsed.success, `quote ${item.id}: ${parsed.error?.message}`).toBe(true);
      }
    }
  });

  it('shows quotes still being prepared with no number and, if unpriced, no total', async () => {
    const pending = (await listEverything(admin)).filter((item) => item.status === 'PENDING');
    expect(pending.length).toBeGreaterThan(0);
    for (const item of pending) expect(item.quoteNumber).toBeNull();
    const unpriced = pending.find((item) => item.totalPrice === null);
    if (unpriced) {
      const detail = QuoteDetailsResponse.parse((await api(sim.baseUrl, `/api/public/v1/quotes/${unpriced.id}`, { headers: admin })).json).data;
      expect(detail.itemsPricing).toBeNull();
    }
  });
});

describe('company logos', () => {
  it('gives most companies a logo served without credentials, and some none', async () => {
    const items = await listEverything(admin);
    const logos = new Map<string, string | null>();
    for (const item of items) {
      if (item.companyId === null || logos.has(item.companyId)) continue;
      const detail = QuoteDetailsResponse.parse((await api(sim.baseUrl, `/api/public/v1/quotes/${item.id}`, { headers: admin })).json).data;
      logos.set(item.companyId, detail.company.logo?.url ?? null);
    }
    const urls = [...logos.values()].filter((url): url is string => url !== null);
    expect(urls.length).toBeGreaterThan(0);
    for (const url of urls) {
      const served = await api(url, '');
      expect(served.status).toBe(200);
      expect(served.headers['content-type']).toBe('image/svg+xml');
      expect(served.text).toMatch(/^<svg[\s\S]*<\/svg>$/);
    }
    const without = [...logos].find(([, url]) => url === null);
    if (without) expect((await api(sim.baseUrl, `/static/logos/${without[0]}.svg`)).status).toBe(404);
    expect((await api(sim.baseUrl, '/static/logos/not-a-company.svg')).status).toBe(404);
  });
});

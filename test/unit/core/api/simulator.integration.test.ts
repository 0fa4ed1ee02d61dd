import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAccountsService } from '../../../../main/core/accounts';
import { createQuotingClient, downloadPdf, SchemaError, TimeoutError } from '../../../../main/core/api';
import type { ClosableQuotingClient } from '../../../../main/core/api';
import { NeedsCredentialsError } from '../../../../main/core/api/auth';
import { createMemorySecretStore, createMemorySettingsStore } from '../../../../main/core/settings-and-secrets';
import { ManualClock, startSimulator } from '../../../../main/simulator';
import type { Simulator } from '../../../../main/simulator';
import type { SettingsStore } from '../../../../main/core/ports';
import type { Credentials } from '../../../../preload/contract';
import { createFakeClock } from '../../../helpers/fake-clock';
import type { FakeClock } from '../../../helpers/fake-clock';

// The same client against the embedded service: what the fake service proves in detail
// must hold against an independent implementation of the spec too.

let sim: Simulator;
let clock: FakeClock;
let dir: string;
const opened: ClosableQuotingClient[] = [];

beforeAll(async () => {
  sim = await startSimulator({ port: 0, seed: 7, quotes: 40, clock: new ManualClock(), log: () => undefined });
  clock = createFakeClock(Date.UTC(2026, 0, 15, 9, 0, 0));
  dir = await mkdtemp(join(tmpdir(), 'qd-sim-'));
});
afterAll(async () => {
  for (const client of opened) await client.close();
  await sim.close();
  await rm(dir, { recursive: true, force: true });
});

const FAST_TIMEOUTS = { connectMs: 1000, headersMs: 200, bodyMs: 200 };
function clientFor(credentials: Credentials, options: { timeouts?: typeof FAST_TIMEOUTS; maxAttempts?: number } = {}): ClosableQuotingClient {
  const client = createQuotingClient({ baseUrl: sim.baseUrl, credentials, clock, timeouts: options.timeouts, retry: { random: () => 0, maxAttempts: options.maxAttempts ?? 4 } });
  opened.push(client);
  return client;
}
const company = (index: number) => sim.credentials.companies[index]!;

describe('against the embedded service', () => {
  it('client key: lists client-facing statuses of its own company, reads, downloads the PDF, decides', async () => {
    const { id: companyId, apiKey } = company(0);
    const client = clientFor({ mechanism: 'api-key', apiKey });
    const page = await client.quotes.list({ page: 1, limit: 100 });
    expect(page.data.length).toBeGreaterThan(0);
    expect(page.data.every((quote) => quote.companyId === companyId)).toBe(true);
    expect(page.data.some((quote) => ['SENT', 'SENT_PENDING', 'SENT_REVISED'].includes(quote.status))).toBe(false);

    const target = sim.operator.findQuotes({ companyId, status: 'SENT' })[0] ?? sim.operator.issueQuote(sim.operator.createQuote({ companyId }).id);
    const details = await client.quotes.get(target.id);
    expect(details.id).toBe(target.id);
    const link = await client.quotes.pdf(target.id);
    const saved = await downloadPdf(link, join(dir, 'quote.pdf'));
    expect((await readFile(saved.path)).subarray(0, 5).toString()).toBe('%PDF-');
    await expect(client.quotes.filters()).resolves.toBeTypeOf('object');
    await expect(client.quotes.projectTeamUsers(target.id)).resolves.toBeInstanceOf(Array);
    await expect(client.quotes.summary(target.id)).resolves.toBeTypeOf('object');

    const outcome = await client.quotes.accept(target.id);
    expect(outcome.result.status).toBe('CHANGED_TO_PROJECT');
    await expect(client.quotes.accept(target.id)).rejects.toMatchObject({ code: 'invalid-state', status: 400 });
  });

  it('admin key: sees stored statuses across companies; webhook register, get and delete', async () => {
    const client = clientFor({ mechanism: 'api-key', apiKey: sim.credentials.adminApiKey });
    const page = await client.quotes.list({ page: 1, limit: 100 });
    expect(new Set(page.data.map((quote) => quote.companyId)).size).toBeGreaterThan(1);
    const companyClient = clientFor({ mechanism: 'api-key', apiKey: company(1).apiKey });
    const registration = await companyClient.webhooks.register('https://receiver.example.com/hook');
    expect(registration.secret.length).toBeGreaterThan(0);
    expect(await companyClient.webhooks.get()).toMatchObject({ id: registration.id, url: registration.url });
    await companyClient.webhooks.remove();
    expect(await companyClient.webhooks.get()).toBeNull();
  });

  it('client credentials: tokens work, and revocation mid-session moves to needs-credentials', async () => {
    const { id: companyId, clientId, clientSecret } = company(2);
    const client = clientFor({ mechanism: 'client-credentials', clientId, clientSecret });
    await client.quotes.list({ page: 1, limit: 5 });
    clock.advance(3600_000);
    const many = await Promise.all(Array.from({ length: 20 }, () => client.quotes.list({ page: 1, limit: 5 })));
    expect(many).toHaveLength(20);
    sim.operator.revokeCredentials(companyId, 'all');
    await expect(client.quotes.list({ page: 1, limit: 5 })).rejects.toBeInstanceOf(NeedsCredentialsError);
    await expect(client.quotes.list({ page: 1, limit: 5 })).rejects.toBeInstanceOf(NeedsCredentialsError);
  });

  it('faults: Retry-After is honoured, a lost accept answer is confirmed, broken bodies are schema errors, stalls time out', async () => {
    const { id: companyId, apiKey } = company(1);
    const client = clientFor({ mechanism: 'api-key', apiKey }, { timeouts: FAST_TIMEOUTS });
    const before = clock.sleeps.length;
    sim.operator.addFault({ kind: 'error', status: 503, retryAfter: 4, times: 1, match: { method: 'GET', pathPrefix: '/api/public/v1/quotes' } });
    await client.quotes.list({ page: 1, limit: 5 });
    expect(clock.sleeps.slice(before)).toEqual([4000]);

    const target = sim.operator.issueQuote(sim.operator.createQuote({ companyId }).id);
    sim.operator.addFault({ kind: 'reset-after', times: 1, match: { method: 'POST', pathPrefix: '/api/public/v1/quotes' } });
    expect(await client.quotes.accept(target.id)).toMatchObject({ via: 'confirmed-after-uncertainty', result: { status: 'CHANGED_TO_PROJECT' } });

    // A broken or off-interface 200 to a decision that took effect: the quote says what happened.
    const malformedAccept = sim.operator.issueQuote(sim.operator.createQuote({ companyId }).id);
    sim.operator.addFault({ kind: 'malformed-json', times: 1, match: { method: 'POST', pathPrefix: '/api/public/v1/quotes' } });
    expect(await client.quotes.accept(malformedAccept.id)).toMatchObject({ via: 'confirmed-after-uncertainty', result: { status: 'CHANGED_TO_PROJECT' } });
    const violatedDecline = sim.operator.issueQuote(sim.operator.createQuote({ companyId }).id);
    sim.operator.addFault({ kind: 'schema-violation', times: 1, match: { method: 'POST', pathPrefix: '/api/public/v1/quotes' } });
    expect(await client.quotes.decline(violatedDecline.id, 'Not now')).toMatchObject({ via: 'confirmed-after-uncertainty', result: { status: 'REJECTED' } });

    sim.operator.addFault({ kind: 'malformed-json', times: 1, match: { pathPrefix: '/api/public/v1/quotes' } });
    await expect(client.quotes.list({ page: 1, limit: 5 })).rejects.toBeInstanceOf(SchemaError);
    sim.operator.addFault({ kind: 'schema-violation', times: 1, match: { pathPrefix: '/api/public/v1/quotes' } });
    await expect(client.quotes.list({ page: 1, limit: 5 })).rejects.toMatchObject({ code: 'schema', path: ['pagination', 'total'] });
    sim.operator.addFault({ kind: 'stall-headers', times: 1, match: { pathPrefix: '/api/public/v1/quotes/filters' } });
    const impatient = clientFor({ mechanism: 'api-key', apiKey }, { timeouts: FAST_TIMEOUTS, maxAttempts: 1 });
    await expect(impatient.quotes.filters()).rejects.toBeInstanceOf(TimeoutError);
  });

  it('the accounts service diagnoses an admin key configured as a client key', async () => {
    const settings: SettingsStore = createMemorySettingsStore();
    const accounts = createAccountsService({ settings, secrets: createMemorySecretStore(), clock });
    const draft = { name: 'Sim', environment: 'custom' as const, baseUrl: sim.baseUrl, access: 'client' as const, credentials: { mechanism: 'api-key' as const, apiKey: sim.credentials.adminApiKey } };
    expect(await accounts.testDraft(draft)).toMatchObject({ diagnosis: 'wrong-key-kind', detectedAccess: 'internal' });
    expect(await accounts.testDraft({ ...draft, access: 'internal' })).toMatchObject({ diagnosis: 'ok', detectedAccess: 'internal' });
    await accounts.close();
  });
});

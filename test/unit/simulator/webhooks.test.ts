import { createHmac, timingSafeEqual } from 'node:crypto';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { WebhookEnvelope, WebhookInfo, WebhookRegistration, maybeEnveloped } from '../../../preload/contract';
import { DELIVERY_SCHEDULE_MS, ManualClock, startSimulator } from '../../../main/simulator';
import type { Simulator } from '../../../main/simulator';
import { api, errorCode, key, waitFor } from './http';
import { selfSignedCertificate, startReceiver } from './https-receiver';
import type { Receiver } from './https-receiver';

const WEBHOOKS = '/api/public/v1/webhooks';
const certificate = selfSignedCertificate();
let sim: Simulator;
let clock: ManualClock;
let receiver: Receiver;
const logLines: string[] = [];

beforeAll(async () => {
  clock = new ManualClock();
  receiver = await startReceiver(certificate);
  sim = await startSimulator({ seed: 4, clock, webhookCa: receiver.ca, log: (line) => logLines.push(line) });
});
afterAll(async () => {
  await sim.close();
  await receiver.close();
});
afterEach(async () => {
  receiver.received.length = 0;
  receiver.respond = () => 200;
  const bearers = await Promise.all(sim.credentials.companies.map(bearerFor));
  for (const headers of [key(sim.credentials.adminApiKey), ...sim.credentials.companies.map((company) => key(company.apiKey)), ...bearers]) {
    await api(sim.baseUrl, WEBHOOKS, { method: 'DELETE', headers });
  }
});

async function bearerFor(company: { clientId: string; clientSecret: string }): Promise<Record<string, string>> {
  const token = await api(sim.baseUrl, '/api/credentials/token', { method: 'POST', body: { clientId: company.clientId, clientSecret: company.clientSecret } });
  return { Authorisation: `Bearer ${(token.json as { accessToken: string }).accessToken}` };
}

async function register(headers: Record<string, string>, url = receiver.url) {
  const response = await api(sim.baseUrl, WEBHOOKS, { method: 'POST', headers, body: { url } });
  expect(response.status).toBe(201);
  return maybeEnveloped(WebhookRegistration).parse(response.json);
}

function verify(secret: string, raw: Buffer, signature: unknown): boolean {
  const expected = Buffer.from(createHmac('sha256', secret).update(raw).digest('hex'));
  const given = Buffer.from(String(signature));
  return expected.length === given.length && timingSafeEqual(expected, given);
}

function sentQuoteOf(companyId: string) {
  return sim.operator.findQuotes({ companyId, status: 'PENDING' }).find((quote) => quote.total !== null) ?? sim.operator.quote(sim.operator.createQuote({ companyId }).id);
}

describe('registration', () => {
  it('registers with 201 and a secret, reads back without it, replaces with a new secret and deletes', async () => {
    const headers = key(sim.credentials.companies[0]!.apiKey);
    const first = await register(headers);
    expect(first).toMatchObject({ url: receiver.url, isActive: true });

    const read = await api(sim.baseUrl, WEBHOOKS, { headers });
    expect(read.status).toBe(200);
    const info = maybeEnveloped(WebhookInfo).parse(read.json);
    expect(info).toMatchObject({ id: first.id, url: receiver.url, isActive: true });
    expect(read.text).not.toContain(first.secret);
    expect(read.text).not.toContain('"secret"');

    const second = await register(headers, `${receiver.url}?v=2`);
    expect(second.secret).not.toBe(first.secret);
    expect(maybeEnveloped(WebhookInfo).parse((await api(sim.baseUrl, WEBHOOKS, { headers })).json).url).toBe(`${receiver.url}?v=2`);

    expect((await api(sim.baseUrl, WEBHOOKS, { method: 'DELETE', headers })).status).toBe(204);
    const gone = await api(sim.baseUrl, WEBHOOKS, { headers });
    expect(gone.status).toBe(404);
    expect(errorCode(gone)).toBe('webhook_not_found');
  });

  it.each([
    ['plain http', { url: 'http://127.0.0.1:9/hook' }],
    ['not a URL', { url: 'hooks please' }],
    ['a relative URL', { url: '/hook' }],
    ['a missing url', {}],
    ['a numeric url', { url: 443 }],
    ['credentials in the URL', { url: 'https://user:pw@example.com/hook' }],
  ])('refuses %s with 400', async (_name, body) => {
    const response = await api(sim.baseUrl, WEBHOOKS, { method: 'POST', headers: key(sim.credentials.adminApiKey), body });
    expect(response.status).toBe(400);
  });

  it('needs credentials', async () => {
    expect((await api(sim.baseUrl, WEBHOOKS, { method: 'POST', body: { url: receiver.url } })).status).toBe(401);
    expect((await api(sim.baseUrl, WEBHOOKS)).status).toBe(401);
  });
});

describe('deliveries', () => {
  it('sends signed events to every key that can see the entity, with the recipient\'s view of statuses', async () => {
    const [a, b] = sim.credentials.companies;
    const bearer = await bearerFor(a!);
    const secrets = {
      admin: (await register(key(sim.credentials.adminApiKey), `${receiver.url}?to=admin`)).secret,
      key: (await register(key(a!.apiKey), `${receiver.url}?to=key`)).secret,
      bearer: (await register(bearer, `${receiver.url}?to=bearer`)).secret,
      other: (await register(key(b!.apiKey), `${receiver.url}?to=other`)).secret,
    };
    const quote = sentQuoteOf(a!.id);
    sim.operator.issueQuote(quote.id);
    // Two events (status_changed, sent_to_client) for three recipients; company B sees nothing.
    await waitFor(() => receiver.received.length >= 6, 'six deliveries');
    await waitFor(() => sim.operator.deliveries().every((record) => record.state !== 'pending'), 'deliveries to settle');
    expect(receiver.received).toHaveLength(6);
    const byTarget = new Map<string, { event: string; data: Record<string, unknown> }[]>();
    for (const [name, secret] of Object.entries(secrets)) {
      const mine = receiver.received.filter((delivery) => verify(secret, delivery.raw, delivery.headers['x-webhook-signature']));
      if (name === 'other') {
        expect(mine).toHaveLength(0);
        continue;
      }
      expect(mine).toHaveLength(2);
      byTarget.set(name, mine.map((delivery) => {
        const envelope = WebhookEnvelope.parse(JSON.parse(delivery.raw.toString('utf8')));
        expect(delivery.headers['x-webhook-event']).toBe(envelope.event);
        expect(delivery.headers['content-type']).toMatch(/application\/json/);
        return envelope;
      }));
    }
    const statusChange = (name: string) => byTarget.get(name)!.find((event) => event.event === 'quote.status_changed')!.data;
    expect(statusChange('admin')).toMatchObject({ entityId: quote.id, companyId: a!.id, oldStatus: 'PENDING', newStatus: 'SENT' });
    expect(statusChange('key')).toMatchObject({ oldStatus: 'PENDING', newStatus: 'PENDING' });
    expect(statusChange('bearer')).toMatchObject({ oldStatus: 'PENDING', newStatus: 'PENDING' });
    expect(byTarget.get('admin')!.map((event) => event.event).sort()).toEqual(['quote.sent_to_client', 'quote.status_changed']);
  });

  it('retries a failing receiver 1 s and then 5 s later on the simulator clock, and stops once it succeeds', async () => {
    expect(DELIVERY_SCHEDULE_MS).toEqual([0, 1000, 5000]);
    const { secret } = await register(key(sim.credentials.adminApiKey));
    receiver.respond = (index, event) => (event === 'quote.cancelled' && index < 2 ? 500 : 204);
    sim.operator.cancelQuote(sim.operator.createQuote({ companyId: sim.credentials.companies[0]!.id }).id);
    const deliveries = () => sim.operator.deliveries().filter((record) => record.event === 'quote.cancelled');
    // The create and cancel raise five events; only quote.cancelled fails. Its retry is
    // scheduled in the same turn as its failed attempt is recorded.
    await waitFor(() => deliveries()[0]?.attempts.length === 1 && sim.operator.deliveries().every((record) => record.event === 'quote.cancelled' || record.state !== 'pending'), 'the first failed attempt');
    const attemptsOf = () => deliveries()[0]!.attempts.length;
    await clock.advance(999);
    expect(attemptsOf()).toBe(1);
    await clock.advance(1);
    await waitFor(() => attemptsOf() === 2, 'the second attempt');
    await clock.advance(4_999);
    expect(attemptsOf()).toBe(2);
    await clock.advance(1);
    await waitFor(() => deliveries()[0]!.state === 'delivered', 'the third attempt');
    const record = deliveries()[0]!;
    expect(record.attempts.map((attempt) => [attempt.outcome, attempt.status])).toEqual([['http-error', 500], ['http-error', 500], ['delivered', 204]]);
    const starts = record.attempts.map((attempt) => Date.parse(attempt.at));
    expect([starts[1]! - starts[0]!, starts[2]! - starts[1]!]).toEqual([1000, 5000]);
    const cancelled = receiver.received.filter((delivery) => delivery.headers['x-webhook-event'] === 'quote.cancelled');
    expect(cancelled.length).toBeGreaterThanOrEqual(3);
    // Every retry carries the same bytes and signature.
    expect(new Set(cancelled.map((delivery) => delivery.raw.toString('hex'))).size).toBe(1);
    for (const delivery of cancelled) expect(verify(secret, delivery.raw, delivery.headers['x-webhook-signature'])).toBe(true);
  });

  it('drops an event after three failed attempts, logs it and keeps the webhook active', async () => {
    await register(key(sim.credentials.adminApiKey));
    receiver.respond = (_index, event) => (event === 'quote.created' ? 503 : 200);
    logLines.length = 0;
    const quote = sim.operator.createQuote({ companyId: sim.credentials.companies[1]!.id });
    const deliveries = () => sim.operator.deliveries().filter((record) => record.event === 'quote.created' && record.state !== 'abandoned');
    const mine = () => deliveries().at(-1)!;
    await waitFor(() => mine().attempts.length === 1, 'the first attempt');
    await clock.advance(1000);
    await waitFor(() => mine().attempts.length === 2, 'the second attempt');
    await clock.advance(5000);
    await waitFor(() => mine().state === 'dropped', 'the drop');
    expect(mine().attempts).toHaveLength(3);
    await clock.advance(60_000);
    expect(mine().attempts).toHaveLength(3);
    expect(logLines.some((line) => line.includes('dropped') && line.includes('quote.created'))).toBe(true);
    expect(logLines.join('\n')).not.toMatch(/whsec_/);
    const info = maybeEnveloped(WebhookInfo).parse((await api(sim.baseUrl, WEBHOOKS, { headers: key(sim.credentials.adminApiKey) })).json);
    expect(info.isActive).toBe(true);
    expect(quote.status).toBe('PENDING');
  });

  it('gives up an attempt after 10 s without an answer and retries', async () => {
    await register(key(sim.credentials.adminApiKey));
    receiver.respond = (index, event) => (event === 'rfq.submitted' && index === 0 ? 'hang' : 200);
    sim.operator.createQuote({ companyId: sim.credentials.companies[0]!.id });
    const record = () => sim.operator.deliveries().filter((entry) => entry.event === 'rfq.submitted').at(-1)!;
    await waitFor(() => receiver.received.length === 3 && sim.operator.deliveries().filter((entry) => entry.state === 'pending').length === 1, 'the hanging attempt to arrive');
    await clock.advance(9_999);
    expect(record().attempts).toHaveLength(0);
    await clock.advance(1);
    await waitFor(() => record().attempts.length === 1, 'the timeout');
    expect(record().attempts[0]!.outcome).toBe('timeout');
    await clock.advance(1000);
    await waitFor(() => record().state === 'delivered', 'the retry');
  });

  it('signs with the new secret after re-registering and stops retrying under the old one', async () => {
    const headers = key(sim.credentials.companies[2]!.apiKey);
    const old = await register(headers);
    receiver.respond = () => 500;
    sim.operator.createQuote({ companyId: sim.credentials.companies[2]!.id });
    await waitFor(() => sim.operator.deliveries().filter((record) => record.registrationId === old.id).every((record) => record.attempts.length > 0), 'failed attempts under the old secret');
    const fresh = await register(headers);
    receiver.respond = () => 200;
    await clock.advance(1000);
    await waitFor(() => sim.operator.deliveries().filter((record) => record.registrationId === old.id).every((record) => record.state === 'abandoned'), 'old deliveries to stop');
    receiver.received.length = 0;
    sim.operator.createQuote({ companyId: sim.credentials.companies[2]!.id });
    await waitFor(() => receiver.received.length === 3, 'deliveries under the new secret');
    for (const delivery of receiver.received) {
      expect(verify(fresh.secret, delivery.raw, delivery.headers['x-webhook-signature'])).toBe(true);
      expect(verify(old.secret, delivery.raw, delivery.headers['x-webhook-signature'])).toBe(false);
    }
  });

  it('does not deliver to revoked credentials', async () => {
    const company = sim.credentials.companies[1]!;
    await register(key(company.apiKey));
    const toSlot = () => sim.operator.deliveries().filter((record) => record.slotId === `${company.id}/api-key`).length;
    sim.operator.createQuote({ companyId: company.id });
    const whileActive = toSlot();
    expect(whileActive).toBe(3);
    sim.operator.revokeCredentials(company.id, 'api-key');
    sim.operator.createQuote({ companyId: company.id });
    expect(toSlot()).toBe(whileActive);
    await waitFor(() => sim.operator.deliveries().every((record) => record.state !== 'pending'), 'deliveries to settle');
    sim.operator.rotateCredentials(company.id, 'api-key');
  });
});

describe('trusted receiver certificates', () => {
  it('trusts a receiver certificate added after start, and only from then on', async () => {
    const later = await startReceiver();
    const own = new ManualClock();
    const other = await startSimulator({ seed: 5, clock: own, log: () => undefined });
    try {
      const company = other.credentials.companies[0]!;
      const response = await api(other.baseUrl, WEBHOOKS, { method: 'POST', headers: key(company.apiKey), body: { url: later.url } });
      expect(response.status).toBe(201);
      other.operator.createQuote({ companyId: company.id });
      const records = () => other.operator.deliveries();
      await waitFor(() => records().length > 0 && records().every((record) => record.attempts.length >= 1), 'the untrusted attempts');
      expect(records().every((record) => record.attempts[0]!.outcome === 'network-error')).toBe(true);
      expect(later.received).toEqual([]);

      other.trustWebhookCa([later.ca]);
      await own.advance(1000);
      await waitFor(() => other.operator.deliveries().every((record) => record.state === 'delivered'), 'the retries to arrive');
      expect(later.received.length).toBe(other.operator.deliveries().length);
    } finally {
      await other.close();
      await later.close();
    }
  });
});

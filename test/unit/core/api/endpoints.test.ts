import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createQuotingClient } from '../../../../main/core/api';
import type { ClosableQuotingClient } from '../../../../main/core/api';
import { ForbiddenError, InvalidStateError, NotFoundError } from '../../../../main/core/api/errors';
import type { Credentials } from '../../../../preload/contract';
import { createFakeClock } from '../../../helpers/fake-clock';
import { startFakeService } from '../../../helpers/fake-service';
import type { FakeService } from '../../../helpers/fake-service';
import { CLIENT_ID, CLIENT_KEY, CLIENT_SECRET, COMPANY_B, INTERNAL_CLIENT_ID, INTERNAL_CLIENT_SECRET, INTERNAL_KEY, STANDARD_PRINCIPALS, standardQuotes } from '../../../helpers/service-fixtures';

const cases: { name: string; access: 'client' | 'internal'; credentials: Credentials }[] = [
  { name: 'client API key', access: 'client', credentials: { mechanism: 'api-key', apiKey: CLIENT_KEY } },
  { name: 'internal API key', access: 'internal', credentials: { mechanism: 'api-key', apiKey: INTERNAL_KEY } },
  { name: 'client credentials (client)', access: 'client', credentials: { mechanism: 'client-credentials', clientId: CLIENT_ID, clientSecret: CLIENT_SECRET } },
  { name: 'client credentials (internal)', access: 'internal', credentials: { mechanism: 'client-credentials', clientId: INTERNAL_CLIENT_ID, clientSecret: INTERNAL_CLIENT_SECRET } },
];

describe.each(cases)('every endpoint with a $name', ({ access, credentials }) => {
  let service: FakeService;
  let client: ClosableQuotingClient;

  beforeAll(async () => {
    service = await startFakeService({ quotes: standardQuotes(), ...STANDARD_PRINCIPALS });
    client = createQuotingClient({ baseUrl: service.baseUrl, credentials, clock: createFakeClock() });
  });
  afterAll(async () => {
    await client.close();
    await service.close();
  });

  const quoteWith = (status: string, company?: string) =>
    [...service.quotes.values()].find((quote) => quote.status === status && (!company || quote.companyId === company))!;

  it('lists quotes with the statuses and companies this key kind may see', async () => {
    const page = await client.quotes.list({ page: 1, limit: 100 });
    const statuses = page.data.map((quote) => quote.status);
    if (access === 'client') {
      expect(statuses).not.toContain('SENT');
      expect(statuses).not.toContain('SENT_REVISED');
      expect(statuses).toContain('PENDING');
      expect(page.data.every((quote) => quote.companyId !== COMPANY_B)).toBe(true);
    } else {
      expect(statuses).toContain('SENT');
      expect(statuses).toContain('SENT_REVISED');
      expect(page.data.some((quote) => quote.companyId === COMPANY_B)).toBe(true);
    }
    expect(page.pagination).toMatchObject({ page: 1, limit: 100, total: page.data.length, hasPrevPage: false });
  });

  it('sends page, limit, status and search as query parameters and pages through', async () => {
    const page = await client.quotes.list({ page: 2, limit: 1, status: 'REVISED', search: '  localisation ' });
    const request = service.requests.at(-1)!;
    expect(Object.fromEntries(request.query)).toEqual({ page: '2', limit: '1', status: 'REVISED', search: 'localisation' });
    expect(page.pagination.page).toBe(2);
    expect(page.data.every((quote) => quote.status === 'REVISED')).toBe(true);
  });

  it('reads a quote in full, its PDF link, filters, team users and summary', async () => {
    const quote = quoteWith('ACCEPTED');
    const details = await client.quotes.get(quote.id);
    expect(details).toMatchObject({ id: quote.id, quoteNumber: quote.quoteNumber, status: 'ACCEPTED' });
    expect(details.itemsPricing?.teams[0]?.clientServices[0]?.targetMarkets[0]?.items[0]?.unit).toBe('word');
    const pdf = await client.quotes.pdf(quote.id);
    expect(pdf.fileName).toBe(`${quote.quoteNumber}.pdf`);
    expect(pdf.expiresIn).toBe(3600);
    expect(await client.quotes.filters()).toHaveProperty('statuses');
    expect(await client.quotes.projectTeamUsers(quote.id)).toEqual([{ id: 'u1', name: 'Ana Project' }]);
    expect(await client.quotes.summary(quote.id)).toMatchObject({ quoteId: quote.id });
  });

  it('accepts a sent quote and declines a revised one, with the reason in the body', async () => {
    const sent = quoteWith('SENT');
    const accepted = await client.quotes.accept(sent.id);
    expect(accepted).toEqual({ via: 'response', result: { id: sent.id, status: 'CHANGED_TO_PROJECT', message: 'Quote accepted' } });
    const revised = quoteWith('REVISED');
    const declined = await client.quotes.decline(revised.id, 'Budget cut');
    expect(declined.result.status).toBe('REJECTED');
    expect(JSON.parse(service.requests.at(-1)!.body)).toEqual({ reason: 'Budget cut' });
  });

  it('answers an action the status no longer allows with an invalid-state error', async () => {
    const done = quoteWith('CHANGED_TO_PROJECT');
    const error = await client.quotes.accept(done.id).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(InvalidStateError);
    expect(error).toMatchObject({ code: 'invalid-state', status: 400, retryable: false });
    expect(error).toMatchObject({ endpoint: `POST /api/public/v1/quotes/${done.id}/accept` });
    expect((error as Error).message).not.toContain('POST /api');
    // A plain-text body stays out of the message; the log keeps it.
    expect((error as Error).message).toBe('The quote no longer allows this action in its current status. Refresh it to see where it stands.');
    expect(error).toMatchObject({ bodyText: 'Quote cannot be accepted in status CHANGED_TO_PROJECT' });
  });

  it('answers an unknown quote with not-found, and another company\'s quote with forbidden for client keys', async () => {
    await expect(client.quotes.get('99999999-9999-4999-8999-999999999999')).rejects.toBeInstanceOf(NotFoundError);
    const foreign = [...service.quotes.values()].find((quote) => quote.companyId === COMPANY_B)!;
    if (access === 'client') {
      await expect(client.quotes.get(foreign.id)).rejects.toBeInstanceOf(ForbiddenError);
      await expect(client.quotes.pdf(foreign.id)).rejects.toMatchObject({ code: 'forbidden', status: 403 });
    } else {
      await expect(client.quotes.get(foreign.id)).resolves.toMatchObject({ id: foreign.id });
    }
  });

  it('registers, reads and deletes the webhook, with and without the envelope', async () => {
    const registration = await client.webhooks.register('https://hooks.example.com/quotedesk');
    expect(registration).toMatchObject({ url: 'https://hooks.example.com/quotedesk', isActive: true });
    expect(registration.secret).toMatch(/^whsec_/);
    const info = await client.webhooks.get();
    expect(info).toMatchObject({ id: registration.id, url: registration.url });
    expect(info).not.toHaveProperty('secret');
    await client.webhooks.remove();
    expect(await client.webhooks.get()).toBeNull();
  });

  it('sends the configured credential in the spec\'s headers and nothing else', async () => {
    await client.quotes.list({ page: 1, limit: 5 });
    const headers = service.requests.at(-1)!.headers;
    if (credentials.mechanism === 'api-key') {
      expect(headers['api-key']).toBe(credentials.apiKey);
      expect(headers.authorization).toBeUndefined();
    } else {
      expect(headers.authorisation).toMatch(/^Bearer eyJ/);
      expect(headers.authorization).toBe(headers.authorisation);
      expect(headers['api-key']).toBeUndefined();
    }
  });
});

describe('input checked before anything is sent', () => {
  it('refuses page sizes, reasons and webhook URLs the service would reject', async () => {
    const service = await startFakeService({ ...STANDARD_PRINCIPALS });
    const client = createQuotingClient({ baseUrl: service.baseUrl, credentials: { mechanism: 'api-key', apiKey: CLIENT_KEY } });
    try {
      await expect(client.quotes.list({ page: 1, limit: 101 })).rejects.toMatchObject({ code: 'validation' });
      await expect(client.quotes.list({ page: 0, limit: 10 })).rejects.toMatchObject({ code: 'validation' });
      await expect(client.quotes.decline('99999999-9999-4999-8999-999999999999', 'x'.repeat(1001))).rejects.toMatchObject({ code: 'validation' });
      await expect(client.webhooks.register('http://plain.example.com/hook')).rejects.toMatchObject({ code: 'validation' });
      expect(service.requests).toHaveLength(0);
    } finally {
      await client.close();
      await service.close();
    }
  });
});

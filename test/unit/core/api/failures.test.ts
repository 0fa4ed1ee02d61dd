import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createQuotingClient } from '../../../../main/core/api';
import type { ClosableQuotingClient } from '../../../../main/core/api';
import { NetworkError, SchemaError, TimeoutError } from '../../../../main/core/api/errors';
import { createFakeClock } from '../../../helpers/fake-clock';
import { startFakeService } from '../../../helpers/fake-service';
import type { FakeService } from '../../../helpers/fake-service';
import { CLIENT_KEY, listItemOf, fakeQuote, STANDARD_PRINCIPALS, standardQuotes } from '../../../helpers/service-fixtures';
import { malformed, trickle } from '../../../helpers/slow-responses';

const LIST = '/api/public/v1/quotes';
let service: FakeService;
let client: ClosableQuotingClient;

beforeEach(async () => {
  service = await startFakeService({ quotes: standardQuotes(), ...STANDARD_PRINCIPALS });
  client = createQuotingClient({
    baseUrl: service.baseUrl,
    credentials: { mechanism: 'api-key', apiKey: CLIENT_KEY },
    clock: createFakeClock(),
    timeouts: { connectMs: 500, headersMs: 150, bodyMs: 150, bodyTotalMs: 400 },
    retry: { maxAttempts: 2, random: () => 0 },
  });
});
afterEach(async () => {
  await client.close();
  await service.close();
});

const pagination = { page: 1, limit: 10, total: 1, totalPages: 1, hasNextPage: false, hasPrevPage: false };

describe('answers that never come', () => {
  it('turns headers that never arrive into a timeout error, not a hang', async () => {
    service.addFault({ pathPrefix: LIST, times: 2, action: { type: 'hang' } });
    const error = await client.quotes.list({ page: 1, limit: 10 }).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(TimeoutError);
    expect(error).toMatchObject({ code: 'timeout', phase: 'headers', retryable: true });
    expect(service.requests.filter((request) => request.path === LIST)).toHaveLength(2);
  });

  it('turns a body that stops half way into a timeout error', async () => {
    service.route('GET', LIST, (_req, res) => {
      res.writeHead(200, { 'content-type': 'application/json' });
      res.write('{"success":true,"data":[');
    });
    await expect(client.quotes.list({ page: 1, limit: 10 })).rejects.toMatchObject({ code: 'timeout', phase: 'body' });
  });

  it('ends a body that trickles in just fast enough to dodge the silence limit', async () => {
    // Whitespace is valid JSON padding: without a total limit this answer would succeed, late.
    service.route('GET', LIST, (_req, res) =>
      trickle(res, { head: ' ', filler: ' ', everyMs: 50, times: 40, tail: JSON.stringify({ success: true, data: [], pagination }) }),
    );
    const error = await client.quotes.list({ page: 1, limit: 10 }).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(TimeoutError);
    expect(error).toMatchObject({ code: 'timeout', phase: 'body', retryable: true });
  });

  it('gives the caller its own reason when it cancels a trickling body', async () => {
    const controller = new AbortController();
    const reason = new Error('closed by the person');
    service.route('GET', LIST, (_req, res) => {
      trickle(res, { head: ' ', filler: ' ', everyMs: 50, times: 40, tail: '{}' });
      controller.abort(reason);
    });
    await expect(client.quotes.list({ page: 1, limit: 10 }, controller.signal)).rejects.toBe(reason);
  });
});

describe('answers that are not valid HTTP', () => {
  it('makes a garbled answer a network error, retried as reads are', async () => {
    let answered = 0;
    service.route('GET', LIST, (_req, res) => {
      answered += 1;
      malformed(res);
    });
    const error = await client.quotes.list({ page: 1, limit: 10 }).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(NetworkError);
    expect(error).toMatchObject({ code: 'network', retryable: true });
    expect(error).toMatchObject({ endpoint: `GET ${LIST}` });
    expect((error as Error).message).toMatch(/^The service sent a garbled answer\. Try again/);
    expect(answered).toBe(2);
  });

  it('recovers when the garbled answer is followed by a good one', async () => {
    let answered = 0;
    service.route('GET', LIST, (_req, res) => {
      answered += 1;
      if (answered === 1) return malformed(res, 'NOT HTTP AT ALL\r\n\r\n');
      res.end(JSON.stringify({ success: true, data: [], pagination }));
    });
    await expect(client.quotes.list({ page: 1, limit: 10 })).resolves.toMatchObject({ data: [] });
  });
});

describe('bodies that break the contract', () => {
  function serve(body: string, status = 200): void {
    service.route('GET', LIST, (_req, res) => {
      res.writeHead(status, { 'content-type': 'application/json' });
      res.end(body);
    });
  }

  it('names the field and the endpoint when a required field is missing', async () => {
    const item = listItemOf(fakeQuote());
    const { status: _status, ...withoutStatus } = item;
    serve(JSON.stringify({ success: true, data: [item, withoutStatus], pagination }));
    const error = await client.quotes.list({ page: 1, limit: 10 }).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(SchemaError);
    expect((error as SchemaError).path).toEqual(['data', 1, 'status']);
    expect((error as SchemaError).where).toMatch(/^data\.1\.status: /);
    expect(error).toMatchObject({ endpoint: `GET ${LIST}` });
    // The person reads what to do; the field and endpoint are for the log.
    expect((error as Error).message).toMatch(/^The service answered in a form this app does not understand\. Check that the account’s address is the Quoting Service/);
    expect((error as Error).message).not.toMatch(/data\.1|GET \/api|Invalid/);
    expect(error).toMatchObject({ code: 'schema', retryable: false });
  });

  it('rejects a wrong type, an unknown status and a missing pagination field', async () => {
    serve(JSON.stringify({ success: true, data: [{ ...listItemOf(fakeQuote()), totalPrice: { amount: '12', currency: 'EUR' } }], pagination }));
    await expect(client.quotes.list({ page: 1, limit: 10 })).rejects.toMatchObject({ path: ['data', 0, 'totalPrice', 'amount'] });
    serve(JSON.stringify({ success: true, data: [{ ...listItemOf(fakeQuote()), status: 'ON_HOLD' }], pagination }));
    await expect(client.quotes.list({ page: 1, limit: 10 })).rejects.toMatchObject({ path: ['data', 0, 'status'] });
    const { hasNextPage: _next, ...partial } = pagination;
    serve(JSON.stringify({ success: true, data: [], pagination: partial }));
    await expect(client.quotes.list({ page: 1, limit: 10 })).rejects.toMatchObject({ path: ['pagination', 'hasNextPage'] });
  });

  it('tolerates fields the contract does not know', async () => {
    serve(JSON.stringify({ success: true, data: [{ ...listItemOf(fakeQuote()), priority: 'high' }], pagination, meta: { v: 2 } }));
    const page = await client.quotes.list({ page: 1, limit: 10 });
    expect(page.data).toHaveLength(1);
  });

  it('gives a schema error for HTML, empty and truncated bodies', async () => {
    serve('<html><body>Welcome</body></html>');
    await expect(client.quotes.list({ page: 1, limit: 10 })).rejects.toMatchObject({ problem: 'the body is not JSON', message: expect.not.stringContaining('<html>') });
    serve('');
    await expect(client.quotes.list({ page: 1, limit: 10 })).rejects.toMatchObject({ problem: 'the body is empty' });
    serve('{"success":true,"data":[');
    await expect(client.quotes.list({ page: 1, limit: 10 })).rejects.toBeInstanceOf(SchemaError);
  });

  it('accepts unspecified shapes only as JSON objects or arrays', async () => {
    const quote = [...service.quotes.values()][0]!;
    service.route('GET', `${LIST}/${quote.id}/summary`, (_req, res) => res.end(JSON.stringify({ success: true, data: 'text' })));
    await expect(client.quotes.summary(quote.id)).rejects.toMatchObject({ code: 'schema', path: ['data'] });
    service.route('GET', `${LIST}/${quote.id}/project-team-users`, (_req, res) => res.end(JSON.stringify({ success: true, data: {} })));
    await expect(client.quotes.projectTeamUsers(quote.id)).rejects.toMatchObject({ code: 'schema' });
  });

  it('keeps the text of an error body without assuming JSON, bounded', async () => {
    serve('x'.repeat(50_000), 404);
    const error = await client.quotes.list({ page: 1, limit: 10 }).catch((caught: unknown) => caught);
    expect(error).toMatchObject({ code: 'not-found', status: 404 });
    expect((error as { bodyText: string }).bodyText.length).toBeLessThanOrEqual(2001);
    expect((error as Error).message.length).toBeLessThan(500);
  });
});

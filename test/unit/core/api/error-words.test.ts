import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { createQuotingClient, describeError } from '../../../../main/core/api';
import type { ClosableQuotingClient } from '../../../../main/core/api';
import { RateLimitedError, ServerError, ValidationError } from '../../../../main/core/api/errors';
import { retryWhen } from '../../../../main/core/api/retry-when';
import { AppError } from '../../../../main/core/errors';
import { createFakeClock } from '../../../helpers/fake-clock';
import type { FakeClock } from '../../../helpers/fake-clock';
import { startFakeService } from '../../../helpers/fake-service';
import type { FakeService } from '../../../helpers/fake-service';
import { CLIENT_KEY, STANDARD_PRINCIPALS, standardQuotes } from '../../../helpers/service-fixtures';

const LIST = '/api/public/v1/quotes';
let service: FakeService;
let clock: FakeClock;
let client: ClosableQuotingClient;

beforeEach(async () => {
  service = await startFakeService({ quotes: standardQuotes(), ...STANDARD_PRINCIPALS });
  clock = createFakeClock();
  client = createQuotingClient({ baseUrl: service.baseUrl, credentials: { mechanism: 'api-key', apiKey: CLIENT_KEY }, clock, retry: { random: () => 0 } });
});
afterEach(async () => {
  await client.close();
  await service.close();
});

const failList = (status: number, body: string, headers: Record<string, string> = {}, times = 4) =>
  service.addFault({ pathPrefix: LIST, times, action: { type: 'status', status, body, headers } });
const listError = () => client.quotes.list({ page: 1, limit: 10 }).catch((caught: unknown) => caught);
const hhmm = (ms: number) => `${String(new Date(ms).getHours()).padStart(2, '0')}:${String(new Date(ms).getMinutes()).padStart(2, '0')}`;

describe('error bodies become words, never raw text or JSON', () => {
  it('shows the message of an {error: {code, message}} body, not the JSON', async () => {
    failList(422, JSON.stringify({ success: false, error: { code: 'invalid_limit', message: 'limit must be at most 100' } }));
    const error = await listError();
    expect(error).toBeInstanceOf(ValidationError);
    expect((error as Error).message).toBe('The service refused the request as invalid. The service said: "limit must be at most 100".');
    expect(error).toMatchObject({ serviceMessage: 'limit must be at most 100', status: 422 });
  });

  it('never shows a text, HTML or other JSON body; keeps a short excerpt for the log', async () => {
    for (const body of ['upstream connect error or disconnect/reset before headers', '<html><body><h1>502 Bad Gateway</h1></body></html>', '{"fault":{"faultstring":"Rate limit quota violation","detail":{"errorcode":"x"}}}']) {
      failList(502, body);
      const error = await listError();
      expect(error).toBeInstanceOf(ServerError);
      expect((error as Error).message).toBe('The service had an internal problem; try again in a few minutes.');
      expect((error as { bodyText: string }).bodyText).toBe(body);
    }
    failList(500, `<pre>\n${'stack trace line\n'.repeat(200)}</pre>`);
    const long = (await listError()) as { bodyText: string; message: string };
    expect(long.bodyText.length).toBeLessThanOrEqual(501);
    expect(long.bodyText).not.toContain('\n');
  });

  it('a 429 with a long Retry-After says when to try again, and carries the time for callers', async () => {
    failList(429, JSON.stringify({ error: { code: 'rate_limited', message: 'Too many requests' } }), { 'retry-after': '120' }, 1);
    const error = (await listError()) as RateLimitedError;
    expect(error).toBeInstanceOf(RateLimitedError);
    // Two minutes is longer than the client waits by itself, so it comes back at once.
    expect(clock.sleeps).toEqual([]);
    expect(error.retryAfterMs).toBe(120_000);
    expect(error.retryAt).toBe(clock.now() + 120_000);
    expect(error.message).toBe(
      `The service is receiving too many requests. The service said: "Too many requests". The service asked to wait; try again at ${hhmm(clock.now() + 120_000)} (in about 2 minutes).`,
    );
    expect(describeError(error)).toEqual({ code: 'rate-limited', title: 'Service busy', message: error.message, retryable: true, retryAt: clock.now() + 120_000, language: 'en' });
  });

  it('a 503 whose Retry-After outlasts the retries says when too, from an HTTP date', async () => {
    const at = new Date(clock.now() + 15 * 60_000).toUTCString();
    failList(503, 'Service Unavailable', { 'retry-after': at }, 1);
    const error = (await listError()) as ServerError;
    expect(error.message).toBe(`The service is unavailable for now. The service asked to wait; try again at ${hhmm(Date.parse(at))} (in about 15 minutes).`);
    expect(error.retryAt).toBe(Date.parse(at));
  });

  it('a short Retry-After that still failed after every attempt says the seconds', async () => {
    failList(503, '', { 'retry-after': '30' }, 4);
    const error = (await listError()) as ServerError;
    expect(clock.sleeps).toEqual([30_000, 30_000, 30_000]);
    expect(error.message).toBe('The service is unavailable for now. The service asked to wait; try again in 30 seconds.');
  });
});

describe('retryWhen', () => {
  const now = new Date(2026, 10, 22, 14, 30, 0).getTime();
  it('speaks in seconds, then a time of day, then a day', () => {
    expect(retryWhen(now + 45_000, now)).toBe('in 45 seconds');
    expect(retryWhen(now + 2 * 60_000, now)).toBe('at 14:32 (in about 2 minutes)');
    expect(retryWhen(now + 90 * 60_000, now)).toBe('at 16:00 (in about 1 hour 30 minutes)');
    expect(retryWhen(now + 12 * 3_600_000, now)).toMatch(/^on Mon,? 23 Nov at 02:30$/);
  });
});

describe('describeError', () => {
  it('classifies a raw socket failure that no one translated', () => {
    const reset = Object.assign(new Error('read ECONNRESET'), { code: 'ECONNRESET' });
    expect(describeError(reset)).toMatchObject({ code: 'network', title: 'Cannot reach the service', retryable: true, message: 'The connection to the service broke. Try again.' });
  });

  it('calls a zod mismatch an unexpected answer, in words', () => {
    const zodError = z.object({ status: z.string() }).safeParse({ status: 3 }).error;
    const described = describeError(zodError);
    expect(described).toMatchObject({ code: 'schema', title: 'Unexpected answer', retryable: false });
    expect(described.message).not.toMatch(/expected|status|\[/);
  });

  it("keeps the core's own messages, and never shows a bug's text", () => {
    expect(describeError(new AppError('account-not-found', 'That account was removed.'))).toEqual({ code: 'account-not-found', title: 'Account not found', message: 'That account was removed.', retryable: false });
    const bug = describeError(new TypeError("Cannot read properties of undefined (reading 'data')"));
    expect(bug).toMatchObject({ code: 'internal', retryable: false });
    expect(bug.message).not.toContain('undefined');
    expect(describeError('a string')).toMatchObject({ code: 'internal' });
    expect(describeError(new DOMException('The operation timed out.', 'TimeoutError'))).toMatchObject({ code: 'timeout', retryable: true });
  });
});

describe('the client refuses an address the base-URL rule refuses', () => {
  it('never builds a client that would send credentials over plain http beyond this computer, or with user info', async () => {
    const credentials = { mechanism: 'api-key' as const, apiKey: CLIENT_KEY };
    expect(() => createQuotingClient({ baseUrl: 'http://quotes.example.com', credentials })).toThrow(
      expect.objectContaining({ code: 'invalid-input', message: expect.stringContaining('Plain http:// is allowed only for a service on this computer') }),
    );
    expect(() => createQuotingClient({ baseUrl: 'https://me:pw@quotes.example.com', credentials })).toThrow(expect.objectContaining({ code: 'invalid-input' }));
    expect(() => createQuotingClient({ baseUrl: 'ftp://quotes.example.com', credentials })).toThrow(expect.objectContaining({ code: 'invalid-input' }));
    const secure = createQuotingClient({ baseUrl: 'https://quotes.example.com/', credentials });
    const local = createQuotingClient({ baseUrl: 'http://localhost:8080', credentials });
    expect([secure.baseUrl, local.baseUrl]).toEqual(['https://quotes.example.com', 'http://localhost:8080']);
    await Promise.all([secure.close(), local.close()]);
  });
});

describe('a 404 says what is missing', () => {
  it('a quote that is gone, or an address that is not the service', async () => {
    const missing = await client.quotes.get('99999999-9999-4999-8999-999999999999').catch((caught: unknown) => caught);
    expect(missing).toMatchObject({ code: 'not-found', message: expect.stringMatching(/^The service has no such quote: it may have been withdrawn, or the ID is wrong\./) });
    failList(404, '<html>Not Found</html>', {}, 1);
    expect(await listError()).toMatchObject({
      code: 'not-found',
      message: 'The service has nothing at this address. Check that the account’s address is the Quoting Service’s root address, e.g. https://quotes.example.com.',
    });
    service.addFault({ pathPrefix: `${LIST}/filters`, action: { type: 'status', status: 404 } });
    await expect(client.quotes.filters()).rejects.toMatchObject({ message: expect.stringMatching(/^The service has nothing at this address/) });
  });
});

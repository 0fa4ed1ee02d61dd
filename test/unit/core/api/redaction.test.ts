import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createQuotingClient } from '../../../../main/core/api';
import { createFakeClock } from '../../../helpers/fake-clock';
import { startFakeService } from '../../../helpers/fake-service';
import type { FakeService } from '../../../helpers/fake-service';
import { CLIENT_ID, CLIENT_KEY, CLIENT_SECRET, STANDARD_PRINCIPALS, standardQuotes } from '../../../helpers/service-fixtures';
import { createRecordingLogger } from '../../../helpers/json-recording-logger';

let service: FakeService;
beforeEach(async () => {
  service = await startFakeService({ quotes: standardQuotes(), ...STANDARD_PRINCIPALS });
});
afterEach(async () => {
  await service.close();
});

/** Every string a person or a log could see from an error, including its causes. */
function visibleText(error: unknown): string {
  const parts: string[] = [];
  let current: unknown = error;
  for (let depth = 0; current instanceof Error && depth < 5; depth++) {
    parts.push(current.message, JSON.stringify({ ...current }));
    current = current.cause;
  }
  return parts.join('\n');
}

describe('secrets never reach an error message or a log line', () => {
  it('masks an API key that the service echoes back in error bodies', async () => {
    const logger = createRecordingLogger();
    const client = createQuotingClient({ baseUrl: service.baseUrl, credentials: { mechanism: 'api-key', apiKey: CLIENT_KEY }, clock: createFakeClock(), logger, retry: { random: () => 0 } });
    service.addFault({ pathPrefix: '/api/public/v1/quotes', times: 4, action: { type: 'status', status: 500, body: `upstream rejected key ${CLIENT_KEY}` } });
    const serverError = await client.quotes.list({ page: 1, limit: 5 }).catch((caught: unknown) => caught);
    service.addFault({ pathPrefix: '/api/public/v1/quotes', action: { type: 'status', status: 401, body: JSON.stringify({ message: `Invalid Api-key ${CLIENT_KEY}` }) } });
    const authError = await client.quotes.list({ page: 1, limit: 5 }).catch((caught: unknown) => caught);
    for (const error of [serverError, authError]) {
      expect(visibleText(error)).not.toContain(CLIENT_KEY);
      expect(visibleText(error)).toContain('[redacted]');
    }
    expect(logger.lines.length).toBeGreaterThan(0);
    expect(logger.text()).not.toContain(CLIENT_KEY);
    await client.close();
  });

  it('masks the client secret and issued tokens in errors and logs', async () => {
    const logger = createRecordingLogger();
    let issued = '';
    service.route('GET', '/api/public/v1/quotes/filters', (req, res) => {
      issued = String(req.headers.authorization).slice('Bearer '.length);
      res.writeHead(403, { 'content-type': 'text/plain' });
      res.end(`token ${issued} lacks scope; secret ${CLIENT_SECRET} noted`);
    });
    const client = createQuotingClient({ baseUrl: service.baseUrl, credentials: { mechanism: 'client-credentials', clientId: CLIENT_ID, clientSecret: CLIENT_SECRET }, clock: createFakeClock(), logger });
    const error = await client.quotes.filters().catch((caught: unknown) => caught);
    expect(error).toMatchObject({ code: 'forbidden' });
    expect(issued.length).toBeGreaterThan(10);
    logger.warn('diagnostic', { detail: (error as Error).message, body: `Bearer ${issued}`, nested: { clientSecret: CLIENT_SECRET } });
    for (const text of [visibleText(error), logger.text()]) {
      expect(text).not.toContain(issued);
      expect(text).not.toContain(CLIENT_SECRET);
    }
    await client.close();
  });
});

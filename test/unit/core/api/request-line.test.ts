// What the transport puts on the wire: it builds the path and query itself (not through
// new URL) and merges its own headers with the credentials' once per credentials object, so
// these pin the request line and the headers a service really receives.
import { createServer } from 'node:http';
import type { IncomingHttpHeaders, Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createQuotingClient } from '../../../../main/core/api';
import type { ClosableQuotingClient } from '../../../../main/core/api';
import { createFakeClock } from '../../../helpers/fake-clock';

const QUOTE_ID = '6f1c2a9e-3b4d-4e5f-8a6b-7c8d9e0f1a2b';

interface Seen {
  method: string;
  url: string;
  headers: IncomingHttpHeaders;
}

describe('the request line and headers on the wire', () => {
  let server: Server;
  let origin: string;
  let client: ClosableQuotingClient;
  const seen: Seen[] = [];

  beforeAll(async () => {
    server = createServer((req, res) => {
      seen.push({ method: req.method ?? '', url: req.url ?? '', headers: req.headers });
      req.resume();
      req.on('end', () => {
        const body = req.method === 'POST'
          ? { success: true, data: { id: QUOTE_ID, status: 'DECLINED', message: 'Declined' } }
          : { success: true, data: [], pagination: { page: 1, limit: 5, total: 0, totalPages: 0, hasNextPage: false, hasPrevPage: false } };
        res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(body));
      });
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    // A base URL with a path of its own (a service behind a reverse proxy), trailing slash included.
    client = createQuotingClient({ baseUrl: `${origin}/proxy/quoting/`, credentials: { mechanism: 'api-key', apiKey: 'key-1' }, clock: createFakeClock() });
  });
  afterAll(async () => {
    await client.close();
    await new Promise<void>((resolve) => server.close(() => resolve()));
  });

  it('puts the base URL path before the API path and encodes every query value', async () => {
    seen.length = 0;
    const search = 'a b&c=d+é/?#%';
    await client.quotes.list({ page: 1, limit: 5, status: 'SENT', search });
    const [request] = seen;
    const url = new URL(request?.url ?? '', origin);
    expect(url.pathname).toBe('/proxy/quoting/api/public/v1/quotes');
    expect(Object.fromEntries(url.searchParams)).toEqual({ page: '1', limit: '5', status: 'SENT', search });
  });

  it('sends the default headers with the key, and a content type only with a JSON body', async () => {
    seen.length = 0;
    await client.quotes.list({ page: 1, limit: 5 });
    await client.quotes.decline(QUOTE_ID, 'Too late');
    await client.quotes.list({ page: 1, limit: 5 });
    expect(seen.map((request) => request.method)).toEqual(['GET', 'POST', 'GET']);
    for (const request of seen) {
      expect(request.headers).toMatchObject({ accept: 'application/json', 'user-agent': 'Quotedesk', 'api-key': 'key-1' });
    }
    expect(seen[1]?.headers['content-type']).toBe('application/json');
    // The POST's content type does not stay on the shared headers of later reads.
    expect(seen[0]?.headers['content-type']).toBeUndefined();
    expect(seen[2]?.headers['content-type']).toBeUndefined();
  });
});

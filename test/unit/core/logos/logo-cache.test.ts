// Company logos: fetched once by the core from a cached quote's address, checked to be a
// small image, kept on disk for offline use, handed to the renderer as a data: URL.
import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { createServer } from 'node:http';
import type { IncomingMessage, Server, ServerResponse } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { MockAgent } from 'undici';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createLogoHandlers } from '../../../../main/core/logos/bridge';
import { createLogoCache, imageKindOf, LOGO_MAX_BYTES, LOGO_RETRY_AFTER_MS, logoUrlAllowed } from '../../../../main/core/logos';
import { createFakeClock } from '../../../helpers/fake-clock';
import { createRecordingLogger } from '../../../helpers/recording-logger';

const SVG = '<?xml version="1.0"?>\n<!-- the mark --><svg xmlns="http://www.w3.org/2000/svg" width="8" height="8"><rect width="8" height="8"/></svg>';
const PNG = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13]);

let server: Server;
let base: string;
let folder: string;
let hits: string[];
let respond: (req: IncomingMessage, res: ServerResponse) => void;

beforeEach(async () => {
  folder = mkdtempSync(join(tmpdir(), 'qd-logos-'));
  hits = [];
  respond = (_req, res) => res.writeHead(200, { 'content-type': 'image/svg+xml' }).end(SVG);
  server = createServer((req, res) => {
    hits.push(req.url ?? '');
    respond(req, res);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  base = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
});
afterEach(async () => {
  await new Promise((resolve) => server.close(resolve));
  rmSync(folder, { recursive: true, force: true });
});

const cache = (clock = createFakeClock(), logger = createRecordingLogger()) => createLogoCache({ folder, clock, logger });

describe('the logo cache', () => {
  it('fetches a logo once, and serves it from disk afterwards, also with the server gone', async () => {
    const url = `${base}/logos/acme.svg?sig=secret-token`;
    const expected = `data:image/svg+xml;base64,${Buffer.from(SVG).toString('base64')}`;
    const first = cache();
    expect(await first.dataUrl(url, base)).toBe(expected);
    expect(await first.dataUrl(url, base)).toBe(expected);
    expect(hits).toEqual(['/logos/acme.svg?sig=secret-token']);

    await new Promise((resolve) => server.close(resolve));
    server.listen(0, '127.0.0.1');
    // A restart: a new cache over the same folder, the network gone.
    expect(await cache().dataUrl(url, base)).toBe(expected);
    expect(readdirSync(folder)).toHaveLength(1);
  });

  it('finds a logo on this computer by its path alone: the demo service has a new port at every start', async () => {
    const expected = `data:image/svg+xml;base64,${Buffer.from(SVG).toString('base64')}`;
    expect(await cache().dataUrl(`${base}/static/logos/acme.svg`, base)).toBe(expected);
    // Another start: the demo service, and so its logos, on another port (nothing listens on port 1).
    expect(await cache().dataUrl('http://localhost:1/static/logos/acme.svg', 'http://localhost:1')).toBe(expected);
    expect(hits).toEqual(['/static/logos/acme.svg']);

    // Elsewhere, the same path is another logo.
    const cdn = new MockAgent();
    cdn.disableNetConnect();
    cdn.get('https://cdn.example.com').intercept({ path: '/static/logos/acme.svg' }).reply(200, PNG);
    const elsewhere = createLogoCache({ folder, clock: createFakeClock(), logger: createRecordingLogger(), publicDispatcher: cdn });
    expect(await elsewhere.dataUrl('https://cdn.example.com/static/logos/acme.svg')).toBe(`data:image/png;base64,${PNG.toString('base64')}`);
    await cdn.close();
    expect(readdirSync(folder)).toHaveLength(2);
  });

  it('asks once for many callers at the same moment', async () => {
    const first = cache();
    const answers = await Promise.all(Array.from({ length: 5 }, () => first.dataUrl(`${base}/a.svg`, base)));
    expect(new Set(answers).size).toBe(1);
    expect(hits).toHaveLength(1);
  });

  it('refuses what is not an image, whatever its content type says, and does not ask again for a while', async () => {
    respond = (_req, res) => res.writeHead(200, { 'content-type': 'image/png' }).end('<!doctype html><p>Sign in</p>');
    const clock = createFakeClock();
    const logger = createRecordingLogger();
    const logos = cache(clock, logger);
    const url = `${base}/logo.png?token=secret-token`;
    expect(await logos.dataUrl(url, base)).toBeNull();
    expect(await logos.dataUrl(url, base)).toBeNull();
    expect(hits).toHaveLength(1);
    expect(readdirSync(folder)).toEqual([]);
    // Only the origin is logged: a signed address's token stays out of the log.
    expect(logger.text()).toContain(base);
    expect(logger.text()).not.toContain('secret-token');

    respond = (_req, res) => res.writeHead(200, { 'content-type': 'image/png' }).end(PNG);
    clock.advance(LOGO_RETRY_AFTER_MS);
    expect(await logos.dataUrl(url, base)).toBe(`data:image/png;base64,${PNG.toString('base64')}`);
    expect(hits).toHaveLength(2);
  });

  it('refuses a logo larger than the limit, announced or streamed, and an error status', async () => {
    const big = Buffer.concat([PNG, Buffer.alloc(LOGO_MAX_BYTES)]);
    respond = (req, res) => {
      if (req.url === '/announced') res.writeHead(200, { 'content-length': String(big.length) }).end(big);
      else if (req.url === '/streamed') {
        res.writeHead(200);
        res.write(big.subarray(0, 1000));
        res.end(big.subarray(1000));
      } else res.writeHead(404).end('gone');
    };
    const logos = cache();
    expect(await logos.dataUrl(`${base}/announced`, base)).toBeNull();
    expect(await logos.dataUrl(`${base}/streamed`, base)).toBeNull();
    expect(await logos.dataUrl(`${base}/missing`, base)).toBeNull();
    expect(readdirSync(folder)).toEqual([]);
  });

  it('fetches from the account\'s own service as it is, from elsewhere only over https, never with credentials in the address', () => {
    expect(logoUrlAllowed('https://cdn.example.com/logo.png')).toBe(true);
    expect(logoUrlAllowed('http://127.0.0.1:8080/logo.png', 'http://127.0.0.1:8080')).toBe(true);
    expect(logoUrlAllowed('https://quotes.internal.example/logo.png', 'https://quotes.internal.example/api/v1')).toBe(true);
    expect(logoUrlAllowed('http://127.0.0.1:8080/logo.png')).toBe(false);
    expect(logoUrlAllowed('http://127.0.0.1:8081/logo.png', 'http://127.0.0.1:8080')).toBe(false);
    expect(logoUrlAllowed('http://cdn.example.com/logo.png')).toBe(false);
    expect(logoUrlAllowed('https://user:pass@cdn.example.com/logo.png')).toBe(false);
    expect(logoUrlAllowed('https://user:pass@cdn.example.com/logo.png', 'https://cdn.example.com')).toBe(false);
    expect(logoUrlAllowed('file:///etc/passwd')).toBe(false);
    expect(logoUrlAllowed('not a url')).toBe(false);
  });

  it('knows an image by its bytes', () => {
    expect(imageKindOf(PNG)).toBe('png');
    expect(imageKindOf(Buffer.from([0xff, 0xd8, 0xff, 0xe0]))).toBe('jpg');
    expect(imageKindOf(Buffer.from('GIF89a....'))).toBe('gif');
    expect(imageKindOf(Buffer.from('RIFF\0\0\0\0WEBPVP8 '))).toBe('webp');
    expect(imageKindOf(Buffer.from(SVG))).toBe('svg');
    expect(imageKindOf(Buffer.from('\uFEFF  <svg viewBox="0 0 1 1"></svg>'))).toBe('svg');
    expect(imageKindOf(Buffer.from('<html><svg></svg></html>'))).toBeNull();
    expect(imageKindOf(Buffer.from('{"error":"nope"}'))).toBeNull();
    expect(imageKindOf(Buffer.alloc(0))).toBeNull();
  });
});

describe('quotes.logo', () => {
  it('fetches only the address in the cached quote, and answers null for a quote without one', async () => {
    const details = (url: string | null) => ({ details: { company: { logo: url === null ? null : { url } } } });
    const known: Record<string, unknown> = { 'q-1': details(`${base}/acme.svg`), 'q-2': details(null) };
    const handlers = createLogoHandlers({
      cache: { get: (_accountId: string, quoteId: string) => known[quoteId] as never },
      logos: cache(),
      serviceBaseUrl: async (accountId) => (accountId === 'acc' ? base : null),
    });
    expect((await handlers['quotes.logo']({ accountId: 'acc', quoteId: 'q-1' })).src).toMatch(/^data:image\/svg\+xml;base64,/);
    expect(await handlers['quotes.logo']({ accountId: 'acc', quoteId: 'q-2' })).toEqual({ src: null });
    expect(await handlers['quotes.logo']({ accountId: 'acc', quoteId: 'unknown' })).toEqual({ src: null });
    expect(hits).toEqual(['/acme.svg']);
  });
});

import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { downloadPdf } from '../../../../main/core/api';
import { RateLimitedError, ServerError, TimeoutError } from '../../../../main/core/api/errors';
import { createFakeClock } from '../../../helpers/fake-clock';
import { startFakeService } from '../../../helpers/fake-service';
import type { FakeService } from '../../../helpers/fake-service';
import { flood, trickle } from '../../../helpers/slow-responses';

// A signed-URL service: the download token is part of the path.
const TOKEN = 'dl-7f3a9c2e51b84d06a1e2';
const FILE_PATH = `/files/${TOKEN}/quote.pdf`;
const TIMEOUTS = { connectMs: 500, headersMs: 150, bodyMs: 150, bodyTotalMs: 400 };

let service: FakeService;
let dir: string;

beforeEach(async () => {
  service = await startFakeService();
  dir = await mkdtemp(join(tmpdir(), 'qd-pdf-'));
});
afterEach(async () => {
  await service.close();
  await rm(dir, { recursive: true, force: true });
});

const link = () => ({ downloadUrl: `${service.baseUrl}${FILE_PATH}`, fileName: 'quote.pdf', expiresIn: 3600 });
const download = (signal?: AbortSignal) => downloadPdf(link(), join(dir, 'quote.pdf'), { timeouts: TIMEOUTS, signal }).catch((caught: unknown) => caught);

describe('PDF download', () => {
  it('saves a PDF that arrives normally', async () => {
    service.route('GET', FILE_PATH, (_req, res) => res.end('%PDF-1.7 body'));
    await expect(downloadPdf(link(), join(dir, 'quote.pdf'), { timeouts: TIMEOUTS })).resolves.toMatchObject({ bytes: 13 });
  });

  it('ends a PDF that trickles in just fast enough to dodge the silence limit, leaving no file', async () => {
    service.route('GET', FILE_PATH, (_req, res) =>
      trickle(res, { contentType: 'application/pdf', head: '%PDF-', filler: 'x', everyMs: 50, times: 40, tail: '%%EOF' }),
    );
    const error = await download();
    expect(error).toBeInstanceOf(TimeoutError);
    expect(error).toMatchObject({ code: 'timeout', phase: 'body' });
    expect(await readdir(dir)).toEqual([]);
  });

  it('gives the caller its own reason when it cancels the download', async () => {
    const controller = new AbortController();
    const reason = new Error('closed by the person');
    service.route('GET', FILE_PATH, (_req, res) => {
      trickle(res, { contentType: 'application/pdf', head: '%PDF-', filler: 'x', everyMs: 50, times: 40, tail: '%%EOF' });
      controller.abort(reason);
    });
    expect(await download(controller.signal)).toBe(reason);
    expect(await readdir(dir)).toEqual([]);
  });

  it('never names the link path, which carries the download token, in an error', async () => {
    service.route('GET', FILE_PATH, (_req, res) => {
      res.writeHead(403, { 'content-type': 'text/plain' });
      res.end('Link expired');
    });
    const error = await download();
    expect(error).toMatchObject({ code: 'forbidden', status: 403 });
    expect(error).toMatchObject({ endpoint: `GET ${service.baseUrl}/<pdf download link>` });
    expect((error as Error).message).toBe('The PDF link has expired or was withdrawn. Ask for the PDF again.');
    expect((error as Error).message).not.toContain(TOKEN);
    expect((error as { endpoint: string }).endpoint).not.toContain(TOKEN);
  });

  it('reads only the start of an endless error body, then hangs up', async () => {
    const floodBytes = 64 * 1024 * 1024;
    let flooding: { bytesSent(): number } | undefined;
    service.route('GET', FILE_PATH, (_req, res) => (flooding = flood(res, 500, floodBytes)));
    const error = await download();
    expect(error).toBeInstanceOf(ServerError);
    expect(error).toMatchObject({ code: 'server', status: 500 });
    expect((error as ServerError).bodyText!.length).toBeLessThanOrEqual(2001);
    // Socket buffers let some megabytes out before the hang-up arrives, never the whole flood.
    expect(flooding!.bytesSent()).toBeLessThan(floodBytes / 2);
  });

  it('waits out the pause a busy service asks for (429, 503 with Retry-After), then saves the PDF', async () => {
    let asked = 0;
    service.route('GET', FILE_PATH, (_req, res) => {
      asked += 1;
      if (asked === 1) return res.writeHead(503, { 'retry-after': '2' }).end('busy');
      if (asked === 2) return res.writeHead(429, { 'retry-after': '1' }).end('slow down');
      res.end('%PDF-1.7 body');
    });
    const clock = createFakeClock();
    await expect(downloadPdf(link(), join(dir, 'quote.pdf'), { timeouts: TIMEOUTS, retry: { clock } })).resolves.toMatchObject({ bytes: 13 });
    expect(clock.sleeps).toEqual([2000, 1000]);
    expect(asked).toBe(3);
  });

  it('reports a busy service at once when it asks for a longer pause than the policy waits, or for none', async () => {
    service.route('GET', FILE_PATH, (_req, res) => res.writeHead(429, { 'retry-after': '600' }).end('later'));
    const clock = createFakeClock();
    const error = await downloadPdf(link(), join(dir, 'quote.pdf'), { timeouts: TIMEOUTS, retry: { clock } }).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(RateLimitedError);
    expect(error).toMatchObject({ retryAfterMs: 600_000 });
    expect(clock.sleeps).toEqual([]);
    expect(await readdir(dir)).toEqual([]);
  });
});

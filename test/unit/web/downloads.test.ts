import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { createDispatcher } from '../../../main/core/bridge/dispatcher';
import { createEventHub } from '../../../main/core/bridge/events';
import { createDownloadRoute } from '../../../main/web/downloads';
import { startWebHost } from '../../../main/web/server';
import { unusedHandlers } from '../../helpers/bridge-fixtures';
import { createRecordingLogger } from '../../helpers/recording-logger';

const cleanups: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0)) await cleanup();
});

async function hostWithDownloads(now: () => number = Date.now) {
  const root = await mkdtemp(join(tmpdir(), 'quotedesk-downloads-'));
  await writeFile(join(root, 'index.html'), '<!doctype html><title>Quotedesk</title>');
  const pdf = join(root, 'quote.pdf');
  await writeFile(pdf, '%PDF-1.4 a quote %%EOF');
  const logger = createRecordingLogger();
  const downloads = createDownloadRoute({ ttlMs: 60_000, now });
  const host = await startWebHost({
    staticDir: root,
    dispatcher: createDispatcher({ handlers: unusedHandlers(), logger }),
    hub: createEventHub({ logger }),
    logger,
    downloads,
  });
  cleanups.push(async () => {
    await host.close();
    await rm(root, { recursive: true, force: true });
  });
  return { host, downloads, pdf, root };
}

describe('the browser-mode PDF download route', () => {
  it('serves the file once, as an attachment with its name, and refuses the same link again', async () => {
    const { host, downloads, pdf } = await hostWithDownloads();
    const delivered = await downloads.deliver({ path: pdf, fileName: 'Quote Q-2026-0042.pdf', mode: 'open' });
    expect(delivered.kind).toBe('download');
    const url = delivered.kind === 'download' ? delivered.url : '';
    expect(url).toMatch(/^\/downloads\/[\w-]{43}$/);

    const first = await fetch(`${host.origin}${url}`);
    expect(first.status).toBe(200);
    expect(first.headers.get('content-type')).toBe('application/pdf');
    expect(first.headers.get('content-disposition')).toContain('attachment; filename="Quote Q-2026-0042.pdf"');
    expect(await first.text()).toBe('%PDF-1.4 a quote %%EOF');

    const again = await fetch(`${host.origin}${url}`);
    expect(again.status).toBe(404);
    expect(await again.text()).toMatch(/used already or has expired/);
  });

  it("offers an export's bytes once, with its own type and name", async () => {
    const { host, downloads } = await hostWithDownloads();
    const bytes = new TextEncoder().encode('Quote number,Total\r\nQ-1,12.5\r\n');
    const delivered = await downloads.deliverExport({ bytes, fileName: 'Quotes 2026-11-26.csv', contentType: 'text/csv; charset=utf-8', extension: 'csv' });
    const url = delivered.kind === 'download' ? delivered.url : '';
    expect(url).toMatch(/^\/downloads\/[\w-]{43}$/);
    const first = await fetch(`${host.origin}${url}`);
    expect(first.headers.get('content-type')).toBe('text/csv; charset=utf-8');
    expect(first.headers.get('content-disposition')).toContain('attachment; filename="Quotes 2026-11-26.csv"');
    expect(await first.text()).toBe('Quote number,Total\r\nQ-1,12.5\r\n');
    expect((await fetch(`${host.origin}${url}`)).status).toBe(404);
  });

  it('refuses a guessed or expired link, and says so when the file left the cache', async () => {
    let now = 1_000_000;
    const { host, downloads, pdf, root } = await hostWithDownloads(() => now);
    expect((await fetch(`${host.origin}/downloads/guessed`)).status).toBe(404);

    const expired = await downloads.deliver({ path: pdf, fileName: 'a.pdf', mode: 'open' });
    now += 60_001;
    expect((await fetch(`${host.origin}${expired.kind === 'download' ? expired.url : ''}`)).status).toBe(404);

    const gone = await downloads.deliver({ path: join(root, 'evicted.pdf'), fileName: 'b.pdf', mode: 'save' });
    const response = await fetch(`${host.origin}${gone.kind === 'download' ? gone.url : ''}`);
    expect(response.status).toBe(410);
    expect(await response.text()).toMatch(/no longer in the cache/);
  });

  it('leaves every other path to the renderer files', async () => {
    const { host } = await hostWithDownloads();
    const page = await fetch(`${host.origin}/`);
    expect(await page.text()).toContain('<title>Quotedesk</title>');
  });
});

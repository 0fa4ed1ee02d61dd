// Serves the built quote-views harness and screenshots each scenario in light and dark into
// /tmp/quote-shot-<scenario>-<scheme>.png.
import { createServer } from 'node:http';
import { readFile } from 'node:fs/promises';
import { extname, join, normalize } from 'node:path';
import { chromium } from 'playwright-core';

const ROOT = '/tmp/quotedesk-quote-harness';
const TYPES: Record<string, string> = { '.html': 'text/html', '.js': 'text/javascript', '.css': 'text/css' };

const server = createServer(async (request, response) => {
  const path = normalize(new URL(request.url ?? '/', 'http://x').pathname).replace(/^\/+/, '') || 'index.html';
  try {
    const body = await readFile(join(ROOT, path));
    response.writeHead(200, { 'content-type': TYPES[extname(path)] ?? 'application/octet-stream' });
    response.end(body);
  } catch {
    response.writeHead(404).end();
  }
});
await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
const address = server.address();
const port = typeof address === 'object' && address ? address.port : 0;

const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--no-sandbox'] });
const shots = (process.argv[2] ?? 'detail,loading,pricing,diff,accept,accept-unknown,decline,pdf').split(',');
for (const scheme of ['light', 'dark'] as const) {
  const page = await browser.newPage({ viewport: { width: 1100, height: 900 }, colorScheme: scheme });
  page.on('pageerror', (error) => console.error('page error:', error.message));
  for (const shot of shots) {
    await page.goto(`http://127.0.0.1:${port}/?scenario=${shot}`);
    await page.waitForTimeout(250);
    if (shot === 'accept-unknown') {
      await page.getByRole('button', { name: 'Accept quote' }).click();
      await page.waitForTimeout(200);
    }
    if (shot === 'decline') await page.getByRole('textbox').fill('The revised timeline does not fit our product launch.');
    await page.screenshot({ path: `/tmp/quote-shot-${shot}-${scheme}.png`, fullPage: true });
  }
  await page.close();
}
await browser.close();
server.close();
console.log('screenshots in /tmp/quote-shot-*.png');

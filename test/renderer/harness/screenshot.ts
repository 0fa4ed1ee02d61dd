// Serves the built harness and screenshots scenarios in light and dark into
// /tmp/shot-<shot>-<scheme>.png (all of them, or the comma-separated list given):
//   npx vite build --config test/renderer/harness/vite.config.ts && npx tsx test/renderer/harness/screenshot.ts [inbox,quote-detail]
import { createServer } from 'node:http';
import { readFile } from 'node:fs/promises';
import { extname, join, normalize } from 'node:path';
import { chromium } from 'playwright-core';

const ROOT = '/tmp/quotedesk-harness';
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

const APP_SHOTS = ['inbox', 'error', 'credentials', 'settings', 'add', 'loading', 'activity'];
const QUOTE_SHOTS = ['detail', 'loading', 'pricing', 'diff', 'accept', 'accept-unknown', 'decline', 'pdf'].map((view) => `quote-${view}`);

const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--no-sandbox'] });
const shots = process.argv[2]?.split(',') ?? [...APP_SHOTS, ...QUOTE_SHOTS];
for (const scheme of ['light', 'dark'] as const) {
  const page = await browser.newPage({ colorScheme: scheme });
  page.on('pageerror', (error) => console.error('page error:', error.message));
  page.on('console', (message) => {
    if (message.type() === 'error') console.error('console:', message.text());
  });
  for (const shot of shots) {
    // A quote view is shown alone, at the width of the quote pane, and taken whole.
    const quoteView = shot.startsWith('quote-');
    await page.setViewportSize(quoteView ? { width: 1100, height: 900 } : { width: 1280, height: 800 });
    const scenario = shot === 'add' ? 'inbox' : shot;
    await page.goto(`http://127.0.0.1:${port}/?scenario=${scenario}`);
    await page.waitForTimeout(300);
    if (shot === 'settings') await page.getByRole('button', { name: /^Settings$/ }).click();
    if (shot === 'activity') {
      await page.getByRole('button', { name: 'Activity' }).click();
      await page.waitForTimeout(200);
    }
    if (shot === 'add') {
      await page.getByRole('button', { name: 'Add account' }).first().click();
      await page.getByLabel('Base URL').fill('ftp://nope');
      await page.getByLabel('Name').click();
      await page.waitForTimeout(200);
    }
    if (shot === 'quote-accept-unknown') {
      await page.getByRole('button', { name: 'Accept quote' }).click();
      await page.waitForTimeout(200);
    }
    if (shot === 'quote-decline') await page.getByRole('textbox').fill('The revised timeline does not fit our product launch.');
    await page.screenshot({ path: `/tmp/shot-${shot}-${scheme}.png`, fullPage: quoteView });
  }
  await page.close();
}
await browser.close();
server.close();
console.log('screenshots in /tmp/shot-*.png');

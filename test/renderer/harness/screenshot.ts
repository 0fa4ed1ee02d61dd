// Serves the built harness and screenshots scenarios in light and dark:
//   npx vite build --config test/renderer/harness/vite.config.ts && npx tsx test/renderer/harness/screenshot.ts
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

const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--no-sandbox'] });
const shots = (process.argv[2] ?? 'inbox,error,credentials,settings,add,loading').split(',');
for (const scheme of ['light', 'dark'] as const) {
  const page = await browser.newPage({ viewport: { width: 1280, height: 800 }, colorScheme: scheme });
  page.on('pageerror', (error) => console.error('page error:', error.message));
  page.on('console', (message) => {
    if (message.type() === 'error') console.error('console:', message.text());
  });
  for (const shot of shots) {
    const scenario = shot === 'add' ? 'inbox' : shot;
    await page.goto(`http://127.0.0.1:${port}/?scenario=${scenario}`);
    await page.waitForTimeout(300);
    if (shot === 'settings') await page.getByRole('button', { name: 'Account settings' }).click();
    if (shot === 'add') {
      await page.getByRole('button', { name: 'Add account' }).first().click();
      await page.getByLabel('Base URL').fill('ftp://nope');
      await page.getByLabel('Name').click();
      await page.waitForTimeout(200);
    }
    await page.screenshot({ path: `/tmp/shot-${shot}-${scheme}.png` });
  }
  await page.close();
}
await browser.close();
server.close();
console.log('screenshots in /tmp/shot-*.png');

// The notification UI (unread badges and rows, a notification toast, the Notifications
// settings) in light and dark, checked by axe. It runs the real renderer over the renderer
// tests' fake bridge (the screenshot harness): the app host answers notifications once the
// core side is wired, and these views need no Quoting Service.
import { createServer, type Server } from 'node:http';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { extname, join, normalize } from 'node:path';
import { fileURLToPath } from 'node:url';
import AxeBuilder from '@axe-core/playwright';
import { expect, test } from '@playwright/test';
import { build } from 'vite';
import { expectAccessible } from './axe';

test.describe.configure({ mode: 'serial' });

const TYPES: Record<string, string> = { '.html': 'text/html', '.js': 'text/javascript', '.css': 'text/css' };
let outDir: string | undefined;
let server: Server | undefined;
let baseUrl = '';

test.beforeAll(async () => {
  test.setTimeout(180_000);
  outDir = await mkdtemp(join(tmpdir(), 'quotedesk-notify-harness-'));
  const root = outDir;
  await build({
    configFile: fileURLToPath(new URL('../renderer/harness/vite.config.ts', import.meta.url)),
    build: { outDir: root, emptyOutDir: true },
    logLevel: 'error',
  });
  server = createServer(async (request, response) => {
    const path = normalize(new URL(request.url ?? '/', 'http://127.0.0.1').pathname).replace(/^\/+/, '') || 'index.html';
    try {
      const body = await readFile(join(root, path));
      response.writeHead(200, { 'content-type': TYPES[extname(path)] ?? 'application/octet-stream' });
      response.end(body);
    } catch {
      response.writeHead(404).end();
    }
  });
  await new Promise<void>((resolve) => server!.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  baseUrl = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
});

test.afterAll(async () => {
  await new Promise((resolve) => server?.close(resolve));
  if (outDir) await rm(outDir, { recursive: true, force: true });
});

for (const scheme of ['light', 'dark'] as const) {
  test(`unread markers, a notification toast and the notification settings pass axe: ${scheme}`, async ({ browser }) => {
    const context = await browser.newContext({ viewport: { width: 1280, height: 800 }, colorScheme: scheme });
    const page = await context.newPage();
    const problems: string[] = [];
    page.on('pageerror', (error) => problems.push(error.message));
    await page.goto(`${baseUrl}/?scenario=notifications`);

    // The toast first: it leaves by itself after a few seconds, which a loaded machine can spend on the checks below.
    const toast = page.locator('.toast').filter({ hasText: 'Quote revised' });
    await expect(toast.getByRole('button', { name: 'Open' })).toBeVisible();
    await toast.hover();
    await expect(page).toHaveTitle('(4) Quotedesk');
    const nav = page.getByRole('navigation', { name: 'Accounts' });
    await expect(nav.getByRole('button', { name: /, 3 unread$/ })).toBeVisible();
    await expect(page.getByRole('table', { name: 'Quotes' }).getByRole('row').filter({ hasText: 'Unread:' })).toHaveCount(3);
    await expect(toast.getByRole('button', { name: 'Open' })).toBeVisible();
    await expectAccessible(page, `notifications-inbox-${scheme}`, `test-results/a11y-notifications-inbox-${scheme}.png`, { fullPage: false });

    await page.getByRole('button', { name: /^Settings$/ }).click();
    const section = page.locator('[data-notifications-settings]');
    await section.getByRole('switch', { name: 'Stay quiet every day' }).check();
    await expect(section.getByLabel('From', { exact: true })).toBeEnabled();
    await expect(section.getByRole('switch', { name: 'Show desktop notifications' })).toBeVisible();
    await section.scrollIntoViewIfNeeded();
    await expectAccessible(page, `notifications-settings-${scheme}`, `test-results/a11y-notifications-settings-${scheme}.png`, { fullPage: false });
    // Every rule, not only the serious ones, inside the section itself.
    const scoped = await new AxeBuilder({ page }).include('[data-notifications-settings]').withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']).analyze();
    expect(scoped.violations.map((violation) => violation.id)).toEqual([]);

    expect(problems).toEqual([]);
    await context.close();
  });
}

/** No serious or critical axe violation; the screenshot is kept either way. */

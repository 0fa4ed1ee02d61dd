import { expect, test } from '@playwright/test';
import { startWebHostProcess } from './web-host-process';
import type { WebHostProcess } from './web-host-process';

let host: WebHostProcess;

test.beforeAll(async () => {
  host = await startWebHostProcess();
});

test.afterAll(async () => {
  // SIGTERM must stop the host (and its demo service) cleanly.
  expect(await host.stop()).toBe(0);
});

test('browser mode opens on the demo inbox with seeded quotes', async ({ page }, testInfo) => {
  const problems: string[] = [];
  page.on('pageerror', (error) => problems.push(error.message));

  await page.goto(host.url);

  const quotes = page.getByRole('table', { name: 'Quotes' });
  await expect(quotes).toBeVisible();
  const numbered = quotes.getByRole('row').filter({ hasText: /Q-\d{4}-\d{4}/ });
  await expect(numbered.first()).toBeVisible();
  expect(await numbered.count()).toBeGreaterThan(0);

  // A client key sees its own company only: the inbox heading names the selected demo account's company.
  const selected = (await page.getByRole('navigation', { name: 'Accounts' }).locator('[aria-current="true"]').innerText()).trim();
  const company = (await page.locator('section.inbox header strong').innerText()).trim();
  expect(company.length).toBeGreaterThan(0);
  expect(selected).toContain(company);

  // The token left the address bar (it is kept in sessionStorage for reloads).
  expect(new URL(page.url()).hash).toBe('');
  await expect(page.getByText(/Demo mode/).first()).toBeVisible();

  await page.screenshot({ path: testInfo.outputPath('inbox.png'), fullPage: true });
  await page.screenshot({ path: 'test-results/inbox.png', fullPage: true });
  expect(problems).toEqual([]);
});

test('a reload keeps working without the token in the URL', async ({ page }) => {
  await page.goto(host.url);
  await expect(page.getByRole('table', { name: 'Quotes' }).getByRole('row').filter({ hasText: /Q-\d{4}-\d{4}/ }).first()).toBeVisible();
  await page.reload();
  await expect(page.getByRole('table', { name: 'Quotes' }).getByRole('row').filter({ hasText: /Q-\d{4}-\d{4}/ }).first()).toBeVisible();
});

test('a page opened without the token says how to get in and cannot use the bridge', async ({ page }) => {
  const withoutToken = host.url.replace(/#.*$/, '');
  await page.goto(withoutToken);
  // One clear message instead of an app that looks usable but never connects.
  const message = page.getByRole('alert');
  await expect(message).toContainText('This page has no access to Quotedesk.');
  await expect(message).toContainText('Open the link that npm run web printed in your terminal (it ends with #token=…).');
  await expect(page.getByRole('navigation', { name: 'Accounts' })).toHaveCount(0);
  await expect(page.getByRole('table', { name: 'Quotes' })).toHaveCount(0);
  const refusal = await page.evaluate(async (origin) => {
    const socket = new WebSocket(`${origin.replace('http', 'ws')}/bridge`, ['quotedesk.bridge.v1', 'token.guessed']);
    return new Promise<string>((resolve) => {
      // A wrong token is closed at once with the "earlier launch" code; nothing sent is answered.
      socket.onopen = () => socket.send(JSON.stringify({ type: 'call', id: 1, method: 'app.info' }));
      socket.onmessage = () => resolve('answered');
      socket.onclose = (event) => resolve(`closed ${event.code}`);
    });
  }, new URL(host.url).origin);
  expect(refusal).toBe('closed 4401');
});

test('the theme follows the system, and a choice in Settings overrides it across a reload', async ({ browser }) => {
  const context = await browser.newContext({ colorScheme: 'dark' });
  const page = await context.newPage();
  await page.goto(host.url);
  await expect(page.getByRole('table', { name: 'Quotes' })).toBeVisible();
  const theme = () => page.locator('html').getAttribute('data-theme');
  const background = () => page.locator('body').evaluate((body) => (body.ownerDocument.defaultView as unknown as { getComputedStyle(element: unknown): { backgroundColor: string } }).getComputedStyle(body).backgroundColor);
  expect(await theme()).toBe('dark');
  const dark = await background();

  await page.getByRole('button', { name: /^Settings$/ }).click();
  await page.getByRole('radio', { name: 'Light' }).check();
  expect(await theme()).toBe('light');
  // Reduced motion shortens every transition to 0.01 ms rather than removing it, so the
  // new colour is computed from the next frame on, not at once.
  await expect.poll(background).not.toBe(dark);

  await page.reload();
  await expect(page.getByRole('button', { name: /^Settings$/ })).toBeVisible();
  expect(await theme()).toBe('light');
  // The reload comes back where the person was: Settings is still open.
  await expect(page.getByRole('button', { name: /^Settings$/ })).toHaveAttribute('aria-pressed', 'true');
  await page.getByRole('radio', { name: 'Same as the system' }).check();
  expect(await theme()).toBe('dark');
  await context.close();
});

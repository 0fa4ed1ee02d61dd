// Issue 8 end to end in browser mode: 10,000 quotes across two accounts synced into the
// local cache, searched and filtered from the keyboard; then the Quoting Service stopped
// and the page reloaded: the same quotes are there, marked as the last known ones.
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import AxeBuilder from '@axe-core/playwright';
import { expect, test } from '@playwright/test';
import type { Browser, Page } from '@playwright/test';
import type { ListedQuote, SimulatorCredentials } from './simulator-process';
import { startTsxProcess, startWebHostProcess } from './web-host-process';
import type { TsxProcess, WebHostProcess } from './web-host-process';

test.describe.configure({ mode: 'serial' });

const QUOTES = 10_000;
const INTERNAL = 'Every company (internal key)';
const CLIENT = 'One company (client key)';
const SIM_READY = /Credentials \(admin key, API keys, client credentials\) written to /;

let simulator: TsxProcess | undefined;
let credentials: SimulatorCredentials;
let simDir: string | undefined;
let host: WebHostProcess | undefined;
let page: Page;
let clientQuoteCount = 0;
let sample: ListedQuote;
const pageErrors: string[] = [];

test.beforeAll(async ({ browser }) => {
  test.setTimeout(240_000);
  simDir = await mkdtemp(join(tmpdir(), 'quotedesk-e2e-offline-sim-'));
  const file = join(simDir, 'credentials.json');
  // `npm run sim -- --quotes 10000`, as a separately started service.
  simulator = await startTsxProcess('the simulator', ['main/simulator/main.ts', '--port', '0', '--quotes', String(QUOTES), '--credentials-out', file], SIM_READY);
  credentials = JSON.parse(await readFile(file, 'utf8')) as SimulatorCredentials;
  const company = credentials.companies[0]!;
  clientQuoteCount = await countQuotes(company.apiKey);
  sample = await numberedQuoteOf(company.apiKey);

  host = await startWebHostProcess();
  page = await browser.newPage({ viewport: { width: 1280, height: 860 } });
  page.on('pageerror', (error) => pageErrors.push(error.message));
  await page.goto(host.url);
  await addAccount(page, INTERNAL, 'internal', credentials.adminApiKey);
  await addAccount(page, CLIENT, 'client', company.apiKey);
});

test.afterAll(async () => {
  await page?.close();
  await host?.stop();
  await simulator?.stop();
  if (simDir) await rm(simDir, { recursive: true, force: true });
});

test('every quote of every account is synced into one inbox', async () => {
  test.setTimeout(180_000);
  await page.getByRole('navigation', { name: 'Accounts' }).getByRole('button', { name: 'All accounts' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'All accounts' })).toBeVisible();
  // The client key's quotes are the internal key's too (one service): each is one row.
  const expected = QUOTES;
  await expect(page.getByTestId('quote-count')).toHaveText(`${expected.toLocaleString('en-US')} quotes`, { timeout: 150_000 });
  const table = page.getByRole('table', { name: 'Quotes' });
  await expect(table).toHaveAttribute('aria-rowcount', String(expected + 1));
  // Virtualized: however many quotes, at most 100 rows in the DOM.
  expect(await table.getByRole('row').count()).toBeLessThanOrEqual(101);
  // Every quote is listed before the pass ends: it still saves the details of the quotes
  // awaiting a decision (about 1,900 here), which takes a while on a loaded machine.
  await expect(freshness()).toContainText('Last synced', { timeout: 120_000 });
  // The client account alone lists its own quotes.
  await page.getByRole('navigation', { name: 'Accounts' }).getByRole('button', { name: new RegExp(CLIENT.replace(/[()]/g, '\\$&')) }).first().click();
  await expect(page.getByTestId('quote-count')).toHaveText(`${clientQuoteCount.toLocaleString('en-US')} quotes`);
  await page.getByRole('navigation', { name: 'Accounts' }).getByRole('button', { name: 'All accounts' }).click();
  await expect(page.getByTestId('quote-count')).toHaveText(`${expected.toLocaleString('en-US')} quotes`);
});

test('search and filter from the keyboard', async () => {
  await page.locator('body').click({ position: { x: 5, y: 5 } });
  await page.keyboard.press('/');
  const search = page.getByRole('searchbox', { name: 'Search quotes' });
  await expect(search).toBeFocused();
  await page.keyboard.type(sample.quoteNumber!);
  const rows = page.getByRole('table', { name: 'Quotes' }).getByRole('row').filter({ has: page.getByRole('cell') });
  // The internal key and the client key both hold this quote: one row.
  await expect(rows.filter({ hasText: sample.quoteNumber! })).toHaveCount(1);
  await expect(page.getByTestId('quote-count')).toHaveText('1 quote');

  await page.keyboard.press('Escape');
  await expect(search).toHaveValue('');
  await expect(page.getByTestId('quote-count')).toHaveText(`${QUOTES.toLocaleString('en-US')} quotes`);

  // Tab to "Needs action" (after the status select) and tick it with Space.
  await search.focus();
  await page.keyboard.press('Tab');
  await page.keyboard.press('Tab');
  await expect(page.getByRole('checkbox', { name: 'Needs action' })).toBeFocused();
  await page.keyboard.press('Space');
  await expect(page.getByRole('checkbox', { name: 'Needs action' })).toBeChecked();
  await expect(rows.first()).toContainText('Action needed');
  for (const text of await rows.allTextContents()) expect(text).toContain('Action needed');

  // j moves into the rows, and far past the first window the list scrolls and fetches.
  await search.focus();
  await search.blur();
  for (let press = 0; press < 120; press += 1) await page.keyboard.press('j');
  await expect(page.locator('[role="row"]:focus')).toHaveAttribute('aria-rowindex', '121');
  await expect(page.locator('[role="row"]:focus [role="cell"]').first()).not.toBeEmpty();
  await page.getByRole('checkbox', { name: 'Needs action' }).uncheck();
});

test('with the service stopped and the page reloaded, the same quotes are there, marked offline', async ({}, testInfo) => {
  test.setTimeout(120_000);
  await simulator!.stop();
  await page.getByRole('button', { name: 'Sync now' }).click();
  await expect(freshness()).toContainText('showing the last known quotes', { timeout: 60_000 });

  await page.reload();
  await page.getByRole('navigation', { name: 'Accounts' }).getByRole('button', { name: 'All accounts' }).click();
  await expect(page.getByTestId('quote-count')).toHaveText(`${QUOTES.toLocaleString('en-US')} quotes`);
  await expect(freshness().locator('.last-known')).toHaveCount(2);
  await expect(freshness()).toContainText('showing the last known quotes');

  await page.keyboard.press('/');
  await page.keyboard.type(sample.quoteNumber!);
  const rows = page.getByRole('table', { name: 'Quotes' }).getByRole('row').filter({ hasText: sample.quoteNumber! });
  await expect(rows).toHaveCount(1);
  await expect(rows.first()).toContainText('Last known');
  await page.screenshot({ path: testInfo.outputPath('offline-inbox.png') });
  await page.screenshot({ path: 'test-results/offline-inbox.png' });
  expect(pageErrors).toEqual([]);
});

for (const scheme of ['light', 'dark'] as const) {
  test(`the offline inbox passes axe and fits the window: ${scheme}`, async ({ browser }) => {
    const { context, other } = await openInbox(browser, scheme);
    try {
      await expect(other.getByRole('table', { name: 'Quotes' })).toHaveAttribute('aria-busy', 'false');
      await other.waitForTimeout(250);
      await other.screenshot({ path: `test-results/offline-inbox-${scheme}.png` });
      const results = await new AxeBuilder({ page: other }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice']).analyze();
      const serious = results.violations
        .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
        .map((violation) => `${violation.id}: ${violation.nodes.map((node) => node.target.join(' ')).join('; ')}`);
      expect(serious).toEqual([]);
      // Project, Status and Total on screen at 800 px without scrolling sideways.
      const layout = await other.locator('html').evaluate((root) => {
        const total = root.querySelector('[role="table"][aria-label="Quotes"] [role="columnheader"].total');
        const scroller = total?.closest('.scroller');
        return {
          pageOverflow: root.scrollWidth - root.clientWidth,
          tableScrolls: scroller ? scroller.scrollWidth - scroller.clientWidth : null,
        };
      });
      expect(layout.pageOverflow).toBeLessThanOrEqual(0);
      expect(layout.tableScrolls).not.toBeNull();
      expect(layout.tableScrolls!).toBeLessThanOrEqual(1);
    } finally {
      await context.close();
    }
  });
}

async function openInbox(browser: Browser, scheme: 'light' | 'dark') {
  // Reduced motion: axe judges the settled page, not a toast caught half faded in.
  const context = await browser.newContext({ viewport: { width: 800, height: 800 }, colorScheme: scheme, reducedMotion: 'reduce' });
  const other = await context.newPage();
  await other.goto(host!.url);
  await other.getByRole('navigation', { name: 'Accounts' }).getByRole('button', { name: 'All accounts' }).click();
  return { context, other };
}

function freshness() {
  return page.getByRole('list', { name: 'How fresh the quotes are' });
}

async function addAccount(on: Page, name: string, access: 'client' | 'internal', apiKey: string): Promise<void> {
  await on.getByRole('navigation', { name: 'Accounts' }).getByRole('button', { name: 'Add account' }).last().click();
  const dialog = on.getByRole('dialog', { name: 'Add account' });
  await dialog.getByLabel('Name', { exact: true }).fill(name);
  await dialog.getByRole('radio', { name: 'Custom' }).check();
  await dialog.getByLabel('Base URL').fill(credentials.baseUrl);
  await dialog.getByRole('radio', { name: access === 'client' ? 'Client key' : 'Internal (admin) key' }).check();
  await dialog.getByRole('radio', { name: 'API key' }).check();
  await dialog.getByLabel('API key', { exact: true }).and(dialog.locator('input:not([type="radio"])')).fill(apiKey);
  await dialog.getByRole('button', { name: 'Save', exact: true }).click();
  await expect(dialog).toBeHidden();
}

async function listPage(apiKey: string, page: number): Promise<{ data: ListedQuote[]; pagination: { total: number } }> {
  const response = await fetch(`${credentials.baseUrl}/api/public/v1/quotes?page=${page}&limit=100`, { headers: { 'Api-key': apiKey } });
  if (!response.ok) throw new Error(`Listing quotes failed with HTTP ${response.status}`);
  return (await response.json()) as { data: ListedQuote[]; pagination: { total: number } };
}

async function countQuotes(apiKey: string): Promise<number> {
  return (await listPage(apiKey, 1)).pagination.total;
}

async function numberedQuoteOf(apiKey: string): Promise<ListedQuote> {
  const quote = (await listPage(apiKey, 1)).data.find((each) => each.quoteNumber !== null);
  if (!quote) throw new Error('The company has no numbered quote on its first page');
  return quote;
}

// Every view of the app, in light and dark, at the smallest supported window (800 px) and a
// common laptop width, checked by axe-core for serious and critical violations, plus the
// layout promises: nothing wider than the window, Total always on screen, whole account
// names, and room for the focus ring. Screenshots of each view go to test-results/.
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, test } from '@playwright/test';
import type { Browser, BrowserContext, Locator, Page } from '@playwright/test';
import { startSimulatorProcess } from './simulator-process';
import type { SimulatorProcess } from './simulator-process';
import { startWebHostProcess } from './web-host-process';
import type { WebHostProcess } from './web-host-process';
import { expectAccessible } from './axe';

test.describe.configure({ mode: 'serial' });

const SCHEMES = ['light', 'dark'] as const;
const WIDTHS = [800, 1280] as const;
const OWN_ACCOUNT = 'Own account (API key)';
const INTERNAL_DEMO = 'All companies (internal key)';

let simulator: SimulatorProcess | undefined;
let host: WebHostProcess | undefined;
let dataDir: string | undefined;

test.beforeAll(async ({ browser }) => {
  test.setTimeout(120_000);
  dataDir = await mkdtemp(join(tmpdir(), 'quotedesk-e2e-a11y-'));
  simulator = await startSimulatorProcess();
  // The user's own account's service is the standalone simulator, where faults can be injected.
  host = await startWebHostProcess([], { dataDir });
  const page = await browser.newPage();
  await page.goto(host.url);
  await accountsNav(page).getByRole('button', { name: 'Add account' }).last().click();
  const dialog = page.getByRole('dialog', { name: 'Add account' });
  const company = simulator.credentials.companies[0]!;
  await dialog.getByLabel('Name', { exact: true }).fill(OWN_ACCOUNT);
  await dialog.getByRole('radio', { name: 'Custom' }).check();
  await dialog.getByLabel('Base URL').fill(simulator.credentials.baseUrl);
  await dialog.getByRole('radio', { name: 'Client key' }).check();
  await dialog.getByRole('radio', { name: 'API key' }).check();
  await dialog.getByLabel('API key', { exact: true }).and(dialog.locator('input:not([type="radio"])')).fill(company.apiKey);
  await dialog.getByRole('button', { name: 'Save', exact: true }).click();
  await expect(dialog).toBeHidden();
  await page.close();
  // Started again with --demo: the sample accounts (and their Demo badges) beside the user's own.
  await host.stop();
  host = await startWebHostProcess(['--demo'], { dataDir });
});

test.afterAll(async () => {
  await host?.stop();
  await simulator?.stop();
  if (dataDir) await rm(dataDir, { recursive: true, force: true });
});

for (const scheme of SCHEMES) {
  for (const width of WIDTHS) {
    test(`every view passes axe and fits the window: ${scheme}, ${width} px`, async ({ browser }) => {
      test.setTimeout(120_000);
      const { context, page, problems } = await openApp(browser, scheme, width);
      const check = (view: string) => expectAccessible(page, `${view}-${scheme}-${width}`, `test-results/a11y-${view}-${scheme}-${width}.png`, { fullPage: false });

      await selectAccount(page, OWN_ACCOUNT);
      await expectQuotesShown(page);
      await check('inbox');
      await expectFitsWindow(page);

      // The widest table: an internal key adds the Company column.
      await selectAccount(page, INTERNAL_DEMO);
      await expectQuotesShown(page);
      await check('inbox-internal');
      await expectFitsWindow(page);

      await page.getByRole('button', { name: /^Settings$/ }).click();
      await expect(page.getByRole('heading', { name: /^Settings$/ })).toBeVisible();
      await check('settings');
      await expectFitsWindow(page);

      await accountsNav(page).getByRole('button', { name: 'Add account' }).last().click();
      await expect(page.getByRole('dialog', { name: 'Add account' })).toBeVisible();
      await check('add-account');
      await page.keyboard.press('Escape');
      await expect(page.getByRole('dialog')).toHaveCount(0);

      await selectAccount(page, OWN_ACCOUNT);
      await accountsNav(page).getByRole('button', { name: `Actions for ${OWN_ACCOUNT}` }).click();
      await page.getByRole('menuitem', { name: 'Remove account' }).click();
      const confirm = page.getByRole('alertdialog');
      await expect(confirm).toBeVisible();
      await check('remove-account');
      await confirm.getByRole('button', { name: 'Cancel' }).click();
      await expect(confirm).toBeHidden();

      await page.locator('section.inbox h1').click();
      await page.keyboard.press('?');
      await expect(page.getByRole('dialog', { name: 'Keyboard shortcuts' })).toBeVisible();
      await check('shortcuts');
      await page.keyboard.press('Escape');
      await expect(page.getByRole('dialog')).toHaveCount(0);

      // A server error during a sync: the last known quotes stay, marked, in plain words.
      await simulator!.operator('/faults', { kind: 'error', status: 500, match: { pathPrefix: '/api/public/v1/quotes' } });
      const freshness = page.getByRole('list', { name: 'How fresh the quotes are' });
      try {
        await page.getByRole('button', { name: 'Sync now' }).click();
        await expect(freshness).toContainText('showing the last known quotes', { timeout: 30_000 });
        await expect(freshness).not.toContainText('{');
        await expect(freshness).not.toContainText('HTTP 500');
        await expectQuotesShown(page);
        await check('error');
        await expectFitsWindow(page);
      } finally {
        await clearFaults();
      }
      await page.getByRole('button', { name: 'Sync now' }).click();
      await expect(freshness).toContainText('Last synced', { timeout: 30_000 });
      await expectQuotesShown(page);

      expect(problems).toEqual([]);
      await context.close();
    });
  }
}

test('account names are whole and the focus ring has room, small and large', async ({ browser }) => {
  for (const width of [800, 1920]) {
    const { context, page } = await openApp(browser, 'light', width);
    await expectQuotesShown(page);
    const names = accountsNav(page).locator('button[data-account-id]');
    expect(await names.count()).toBeGreaterThan(2);
    // No name ends in an ellipsis: the button and the name in it show all of their text.
    const cut = await names.evaluateAll((buttons) =>
      buttons
        .filter((button) => {
          const name = button.querySelector('.account-name');
          return !name || button.scrollWidth > button.clientWidth + 1 || name.scrollWidth > name.clientWidth + 1;
        })
        .map((button) => button.textContent?.trim()),
    );
    expect(cut, `names cut at ${width} px`).toEqual([]);
    // The ring (4 px around the focused button) must lie inside the scrolling list that clips it.
    // Keyboard focus, as a user tabbing into the list (the heading's "Add account" comes first).
    for (let step = 0; step < 5 && !(await names.first().evaluate((button) => button === button.ownerDocument.activeElement)); step++) {
      await page.keyboard.press('Tab');
    }
    await expect(names.first()).toBeFocused();
    expect(await names.first().evaluate((button) => button.matches(':focus-visible'))).toBe(true);
    const clipped = await names.first().evaluate((button) => {
      const list = button.closest('ul')!.getBoundingClientRect();
      const own = button.getBoundingClientRect();
      const ring = 4;
      return own.left - ring < list.left || own.right + ring > list.right || own.top - ring < list.top;
    });
    expect(clipped, `focus ring clipped at ${width} px`).toBe(false);
    await page.screenshot({ path: `test-results/a11y-focus-ring-${width}.png` });
    await context.close();
  }
});

test('a tab whose host went away says how to get back, in light and dark, and passes axe', async ({ browser }) => {
  test.setTimeout(120_000);
  const opened: { context: BrowserContext; page: Page; name: string }[] = [];
  for (const scheme of SCHEMES) {
    for (const width of WIDTHS) {
      const { context, page } = await openApp(browser, scheme, width);
      await expectQuotesShown(page);
      opened.push({ context, page, name: `host-lost-${scheme}-${width}` });
    }
  }
  // As when `npm run web` is stopped (a restart with a new token is covered in test/unit/web).
  await host!.stop();
  for (const { context, page, name } of opened) {
    const notice = page.getByRole('alert').filter({ hasText: "Can't reach Quotedesk." });
    await expect(notice).toBeVisible({ timeout: 30_000 });
    await expect(notice).toContainText('Is npm run web still running?');
    await expect(page.getByText('Reconnecting to Quotedesk…')).toHaveCount(0);
    await expect(page.getByText('Connected', { exact: true })).toHaveCount(0);
    await expect(accountsNav(page).locator('button[data-account-id]').first()).toContainText('Status unknown');
    await expectAccessible(page, name, `test-results/a11y-${name}.png`, { fullPage: false });
    await context.close();
  }
});

async function openApp(browser: Browser, scheme: (typeof SCHEMES)[number], width: number) {
  const context = await browser.newContext({ viewport: { width, height: 800 }, colorScheme: scheme });
  const page = await context.newPage();
  const problems: string[] = [];
  page.on('pageerror', (error) => problems.push(error.message));
  await page.goto(host!.url);
  await expect(accountsNav(page).locator('button[data-account-id]').first()).toBeVisible();
  return { context, page, problems };
}

function accountsNav(page: Page): Locator {
  return page.getByRole('navigation', { name: 'Accounts' });
}

async function selectAccount(page: Page, name: string): Promise<void> {
  const button = accountsNav(page).locator('button[data-account-id]').filter({ hasText: name });
  await button.click();
  await expect(button).toHaveAttribute('aria-current', 'true');
}

async function expectQuotesShown(page: Page): Promise<void> {
  const table = page.getByRole('table', { name: 'Quotes' });
  await expect(table).toHaveAttribute('aria-busy', 'false');
  await expect(table.getByRole('row').filter({ has: page.getByRole('cell') }).first()).toBeVisible();
}

async function clearFaults(): Promise<void> {
  const { baseUrl, adminApiKey } = simulator!.credentials;
  const response = await fetch(`${baseUrl}/__operator/faults`, { method: 'DELETE', headers: { 'Api-key': adminApiKey } });
  expect(response.ok).toBe(true);
}

/** No serious or critical axe violation; the screenshot is kept either way. */

/** Nothing wider than the window, and the Total column on screen without scrolling sideways. */
async function expectFitsWindow(page: Page): Promise<void> {
  // Locator callbacks reach the page through the element: this file compiles without DOM types.
  const layout = await page.locator('html').evaluate((root) => {
    const total = root.querySelector('[role="table"][aria-label="Quotes"] [role="columnheader"].total');
    const scroller = total?.closest('.scroller');
    return {
      pageOverflow: root.scrollWidth - root.clientWidth,
      totalRight: total ? total.getBoundingClientRect().right : null,
      scrollerRight: scroller ? scroller.getBoundingClientRect().right : null,
      tableScrolls: scroller ? scroller.scrollWidth - scroller.clientWidth : 0,
    };
  });
  expect(layout.pageOverflow, 'the page is wider than the window').toBeLessThanOrEqual(0);
  if (layout.totalRight !== null) {
    expect(layout.tableScrolls, 'the quote table scrolls sideways').toBeLessThanOrEqual(1);
    expect(layout.totalRight).toBeLessThanOrEqual(layout.scrollerRight! + 1);
  }
}

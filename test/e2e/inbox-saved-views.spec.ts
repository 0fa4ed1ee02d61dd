// Issue 18 in browser mode on the demo accounts: saved views and the last view. A view cut by
// a company and a search is saved from the filter bar (the dialog refuses an empty name), comes
// back after a reload and after a restart of the host (a new port: a new origin whose page
// storage is empty, so it comes from main's settings), opens from the sidebar and from the
// palette, is renamed and deleted; at 1280x800 and 800x700, axe light and dark.
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, test } from '@playwright/test';
import type { Page } from '@playwright/test';
import { startWebHostProcess } from './web-host-process';
import type { WebHostProcess } from './web-host-process';
import { expectAccessible } from './axe';

test.describe.configure({ mode: 'serial' });

let host: WebHostProcess | undefined;
let dataDir: string | undefined;

test.beforeAll(async () => {
  // Ours, so a restart of the host finds the same settings.
  dataDir = await mkdtemp(join(tmpdir(), 'quotedesk-e2e-views-'));
  host = await startWebHostProcess([], { dataDir });
});

test.afterAll(async () => {
  expect(await host?.stop()).toBe(0);
  if (dataDir) await rm(dataDir, { recursive: true, force: true });
});

function quoteRows(page: Page) {
  return page.getByRole('table', { name: 'Quotes' }).getByRole('row').filter({ hasText: /Q-\d{4}-\d{4}/ });
}

const heading = (page: Page) => page.getByRole('heading', { level: 1 });
const searchBox = (page: Page) => page.getByRole('searchbox', { name: 'Search quotes' });
const sidebar = (page: Page) => page.getByRole('navigation', { name: 'Accounts' });

/** The inbox shows All accounts, the search and the company chip of the view. */
async function expectView(page: Page, search: string, company: string) {
  await expect(heading(page)).toHaveText('All accounts');
  await expect(searchBox(page)).toHaveValue(search);
  await expect(page.getByRole('button', { name: `Remove filter: Company ${company}` })).toBeVisible();
  await expect(page.getByTestId('quote-count')).toHaveText('1 quote');
}

/** Another account's bare inbox: what a view is opened from. */
async function elsewhere(page: Page) {
  await page.keyboard.press('Control+1');
  await expect(heading(page)).not.toHaveText('All accounts');
  await expect(searchBox(page)).toHaveValue('');
}

let restarted = false;

for (const size of [
  { width: 1280, height: 800 },
  { width: 800, height: 700 },
] as const) {
  for (const scheme of ['light', 'dark'] as const) {
    test(`saved views and the last view: ${size.width}x${size.height}, ${scheme}`, async ({ browser }) => {
      test.setTimeout(150_000);
      const context = await browser.newContext({ viewport: size, colorScheme: scheme });
      const page = await context.newPage();
      const problems: string[] = [];
      page.on('pageerror', (error) => problems.push(error.message));
      await page.goto(host!.url);
      await expect(quoteRows(page).first()).toBeVisible();
      // From a bare All accounts, whatever view an earlier test left.
      await elsewhere(page);
      await page.keyboard.press('Control+0');
      await expect(heading(page)).toHaveText('All accounts');

      // A company from its picker, then the number of one of its quotes.
      await page.getByRole('button', { name: 'Filters' }).click();
      const picker = page.getByRole('combobox', { name: 'Add a filter by company' });
      const option = picker.getByRole('option').nth(1);
      const label = /^(.*) \(([\d,.]+)\)$/.exec((await option.innerText()).trim())!;
      const company = label[1]!;
      const count = Number(label[2]!.replace(/[^\d]/g, ''));
      await picker.selectOption((await option.getAttribute('value'))!);
      await expect(page.getByRole('button', { name: `Remove filter: Company ${company}` })).toBeVisible();
      // The rows of that company, not those still on screen from before.
      await expect(page.getByTestId('quote-count')).toHaveText(`${count.toLocaleString('en-US')} ${count === 1 ? 'quote' : 'quotes'}`);
      await expect(page.getByRole('table', { name: 'Quotes' })).not.toHaveAttribute('aria-busy', 'true');
      const number = (await quoteRows(page).first().innerText()).match(/Q-\d{4}-\d{4}/)![0];
      await searchBox(page).fill(number);
      await expect(page.getByTestId('quote-count')).toHaveText('1 quote');

      // Saved under a name: an empty one is refused where the name is typed.
      const name = `${company} ${size.width} ${scheme}`;
      await page.getByRole('button', { name: 'Save view' }).click();
      const dialog = page.getByRole('dialog', { name: 'Save view' });
      const field = dialog.getByRole('textbox', { name: 'Name' });
      await expect(field).toBeFocused();
      await page.keyboard.press('Enter');
      await expect(dialog.getByText('Give the view a name.', { exact: true }).first()).toBeVisible();
      await expectAccessible(page, `the save-view dialog at ${size.width}x${size.height}, ${scheme}`, `test-results/saved-views-dialog-${size.width}-${scheme}.png`, { fullPage: false });
      // Tab stays inside the dialog.
      for (let step = 0; step < 5; step++) {
        await page.keyboard.press('Tab');
        expect(await dialog.evaluate((element) => element.contains(element.ownerDocument.activeElement))).toBe(true);
      }
      await field.fill(name);
      await field.press('Enter');
      await expect(dialog).toBeHidden();
      const saved = sidebar(page).getByRole('button', { name: `${name} (1 quote)`, exact: true });
      await saved.scrollIntoViewIfNeeded();
      await expect(saved).toBeVisible();
      await expect(saved).toHaveAttribute('aria-current', 'true');
      await expectAccessible(page, `the sidebar with a saved view at ${size.width}x${size.height}, ${scheme}`, `test-results/saved-views-${size.width}-${scheme}.png`, { fullPage: false });

      // Back after a reload, and (once) after a restart of the host on another port.
      await page.reload();
      await expectView(page, number, company);
      if (!restarted) {
        restarted = true;
        expect(await host!.stop()).toBe(0);
        host = await startWebHostProcess([], { dataDir: dataDir! });
        await page.goto(host.url);
        await expectView(page, number, company);
        await expect(sidebar(page).getByRole('button', { name: `${name} (1 quote)`, exact: true })).toBeVisible();
      }

      // From the sidebar, then from the palette by its name.
      await elsewhere(page);
      await sidebar(page).getByRole('button', { name: `${name} (1 quote)`, exact: true }).click();
      await expectView(page, number, company);
      await elsewhere(page);
      await page.keyboard.press('Control+k');
      const palette = page.getByRole('dialog', { name: 'Go to or do' });
      await page.keyboard.type(name);
      const found = palette.getByRole('option', { name: new RegExp(`View\\s*${name}`) });
      await expect(found).toHaveAttribute('aria-selected', 'true');
      await page.keyboard.press('Enter');
      await expect(palette).toBeHidden();
      await expectView(page, number, company);

      // Renamed, then deleted (after a confirmation) from its menu.
      const renamed = `${name} renamed`;
      await sidebar(page).getByRole('button', { name: `Actions for view ${name}` }).click();
      await page.getByRole('menuitem', { name: 'Rename' }).click();
      const rename = page.getByRole('dialog', { name: 'Rename view' });
      await rename.getByRole('textbox', { name: 'Name' }).fill(renamed);
      await page.keyboard.press('Enter');
      await expect(rename).toBeHidden();
      await expect(sidebar(page).getByRole('button', { name: `${renamed} (1 quote)`, exact: true })).toBeVisible();
      await sidebar(page).getByRole('button', { name: `Actions for view ${renamed}` }).click();
      await page.getByRole('menuitem', { name: 'Delete' }).click();
      const confirm = page.getByRole('alertdialog', { name: `Delete the view “${renamed}”?` });
      await confirm.getByRole('button', { name: 'Delete view' }).click();
      await expect(confirm).toBeHidden();
      await expect(sidebar(page).getByRole('button', { name: new RegExp(renamed) })).toHaveCount(0);
      expect(problems).toEqual([]);
      await context.close();
    });
  }
}

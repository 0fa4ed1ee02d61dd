// Issue 18 in browser mode on the demo accounts: the inbox cut by the index's facets. A
// company picked from its picker (with its count) filters the list to that count, shows as
// a chip that removes it, combines with a currency and the status (with the search:
// test/renderer/inbox-filters.test.ts); the keyboard reaches the pickers and the chips;
// axe with the filters on, light and dark, at 1280x800 and 800x700.
import { expect, test } from '@playwright/test';
import type { Locator, Page } from '@playwright/test';
import { quoteRows, useDemoHost } from './inbox-page';
import { expectAccessible } from './axe';

const host = useDemoHost();


/** The "N quotes" the inbox's header says. */
async function quoteCount(page: Page): Promise<number> {
  const text = await page.getByTestId('quote-count').innerText();
  return Number(text.replace(/[^\d]/g, ''));
}

/** The first value a picker offers, with the count it says. */
async function firstChoice(picker: Locator): Promise<{ value: string; label: string; count: number }> {
  const option = picker.getByRole('option').nth(1);
  const label = (await option.innerText()).trim();
  const match = /^(.*) \(([\d,.]+)\)$/.exec(label);
  expect(match, `"${label}" says its count`).not.toBeNull();
  return { value: (await option.getAttribute('value'))!, label: match![1]!, count: Number(match![2]!.replace(/[^\d]/g, '')) };
}

/** The counts a picker's choices say, added up (a quote has one currency or none: at most the scope's count). */
async function countsInPicker(picker: Locator): Promise<number> {
  const labels = await picker.getByRole('option').allInnerTexts();
  return labels.reduce((sum, label) => sum + Number(/\(([\d,.]+)\)$/.exec(label.trim())?.[1]?.replace(/[^\d]/g, '') ?? 0), 0);
}

for (const size of [
  { width: 1280, height: 800 },
  { width: 800, height: 700 },
] as const) {
  for (const scheme of ['light', 'dark'] as const) {
    test(`facet filters as removable chips, with the status: ${size.width}x${size.height}, ${scheme}`, async ({ browser }) => {
      test.setTimeout(90_000);
      const context = await browser.newContext({ viewport: size, colorScheme: scheme });
      const page = await context.newPage();
      const problems: string[] = [];
      page.on('pageerror', (error) => problems.push(error.message));
      await page.goto(host().url);
      await expect(quoteRows(page).first()).toBeVisible();
      // From the first account's bare inbox: the last view an earlier test left comes back (issue 18).
      await page.keyboard.press('Control+1');
      await expect(page.getByRole('heading', { level: 1 })).not.toHaveText('All accounts');
      await expect(page.getByRole('table', { name: 'Quotes' })).not.toHaveAttribute('aria-busy', 'true');
      // All accounts: every demo company (a client account sees one), once its count replaced the account's.
      const firstAccount = await quoteCount(page);
      await page.keyboard.press('Control+0');
      await expect(page.getByRole('heading', { level: 1 })).toHaveText('All accounts');
      await expect.poll(() => quoteCount(page)).toBeGreaterThan(firstAccount);
      const everything = await quoteCount(page);

      // The keyboard reaches the "Filters" button from the search box, and from it the company picker.
      const company = page.getByRole('combobox', { name: 'Add a filter by company' });
      const toggle = page.getByRole('button', { name: 'Filters' });
      await page.getByRole('searchbox', { name: 'Search quotes' }).focus();
      for (let step = 0; step < 12 && !(await toggle.evaluate((element) => element === element.ownerDocument.activeElement)); step++) await page.keyboard.press('Tab');
      await expect(toggle).toBeFocused();
      await page.keyboard.press('Enter');
      await expect(toggle).toHaveAttribute('aria-expanded', 'true');
      for (let step = 0; step < 12 && !(await company.evaluate((element) => element === element.ownerDocument.activeElement)); step++) await page.keyboard.press('Tab');
      await expect(company).toBeFocused();

      const picked = await firstChoice(company);
      expect(picked.count).toBeLessThan(everything);
      await company.selectOption(picked.value);
      await expect(page.getByRole('button', { name: `Remove filter: Company ${picked.label} (${picked.count})`, exact: true })).toBeVisible();
      // Its count follows the other filters: found by the start of its name from here.
      const chip = page.getByRole('button', { name: `Remove filter: Company ${picked.label}` });
      await expect(page.getByTestId('quote-count')).toHaveText(new RegExp(`^${picked.count} quotes?$`));
      await expect(company).toHaveValue('');

      // A currency within that company's quotes: the count the picker said is the list's.
      const currency = page.getByRole('combobox', { name: 'Add a filter by currency' });
      // The counts follow the rows a moment later: once they are that company's, they add up to its count at most.
      await expect.poll(() => countsInPicker(currency)).toBeLessThanOrEqual(picked.count);
      const money = await firstChoice(currency);
      await currency.selectOption(money.value);
      await expect(page.getByTestId('quote-count')).toHaveText(new RegExp(`^${money.count} quotes?$`));
      await expect(page.getByRole('button', { name: `Remove filter: Currency ${money.label} (${money.count})`, exact: true })).toBeVisible();

      await expectAccessible(page, `the inbox with filters at ${size.width}x${size.height}, ${scheme}`, `test-results/inbox-filters-${size.width}-${scheme}.png`, { fullPage: false });

      // With a status too: the facet counts follow it.
      await page.getByRole('combobox', { name: 'Status' }).selectOption({ index: 1 });
      // (The demo's quotes are not all of one status: fewer remain.)
      await expect.poll(() => quoteCount(page)).toBeLessThan(money.count);
      const filtered = await quoteCount(page);

      // The company chip, removed by the keyboard: the currency and the status stay.
      await chip.focus();
      await page.keyboard.press('Enter');
      await expect(chip).toHaveCount(0);
      await expect(page.getByRole('button', { name: `Remove filter: Currency ${money.label}` })).toBeVisible();
      await expect.poll(() => quoteCount(page)).toBeGreaterThanOrEqual(filtered);
      await page.getByRole('button', { name: `Remove filter: Currency ${money.label}` }).click();
      await page.getByRole('combobox', { name: 'Status' }).selectOption({ index: 0 });
      await expect(page.getByTestId('quote-count')).toHaveText(new RegExp(`^${everything.toLocaleString('en-US')} quotes$`));
      expect(problems).toEqual([]);
      await context.close();
    });
  }
}

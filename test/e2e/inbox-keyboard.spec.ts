// Issue 18 in browser mode on the demo accounts, keyboard only: Home/End in the list,
// Ctrl+1..9 and Ctrl+0 to switch accounts, the command palette (Ctrl+K: a dialog with a
// combobox and a listbox) finding a quote by number, an account and a command, and `?`
// listing all of them. axe on the palette, light and dark, at 1280x800 and 800x700.
import { expect, test } from '@playwright/test';
import type { Page } from '@playwright/test';
import { quoteRows, useDemoHost } from './inbox-page';
import { expectAccessible } from './axe';

const host = useDemoHost();


const heading = (page: Page) => page.getByRole('heading', { level: 1 });

for (const size of [
  { width: 1280, height: 800 },
  { width: 800, height: 700 },
] as const) {
  for (const scheme of ['light', 'dark'] as const) {
    test(`the keyboard alone reaches every quote, account and command: ${size.width}x${size.height}, ${scheme}`, async ({ browser }) => {
      test.setTimeout(90_000);
      const context = await browser.newContext({ viewport: size, colorScheme: scheme });
      const page = await context.newPage();
      const problems: string[] = [];
      page.on('pageerror', (error) => problems.push(error.message));
      await page.goto(host().url);
      await expect(quoteRows(page).first()).toBeVisible();
      const accountNames = (await page.getByRole('navigation', { name: 'Accounts' }).locator('button[data-account-id] .account-name').allInnerTexts()).map((name) =>
        name.replace(/\s*Demo$/, '').trim(),
      );

      // Ctrl+2 and Ctrl+0 switch the inbox; Ctrl+1 comes back.
      await page.keyboard.press('Control+2');
      await expect(heading(page)).toHaveText(accountNames[1]!);
      await page.keyboard.press('Control+0');
      await expect(heading(page)).toHaveText('All accounts');
      await expect(page.getByTestId('quote-count')).toHaveText(/^\d+ quotes$/);
      await expect(page.getByRole('table', { name: 'Quotes' })).toHaveAttribute('aria-busy', 'false');
      const allAccountsCount = await page.getByTestId('quote-count').innerText();
      await page.keyboard.press('Control+1');
      await expect(heading(page)).toHaveText(accountNames[0]!);
      await expect(quoteRows(page).first()).toBeVisible();
      // The count is read once this account's list has answered: All accounts' stays until then.
      await expect(page.getByTestId('quote-count')).not.toHaveText(allAccountsCount);
      await expect(page.getByRole('table', { name: 'Quotes' })).toHaveAttribute('aria-busy', 'false');

      // Home and End on the list: the last quote of the account, then the first.
      const count = Number((await page.getByTestId('quote-count').innerText()).replace(/\D/g, ''));
      await page.keyboard.press('j');
      // The first row, numbered or not (quotes still in preparation, undated, come first when newest).
      await expect(page.locator('[data-row-index="0"]')).toBeFocused();
      await page.keyboard.press('End');
      await expect(page.locator(`[data-row-index="${count - 1}"]`)).toBeFocused();
      await page.keyboard.press('Home');
      await expect(page.locator('[data-row-index="0"]')).toBeFocused();

      // The palette: a quote of another account by its number.
      const wanted = page.getByRole('navigation', { name: 'Accounts' }).locator('button[data-account-id]').nth(2);
      await wanted.click();
      // The list must be that account's before a row is read: the previous account's rows stay until its query answers.
      await expect(heading(page)).toHaveText(accountNames[2]!);
      await expect(page.getByRole('table', { name: 'Quotes' })).toHaveAttribute('aria-busy', 'false');
      const row = quoteRows(page).nth(1);
      const [rowText, project] = await row.evaluate((element) => [element.textContent ?? '', element.querySelector('.primary')?.textContent?.trim() ?? '']);
      const number = rowText.match(/Q-\d{4}-\d{4}/)![0];
      await page.keyboard.press('Control+1');
      await expect(heading(page)).toHaveText(accountNames[0]!);
      await page.keyboard.press('Control+k');
      const palette = page.getByRole('dialog', { name: 'Go to or do' });
      const input = palette.getByRole('combobox', { name: 'Search quotes, accounts and commands' });
      await expect(input).toBeFocused();
      await expectAccessible(page, `palette-${size.width}-${scheme}`, `test-results/palette-${size.width}-${scheme}.png`, { fullPage: false });
      await page.keyboard.type(number);
      const option = palette.getByRole('option', { name: new RegExp(number) }).first();
      await expect(option).toBeVisible();
      await expect(option).toHaveAttribute('aria-selected', 'true');
      await expect(input).toHaveAttribute('aria-activedescendant', (await option.getAttribute('id'))!);
      await expectAccessible(page, `palette-results-${size.width}-${scheme}`, `test-results/palette-results-${size.width}-${scheme}.png`, { fullPage: false });
      await page.keyboard.press('Enter');
      await expect(palette).toBeHidden();
      await expect(page.getByRole('region', { name: 'Quote' }).getByRole('heading', { level: 2, name: project })).toBeVisible();
      await page.keyboard.press('Escape');

      // An account, then a command (Settings), by name.
      await page.keyboard.press('Control+k');
      await page.keyboard.type(accountNames[3]!.slice(0, 6));
      await page.keyboard.press('Enter');
      await expect(heading(page)).toHaveText(accountNames[3]!);
      await page.keyboard.press('Control+k');
      await page.keyboard.type('settings');
      await page.keyboard.press('Enter');
      await expect(page.getByRole('heading', { name: /^Settings$/ })).toBeVisible();
      await page.keyboard.press('Control+k');
      await page.keyboard.press('Escape');
      await expect(palette).toBeHidden();

      // `?` lists every one of these keys.
      await page.getByRole('button', { name: /^Settings$/ }).click();
      await page.locator('section.inbox h1').click();
      await page.keyboard.press('?');
      const help = page.getByRole('dialog', { name: 'Keyboard shortcuts' });
      for (const keys of ['Home', 'End', 'Ctrl+K', 'Ctrl+1…9', 'Ctrl+0']) await expect(help.getByText(keys, { exact: true })).toBeVisible();
      await page.keyboard.press('Escape');
      expect(problems).toEqual([]);
      await context.close();
    });
  }
}

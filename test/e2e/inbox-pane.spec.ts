// Issue 18 in browser mode on the demo accounts: the reading pane beside the list from about
// 1,200 px (a click or j/k selects, Enter, a double-click or "Open full view" gives the full
// view; narrower windows open the full view as before), the quote opening on what a decision
// needs, valid-until in words, compact rows (20 and more at 1280x800), and the density, the
// reading pane, All accounts and the last view remembered across a reload.
import { expect, test } from '@playwright/test';
import type { Browser, Page } from '@playwright/test';
import { openInbox, quoteRows, useDemoHost } from './inbox-page';
import { expectAccessible } from './axe';

const host = useDemoHost();

async function openApp(browser: Browser, size: { width: number; height: number }, scheme: 'light' | 'dark' = 'light') {
  return openInbox(browser, host().url, size, scheme);
}


async function projectOf(page: Page, index: number): Promise<string> {
  return (await quoteRows(page).nth(index).getByRole('cell').first().locator('.primary').innerText()).replace(/^Unread:\s*/, '').trim();
}

for (const scheme of ['light', 'dark'] as const) {
  test(`at 1280 px the list and the selected quote stand side by side, and follow j/k: ${scheme}`, async ({ browser }) => {
    const { context, page, problems } = await openApp(browser, { width: 1280, height: 800 }, scheme);
    const pane = page.getByRole('region', { name: 'Selected quote' });
    await expect(pane).toContainText('No quote selected');

    const first = await projectOf(page, 0);
    await quoteRows(page).first().click();
    await expect(pane.getByRole('heading', { level: 2, name: first })).toBeVisible();
    await expect(quoteRows(page).first()).toHaveAttribute('aria-current', 'true');
    // The list stays: a click only selects.
    await expect(page.getByRole('table', { name: 'Quotes' })).toBeVisible();
    // What a decision needs is on screen without scrolling: status, total, valid until in words, PO, the buttons.
    const facts = pane.getByRole('region', { name: 'Decision facts' });
    await expect(facts).toContainText(/Valid until\s*\w{3} \d{1,2}, \d{4}\s*\((in \d+ days|tomorrow|today)\)/);
    await expect(facts).toContainText('PO required');
    await expect(facts).toContainText('PO on file');
    for (const name of ['Accept…', 'Decline…']) await expect(pane.getByRole('button', { name })).toBeInViewport();
    await expect(facts).toBeInViewport();
    await expect(pane.getByRole('heading', { name: 'Pricing' })).toBeInViewport();
    // Company, team and timeline come after the money.
    const order = await pane.evaluate((element) => {
      const headings = [...element.querySelectorAll('h3')].map((heading) => heading.textContent?.trim());
      return { pricing: headings.indexOf('Pricing'), company: headings.indexOf('Company') };
    });
    expect(order.pricing).toBeGreaterThanOrEqual(0);
    expect(order.pricing).toBeLessThan(order.company);
    await expectAccessible(page, `reading-pane-${scheme}`, `test-results/pane-${scheme}.png`, { fullPage: false });

    // j moves the selection and the pane follows; k comes back.
    const second = await projectOf(page, 1);
    await page.keyboard.press('j');
    await expect(pane.getByRole('heading', { level: 2, name: second })).toBeVisible();
    await expect(quoteRows(page).nth(1)).toBeFocused();
    await page.keyboard.press('k');
    await expect(pane.getByRole('heading', { level: 2, name: first })).toBeVisible();

    // Enter gives the full view; Escape comes back to the list with the pane.
    await page.keyboard.press('Enter');
    await expect(page.getByRole('button', { name: 'Inbox' })).toBeFocused();
    await expect(page.getByRole('table', { name: 'Quotes' })).toHaveCount(0);
    await page.keyboard.press('Escape');
    await expect(pane.getByRole('heading', { level: 2, name: first })).toBeVisible();

    // So does the pane's own button, and a double-click on a row.
    await pane.getByRole('button', { name: 'Open full view' }).click();
    await expect(page.getByRole('region', { name: 'Quote' }).getByRole('heading', { level: 2, name: first })).toBeVisible();
    await page.getByRole('button', { name: 'Inbox' }).click();
    await quoteRows(page).nth(1).dblclick();
    await expect(page.getByRole('region', { name: 'Quote' }).getByRole('heading', { level: 2, name: second })).toBeVisible();
    await page.getByRole('button', { name: 'Inbox' }).click();

    // A quote awaiting a decision says in the list how long it holds.
    await expect(page.getByRole('table', { name: 'Quotes' }).locator('.valid-in').first()).toHaveText(/Valid until .+, (in \d+ days|tomorrow|today)/);
    expect(problems).toEqual([]);
    await context.close();
  });
}

test('at 800 px a click opens the full view, as it always did', async ({ browser }) => {
  const { context, page, problems } = await openApp(browser, { width: 800, height: 700 });
  await expect(page.getByRole('region', { name: 'Selected quote' })).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Reading pane' })).toHaveCount(0);
  const first = await projectOf(page, 0);
  await quoteRows(page).first().click();
  await expect(page.getByRole('region', { name: 'Quote' }).getByRole('heading', { level: 2, name: first })).toBeVisible();
  await expect(page.getByRole('region', { name: 'Decision facts' })).toBeInViewport();
  await expectAccessible(page, 'full-view-800', 'test-results/pane-full-800.png', { fullPage: false });
  expect(problems).toEqual([]);
  await context.close();
});

test('without the pane at 1280 px the Valid until column shows, with its date in words', async ({ browser }) => {
  const { context, page } = await openApp(browser, { width: 1280, height: 800 });
  const table = page.getByRole('table', { name: 'Quotes' });
  await expect(table.getByRole('columnheader', { name: 'Valid until' })).toHaveCount(0);
  await page.getByRole('button', { name: 'Reading pane' }).click();
  await expect(page.getByRole('button', { name: 'Reading pane' })).toHaveAttribute('aria-pressed', 'false');
  await expect(page.getByRole('region', { name: 'Selected quote' })).toHaveCount(0);
  await expect(table.getByRole('columnheader', { name: 'Valid until' })).toBeInViewport();
  await expect(quoteRows(page).first().locator('.valid-until')).toHaveText(/\w{3} \d{1,2}, \d{4}\s*(in \d+ days|tomorrow|today|\d+ days ago)/);
  // Remembered: a reload keeps the pane off.
  await page.reload();
  await expect(quoteRows(page).first()).toBeVisible();
  await expect(page.getByRole('button', { name: 'Reading pane' })).toHaveAttribute('aria-pressed', 'false');
  await page.getByRole('button', { name: 'Reading pane' }).click();
  await context.close();
});

for (const scheme of ['light', 'dark'] as const) {
  test(`compact rows fit twenty and more at 1280x800, and the choice, All accounts and the view outlive a reload: ${scheme}`, async ({ browser }) => {
    const { context, page, problems } = await openApp(browser, { width: 1280, height: 800 }, scheme);
    await page.getByRole('navigation', { name: 'Accounts' }).getByRole('button', { name: /^All accounts/ }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'All accounts' })).toBeVisible();
    await page.getByRole('button', { name: 'Compact rows' }).click();
    await expect(page.getByRole('button', { name: 'Compact rows' })).toHaveAttribute('aria-pressed', 'true');
    const fullyShown = async () =>
      page.getByRole('table', { name: 'Quotes' }).evaluate((table) => {
        const scroller = table.closest('.scroller')!.getBoundingClientRect();
        const head = table.querySelector('[role="rowgroup"]')!.getBoundingClientRect();
        return [...table.querySelectorAll('[data-row-index]')].filter((row) => {
          const box = row.getBoundingClientRect();
          return box.top >= head.bottom - 1 && box.bottom <= scroller.bottom + 1;
        }).length;
      });
    await expect.poll(fullyShown).toBeGreaterThanOrEqual(20);
    await expectAccessible(page, `compact-${scheme}`, `test-results/compact-${scheme}.png`, { fullPage: false });

    await page.reload();
    await expect(quoteRows(page).first()).toBeVisible();
    await expect(page.getByRole('heading', { level: 1, name: 'All accounts' })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Compact rows' })).toHaveAttribute('aria-pressed', 'true');
    expect(await fullyShown()).toBeGreaterThanOrEqual(20);

    // The last view too: Settings comes back after a reload.
    await page.getByRole('button', { name: /^Settings$/ }).click();
    await expect(page.getByRole('heading', { name: /^Settings$/ })).toBeVisible();
    await page.reload();
    await expect(page.getByRole('heading', { name: /^Settings$/ })).toBeVisible();
    await page.getByRole('button', { name: /^Settings$/ }).click();
    await page.getByRole('button', { name: 'Compact rows' }).click();
    expect(problems).toEqual([]);
    await context.close();
  });
}

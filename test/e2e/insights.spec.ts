// Issue 29 in browser mode on the demo accounts: the Insights view's figures are the
// inbox's own. "N quotes wait for a decision" opens the inbox on exactly N quotes; a
// company's row of accepted spend (all time) opens the inbox on that company's accepted
// quotes in that currency, as many as the row says; a table exported is the CSV of its rows;
// axe on the view, light and dark, at 1280 and 800 px.
import { readFile } from 'node:fs/promises';
import { expect, test } from '@playwright/test';
import type { Page } from '@playwright/test';
import { quoteRows, useDemoHost } from './inbox-page';
import { expectAccessible } from './axe';

const host = useDemoHost();

/** The "N quotes" the inbox's header says. */
async function quoteCount(page: Page): Promise<number> {
  const text = await page.getByTestId('quote-count').innerText();
  return Number(text.replace(/[^\d]/g, ''));
}

const digits = (text: string) => Number(text.replace(/[^\d]/g, ''));

/** The Insights view of All accounts without a search or filter, counted for all time. */
async function openInsights(page: Page): Promise<void> {
  await page.goto(host().url);
  await expect(quoteRows(page).first()).toBeVisible();
  // Through the first account's bare inbox: the view the last click left (stages, filters) is not the figures' selection.
  await page.keyboard.press('Control+1');
  await expect(page.getByRole('heading', { level: 1 })).not.toHaveText('All accounts');
  await page.keyboard.press('Control+0');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('All accounts');
  await page.getByRole('button', { name: 'Insights' }).click();
  await expect(page.getByRole('heading', { level: 1 })).toContainText('Insights');
  await page.getByRole('combobox', { name: 'Range' }).selectOption('all-time');
  await expect(page.getByText(/^All time: [\d,.]+ quotes\.$/)).toBeVisible();
}

for (const scheme of ['light', 'dark'] as const) {
  test(`the figures are the inbox's and open it on their quotes: ${scheme}`, async ({ browser }) => {
    test.setTimeout(90_000);
    const context = await browser.newContext({ viewport: { width: 1280, height: 800 }, colorScheme: scheme });
    const page = await context.newPage();
    const problems: string[] = [];
    page.on('pageerror', (error) => problems.push(error.message));
    await openInsights(page);
    await expectAccessible(page, `insights-${scheme}`, `test-results/insights-${scheme}.png`, { fullPage: false });
    // The narrowest window the app supports: the export menus and tables still pass.
    await page.setViewportSize({ width: 800, height: 700 });
    await expectAccessible(page, `insights-${scheme}-800`, `test-results/insights-${scheme}-800.png`, { fullPage: false });
    await page.setViewportSize({ width: 1280, height: 800 });

    // A table as a file: the browser receives the CSV the core wrote, the view's rows in it.
    const companyRowCount = await page.getByRole('table', { name: 'Per company' }).getByRole('row').count();
    await page.getByRole('button', { name: 'Export spend per company' }).click();
    const download = page.waitForEvent('download');
    await page.getByRole('menuitem', { name: /CSV/ }).click();
    const file = await download;
    expect(file.suggestedFilename()).toMatch(/^Quotedesk - Insights Accepted spend per company - \d{4}-\d{2}-\d{2}\.csv$/);
    const lines = (await readFile((await file.path())!, 'utf8')).replace(/^\uFEFF/, '').trim().split('\r\n');
    expect(lines[0]).toBe('"Company","Currency","Total","Quotes"');
    expect(lines.length).toBe(companyRowCount);

    // Decisions (the demo's are all made elsewhere): every decline is under "Reason not known",
    // the median of days is a number, said to rest on the service's times; the revisions table is there.
    const decisionsTable = page.getByRole('table', { name: 'Decisions' });
    const declined = digits(await decisionsTable.getByRole('row', { name: /^Declined/ }).getByRole('cell').innerText());
    expect(declined).toBeGreaterThan(0);
    const declines = page.getByRole('table', { name: 'Declines by reason' });
    expect(digits(await declines.getByRole('row', { name: /^Reason not known/ }).getByRole('cell').innerText())).toBe(declined);
    await expect(decisionsTable.getByRole('row', { name: /^Median days from quote date to decision/ }).getByRole('cell')).toHaveText(/^\d+(\.\d)?$/);
    await expect(page.getByRole('table', { name: 'What the decision times rest on' }).getByRole('row', { name: /the service’s last change/ })).toBeVisible();
    await expect(page.getByRole('table', { name: 'How revisions changed totals' })).toBeVisible();

    // A company's accepted spend in one currency: its row says how many quotes; the inbox shows them.
    const companyRows = page.getByRole('table', { name: 'Per company' }).getByRole('row').filter({ has: page.getByRole('button') });
    await expect(companyRows.first()).toBeVisible();
    const row = companyRows.first();
    const [company, currency] = [await row.getByRole('button').innerText(), await row.getByRole('cell').first().innerText()];
    const rowCount = digits(await row.getByRole('cell').nth(2).innerText());
    expect(rowCount).toBeGreaterThan(0);
    await row.getByRole('button').click();
    await expect(page.getByRole('table', { name: 'Quotes' })).toBeVisible();
    await expect.poll(() => quoteCount(page)).toBe(rowCount);
    await expect(quoteRows(page).first()).toContainText(company);
    await expect(page.getByRole('button', { name: new RegExp(`Remove.*${currency}`) }).first()).toBeVisible();

    // The open pipeline: "N quotes wait for a decision" opens the inbox on those N.
    await openInsights(page);
    const waiting = page.getByRole('button', { name: /quotes? wait for a decision$/ });
    const waitingCount = digits(await waiting.innerText());
    expect(waitingCount).toBeGreaterThan(0);
    await waiting.click();
    await expect(page.getByRole('table', { name: 'Quotes' })).toBeVisible();
    await expect.poll(() => quoteCount(page)).toBe(waitingCount);
    expect(problems).toEqual([]);
    await context.close();
  });
}

// Issue 18 in browser mode on the demo accounts: the inbox's view exported to CSV and XLSX
// holds exactly the quotes the view counts, filters applied; the files are real files
// (parsed back here), offered through the web host's one-time download route.
import { readFile } from 'node:fs/promises';
import { expect, test } from '@playwright/test';
import type { Page } from '@playwright/test';
import { readSheet } from 'read-excel-file/node';
import { expectAccessible } from './axe';
import { quoteRows, useDemoHost } from './inbox-page';

const host = useDemoHost();


/** The view's count as the inbox's header says it ("1,234 quotes"). */
async function viewCount(page: Page): Promise<number> {
  const text = (await page.getByTestId('quote-count').textContent()) ?? '';
  return Number.parseInt(text.replace(/[^\d]/g, ''), 10);
}

/** Exports the view in this format and answers the downloaded file's name and bytes. */
async function exportView(page: Page, format: RegExp, button = 'Export'): Promise<{ name: string; bytes: Buffer }> {
  await page.getByRole('button', { name: button, exact: true }).click();
  const downloading = page.waitForEvent('download');
  await page.getByRole('menuitem', { name: format }).click();
  const download = await downloading;
  const path = await download.path();
  return { name: download.suggestedFilename(), bytes: await readFile(path) };
}

test('the exported rows are the view: every quote, then a filtered view, as CSV and XLSX', async ({ browser }) => {
  test.setTimeout(90_000);
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 }, acceptDownloads: true });
  const page = await context.newPage();
  const problems: string[] = [];
  page.on('pageerror', (error) => problems.push(error.message));
  await page.goto(host().url);
  await expect(quoteRows(page).first()).toBeVisible();

  const everything = await viewCount(page);
  expect(everything).toBeGreaterThan(0);
  const csv = await exportView(page, /CSV/);
  // Named after the view and the day, and every row names its quote: its id and the link that opens it.
  // The view on screen is one account's (the inbox's heading names it): the file is named after it.
  const account = (await page.getByRole('heading', { level: 1 }).first().textContent())!.trim();
  const day = new Date().toISOString().slice(0, 10);
  expect(csv.name).toBe(account === 'All accounts' ? `Quotedesk - All quotes - ${day}.csv` : `Quotedesk - ${account} - ${day}.csv`);
  const lines = csv.bytes.toString('utf8').replace(/^\uFEFF/, '').trimEnd().split('\r\n');
  expect(lines[0]).toBe('"Quote number","Project","Company","Reference","Status","Total","Currency","Quote date","Quote deadline","Project due","Valid until","Accounts","Quote ID","Link"');
  expect(lines).toHaveLength(everything + 1);
  const [id, link] = lines[1]!.split(',').slice(-2).map((cell) => cell.replace(/"/g, ''));
  expect(id).toMatch(/^[0-9a-f-]{36}$/);
  expect(link).toMatch(new RegExp(`^quotedesk://quote/[^/]+/${id}$`));
  await expect(page.getByRole('status').filter({ hasText: `Exported ${everything.toLocaleString('en-US')} quotes` })).toBeVisible();

  // A narrower view: the file follows it.
  await page.getByRole('checkbox', { name: 'Needs action' }).check();
  await expect.poll(() => viewCount(page)).toBeLessThan(everything);
  const waiting = await viewCount(page);
  expect(waiting).toBeGreaterThan(0);
  await page.getByRole('button', { name: 'Export' }).click();
  await expectAccessible(page, 'the export menu', 'test-results/export-menu.png', { fullPage: false });
  await page.keyboard.press('Escape');
  const xlsx = await exportView(page, /Excel workbook/);
  expect(xlsx.name).toBe(account === 'All accounts' ? `Quotedesk - Action needed - ${day}.xlsx` : `Quotedesk - ${account}, Action needed - ${day}.xlsx`);
  const sheet = await readSheet(xlsx.bytes);
  expect(sheet).toHaveLength(waiting + 1);
  const header = sheet[0]!;
  const body = sheet.slice(1);
  expect(body.every((row) => typeof row[header.indexOf('Total')] === 'number')).toBe(true);
  expect(body.some((row) => row[header.indexOf('Quote date')] instanceof Date)).toBe(true);
  expect(body.every((row) => typeof row[header.indexOf('Quote ID')] === 'string')).toBe(true);
  expect(problems).toEqual([]);
  await context.close();
});

test("a quote's pricing exports one row per line item, with numbers and its currency", async ({ browser }) => {
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 }, acceptDownloads: true });
  const page = await context.newPage();
  await page.goto(host().url);
  await quoteRows(page).first().dblclick();
  const pricing = page.getByRole('region', { name: 'Pricing' });
  await expect(pricing).toBeVisible();
  const xlsx = await exportView(page, /Excel workbook/, 'Export pricing');
  expect(xlsx.name).toMatch(/^Quotedesk - Quote .+ pricing - \d{4}-\d{2}-\d{2}\.xlsx$/);
  const sheet = await readSheet(xlsx.bytes);
  expect(sheet[0]).toEqual(['Team', 'Service', 'Service type', 'Service due', 'Target market', 'Item', 'Unit', 'Quantity', 'Unit price', 'Line total', 'Currency', 'Quote ID', 'Link']);
  const body = sheet.slice(1);
  expect(body.length).toBeGreaterThan(0);
  expect(body.every((row) => typeof row[7] === 'number' && typeof row[9] === 'number' && typeof row[10] === 'string')).toBe(true);
  // Every item the pricing shows is in the file.
  for (const item of new Set(body.map((row) => String(row[5])))) await expect(pricing.getByText(item, { exact: true }).first()).toBeAttached();
  await context.close();
});

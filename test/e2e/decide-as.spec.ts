// Issue 18 in browser mode, in demo mode: in All accounts a quote that the client key and the
// internal key both see is one row naming both accounts; its decision goes through the
// account picked under "Decide as" (the client account by default), as the service's own
// request log shows; the receipt names that account and says no notification was sent.
import { expect, test } from '@playwright/test';
import type { Browser, Locator, Page } from '@playwright/test';
import { expectAccessible } from './axe';
import { startDemoHost } from './demo-operator';
import type { DemoHost, OperatorQuote } from './demo-operator';

test.describe.configure({ mode: 'serial' });

const INTERNAL = 'All companies (internal key)';
const RUNS = [
  { size: { width: 1280, height: 800 }, scheme: 'light' },
  { size: { width: 800, height: 700 }, scheme: 'dark' },
] as const;

let demo: DemoHost | undefined;
const quotes: OperatorQuote[][] = [];

test.beforeAll(async () => {
  test.setTimeout(120_000);
  demo = await startDemoHost();
  for (const [run] of RUNS.entries()) {
    // Words no other quote has: the search finds each quote alone.
    const word = ['Amberley', 'Birchwood'][run];
    quotes.push([await demo.issueQuote(`${word} Lisbon launch`), await demo.issueQuote(`${word} Quebec launch`)]);
  }
});

test.afterAll(async () => {
  expect(await demo?.stop()).toBe(0);
});

async function openAllAccounts(browser: Browser, size: { width: number; height: number }, scheme: 'light' | 'dark') {
  const context = await browser.newContext({ viewport: size, colorScheme: scheme });
  const page = await context.newPage();
  const problems: string[] = [];
  page.on('pageerror', (error) => problems.push(error.message));
  await page.goto(demo!.host.url);
  await expect(page.getByRole('table', { name: 'Quotes' })).toBeVisible();
  await page.getByRole('navigation', { name: 'Accounts' }).getByRole('button', { name: 'All accounts' }).click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('All accounts');
  return { context, page, problems };
}

function rowsAbout(page: Page, quote: OperatorQuote): Locator {
  return page.getByRole('table', { name: 'Quotes' }).getByRole('row').filter({ hasText: quote.projectName });
}

/** The quote as the person opens it here: the pane beside the list when it is wide enough, else the full view. */
async function openQuote(page: Page, quote: OperatorQuote): Promise<Locator> {
  await page.getByRole('searchbox', { name: 'Search quotes' }).fill(quote.projectName);
  // Both keys see it; a webhook or a sync pass of each brings it: one row all the same.
  await expect(rowsAbout(page, quote)).toHaveCount(1, { timeout: 30_000 });
  await expect(page.getByTestId('quote-count')).toHaveText('1 quote');
  await rowsAbout(page, quote).click();
  const view = page.getByRole('region', { name: /^(Selected quote|Quote)$/ });
  await expect(view.getByRole('heading', { level: 2, name: quote.projectName })).toBeVisible();
  return view;
}

async function decideAs(view: Locator): Promise<Locator> {
  const picker = view.getByRole('combobox', { name: 'Decide as' });
  await expect(picker).toBeVisible();
  return picker;
}

for (const [run, { size, scheme }] of RUNS.entries()) {
  test(`a quote both keys see is one row, decided through the account picked: ${size.width}x${size.height}, ${scheme}`, async ({ browser }, testInfo) => {
    test.setTimeout(120_000);
    const [forClient, forInternal] = quotes[run]!;
    const { context, page, problems } = await openAllAccounts(browser, size, scheme);
    const company = demo!.company.name;

    // One row naming both accounts (at 800 px the account column gives way: the picker names them).
    let view = await openQuote(page, forClient!);
    if (size.width >= 1280) await expect(rowsAbout(page, forClient!)).toContainText(new RegExp(`${company}.*${INTERNAL.replace(/[()]/g, '\\$&')}|${INTERNAL.replace(/[()]/g, '\\$&')}.*${company}`));
    let picker = await decideAs(view);
    await expect(picker.locator('option')).toHaveText([company, INTERNAL]);
    // The client account by default.
    await expect(picker.locator('option:checked')).toHaveText(company);
    await expectAccessible(page, `decide-as-${size.width}-${scheme}`, testInfo.outputPath(`decide-as-${size.width}-${scheme}.png`), { fullPage: false });

    await view.getByRole('button', { name: 'Accept…' }).click();
    let dialog = page.getByRole('dialog', { name: 'Accept this quote?' });
    await dialog.getByRole('button', { name: 'Accept quote' }).click();
    await expect(dialog.getByRole('status')).toContainText('The quote was accepted.');
    await dialog.getByRole('button', { name: 'Done' }).click();
    await expect(dialog).toBeHidden();
    let receipts = view.getByRole('region', { name: 'Decisions made from this computer' });
    await expect(receipts).toContainText(`Accepted by ${company}`);
    await expect(receipts).toContainText('You accepted this in Quotedesk, so no notification was sent to you about it.');
    // Still one row, its status words those of a decided quote (the full view goes back to the list first).
    if (size.width < 1200) await page.getByRole('button', { name: 'Inbox' }).click();
    await expect(rowsAbout(page, forClient!)).toHaveCount(1);
    await expect(rowsAbout(page, forClient!)).toContainText(/Project started|Accepted/);

    // The other quote, through the internal key picked.
    view = await openQuote(page, forInternal!);
    picker = await decideAs(view);
    await picker.selectOption({ label: INTERNAL });
    await expect(picker.locator('option:checked')).toHaveText(INTERNAL);
    await view.getByRole('button', { name: 'Decline…' }).click();
    dialog = page.getByRole('dialog', { name: /Decline/ });
    await dialog.getByRole('textbox').first().fill('Decided centrally.');
    await dialog.getByRole('button', { name: /^Decline quote/ }).click();
    await expect(dialog.getByRole('status')).toContainText('The quote was declined.');
    await dialog.getByRole('button', { name: 'Done' }).click();
    receipts = view.getByRole('region', { name: 'Decisions made from this computer' });
    await expect(receipts).toContainText(`Declined by ${INTERNAL}`);

    // The service saw each decision from the key picked: the internal key is its admin key.
    const posts = (await demo!.requests()).filter((request) => request.method === 'POST' && request.status === 200);
    const accepted = posts.filter((request) => request.path.endsWith(`${forClient!.id}/accept`));
    const declined = posts.filter((request) => request.path.endsWith(`${forInternal!.id}/decline`));
    expect(accepted.map((request) => request.credential)).toEqual([expect.not.stringMatching(/^admin$/)]);
    expect(declined.map((request) => request.credential)).toEqual(['admin']);
    expect((await demo!.operatorGet<OperatorQuote>(`/quotes/${forInternal!.id}`)).status).toBe('REJECTED');
    expect(problems).toEqual([]);
    await context.close();
  });
}

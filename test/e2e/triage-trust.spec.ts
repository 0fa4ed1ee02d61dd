// Issue 27 in browser mode, in demo mode, against the embedded service: a keyboard triage of
// ten quotes in "Needs action" while new quotes arrive above the active row (each of the ten
// seen exactly once, none of the new ones slid under the keyboard); a quote snoozed a minute
// ahead leaves the view, waits in Snoozed and comes back with a notification (axe on Snoozed
// and on the open snooze dialog, light and dark); and an accept undone within its undo window
// (the reading pane's "Not sent yet — Undo") never reaches the service.
import { expect, test } from '@playwright/test';
import type { Page } from '@playwright/test';
import { expectAccessible } from './axe';
import { startDemoHost } from './demo-operator';
import type { DemoHost, OperatorQuote } from './demo-operator';
import { decideByKeyboard, openDemoCompany, searchQuotes } from './inbox-page';

test.describe.configure({ mode: 'serial' });

let demo: DemoHost | undefined;
const batch: OperatorQuote[] = [];
let sleeper: OperatorQuote | undefined;
let undone: OperatorQuote | undefined;

test.beforeAll(async () => {
  test.setTimeout(120_000);
  demo = await startDemoHost();
  for (let index = 1; index <= 10; index++) batch.push(await demo.issueQuote(`Kestrel triage ${index}`));
  sleeper = await demo.issueQuote('Moorcroft snooze check');
  undone = await demo.issueQuote('Pendleton undo check');
});

test.afterAll(async () => {
  expect(await demo?.stop()).toBe(0);
});

const NUMBER = /Q-\d{4}-\d{4}/;
const table = (page: Page) => page.getByRole('table', { name: 'Quotes' });
const pane = (page: Page) => page.getByRole('region', { name: 'Selected quote' });
const rowNamed = (page: Page, name: string) => table(page).getByRole('row').filter({ hasText: name });


/** A local date-time for a datetime-local field, to the second. */
function localDateTime(at: number): string {
  const date = new Date(at);
  const two = (value: number) => String(value).padStart(2, '0');
  return `${date.getFullYear()}-${two(date.getMonth() + 1)}-${two(date.getDate())}T${two(date.getHours())}:${two(date.getMinutes())}:${two(date.getSeconds())}`;
}

test('ten quotes triaged by keyboard while new ones arrive above: each seen exactly once', async ({ browser }) => {
  test.setTimeout(240_000);
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  const page = await context.newPage();
  const problems: string[] = [];
  page.on('pageerror', (error) => problems.push(error.message));
  await openDemoCompany(page, demo!);
  await searchQuotes(page, 'Kestrel triage', '10 quotes');
  await page.getByRole('checkbox', { name: 'Needs action' }).check();
  await expect(page.getByTestId('quote-count')).toHaveText('10 quotes');

  const shownNumber = async () => ((await pane(page).getByRole('heading', { level: 2 }).count()) > 0 ? ((await pane(page).innerText()).match(NUMBER)?.[0] ?? null) : null);
  await table(page).getByRole('row').nth(1).focus();

  const seen: string[] = [];
  const arrivals: OperatorQuote[] = [];
  for (let step = 0; step < 10; step++) {
    const newOne = async () => {
      const shown = await shownNumber();
      return shown !== null && shown !== seen.at(-1) ? shown : null;
    };
    await expect.poll(newOne, { timeout: 20_000 }).not.toBeNull();
    const number = (await shownNumber())!;
    seen.push(number);
    if (step % 3 === 1) {
      // A new quote arrives above the active row (the service issues it, its webhook stores it).
      const arrival = await demo!.issueQuote(`Kestrel triage arrival ${arrivals.length + 1}`);
      arrivals.push(arrival);
      await expect(rowNamed(page, arrival.projectName)).toBeVisible({ timeout: 30_000 });
      // The highlight and the pane stayed on the quote the person was on.
      await expect(table(page).locator('[aria-current="true"]')).toContainText(number);
      expect(await shownNumber()).toBe(number);
      await expect(table(page).locator('[data-row-index]:focus')).toContainText(number);
    }
    const action = step % 3;
    if (action === 2) {
      await page.keyboard.press('j');
      continue;
    }
    await decideByKeyboard(page, action === 0 ? 'accept' : 'decline', number);
    if (step < 9) await expect(page.locator('[data-triage-announcement]')).toContainText(/^Quote (accepted|declined)\. Next: Q-/);
  }

  // The ten, each once, and none of the quotes that arrived above them.
  expect(seen).toHaveLength(10);
  expect(new Set(seen).size).toBe(10);
  expect([...seen].sort()).toEqual(batch.map((quote) => quote.quoteNumber!).sort());
  expect(arrivals).toHaveLength(3);
  for (const arrival of arrivals) expect(seen).not.toContain(arrival.quoteNumber);
  // Seven decided, three passed over, three arrived: six still need action.
  await expect(page.getByTestId('quote-count')).toHaveText('6 quotes', { timeout: 20_000 });
  expect(problems).toEqual([]);
  await context.close();
});

test('a quote snoozed a minute ahead leaves the view, waits in Snoozed and comes back with a notification', async ({ browser }, testInfo) => {
  test.setTimeout(240_000);
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 }, colorScheme: 'light' });
  const page = await context.newPage();
  const problems: string[] = [];
  page.on('pageerror', (error) => problems.push(error.message));
  await openDemoCompany(page, demo!);
  await searchQuotes(page, 'Moorcroft snooze check', '1 quote');
  const row = rowNamed(page, sleeper!.projectName);
  await row.click();
  await expect(pane(page).getByRole('heading', { level: 2, name: sleeper!.projectName })).toBeVisible({ timeout: 20_000 });

  await row.focus();
  await page.keyboard.press('s');
  const dialog = page.getByRole('dialog', { name: `Snooze quote ${sleeper!.quoteNumber}` });
  await expect(dialog).toBeVisible();
  for (const scheme of ['light', 'dark'] as const) {
    await page.emulateMedia({ colorScheme: scheme });
    await expect(page.locator('html')).toHaveAttribute('data-theme', scheme);
    await expectAccessible(page, `snooze-dialog-${scheme}`, testInfo.outputPath(`snooze-dialog-${scheme}.png`), { fullPage: false });
  }
  await page.emulateMedia({ colorScheme: 'light' });

  const until = Date.now() + 60_000;
  await dialog.getByLabel('Or choose a time').fill(localDateTime(until));
  await dialog.getByRole('button', { name: 'Snooze until then' }).click();
  await expect(dialog).toBeHidden();
  // It leaves the inbox's view.
  await expect(row).toHaveCount(0, { timeout: 20_000 });
  await expect(page.getByTestId('quote-count')).toHaveText('0 quotes');

  // It waits in Snoozed, with its wake time.
  await page.locator('[data-snoozed-entry]').click();
  const snoozed = page.getByRole('region', { name: 'Snoozed' });
  const entry = snoozed.locator(`[data-snoozed-quote="${sleeper!.id}"]`);
  await expect(entry).toContainText(`Quote ${sleeper!.quoteNumber}`);
  for (const scheme of ['light', 'dark'] as const) {
    await page.emulateMedia({ colorScheme: scheme });
    await expect(page.locator('html')).toHaveAttribute('data-theme', scheme);
    await expectAccessible(page, `snoozed-view-${scheme}`, testInfo.outputPath(`snoozed-view-${scheme}.png`), { fullPage: false });
  }
  await page.emulateMedia({ colorScheme: 'light' });

  // At its time: a notification, out of Snoozed and back in the view.
  const toast = page.getByRole('region', { name: 'Notifications' }).locator('.toast').filter({ hasText: sleeper!.quoteNumber! });
  await expect(toast.first()).toContainText('is back from snooze', { timeout: Math.max(0, until - Date.now()) + 30_000 });
  expect(Date.now()).toBeGreaterThanOrEqual(until - 1_000);
  await expect(entry).toHaveCount(0);
  await page.locator('[data-snoozed-entry]').click();
  await expect(rowNamed(page, sleeper!.projectName)).toBeVisible({ timeout: 20_000 });
  await expect(page.getByTestId('quote-count')).toHaveText('1 quote');
  expect(problems).toEqual([]);
  await context.close();
});

test('an accept undone within its undo window never reaches the service, and the quote still awaits a decision', async ({ browser }) => {
  test.setTimeout(180_000);
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  const page = await context.newPage();
  const problems: string[] = [];
  page.on('pageerror', (error) => problems.push(error.message));
  await openDemoCompany(page, demo!);
  // The undo window, as a person sets it: 10 seconds.
  await page.getByRole('button', { name: /Settings/ }).first().click();
  await page.getByRole('combobox', { name: 'Time to undo a decision' }).selectOption('10');
  await expect(page.getByRole('combobox', { name: 'Time to undo a decision' })).toHaveValue('10');
  await page.getByRole('button', { name: /Settings/ }).first().click();
  await expect(table(page)).toBeVisible();
  await searchQuotes(page, 'Pendleton undo check', '1 quote');
  const row = rowNamed(page, undone!.projectName);
  await row.click();
  await expect(pane(page).getByRole('heading', { level: 2, name: undone!.projectName })).toBeVisible({ timeout: 20_000 });

  await row.focus();
  await page.keyboard.press('a');
  const dialog = page.getByRole('dialog', { name: 'Accept this quote?' });
  await page.keyboard.press('Enter');
  await expect(dialog.getByRole('alert')).toContainText('Not sent yet');
  // Enter on the result closes it: the row and the pane say the decision is not sent yet.
  await page.keyboard.press('Enter');
  await expect(dialog).toBeHidden();
  await expect(row.locator('[data-outbox-mark="undo"]')).toHaveAttribute('title', 'Accept: Not sent yet: it can still be undone');
  const line = pane(page).locator('[data-outbox-line]');
  await expect(line).toContainText('Accept: Not sent yet —');
  await line.getByRole('button', { name: 'Undo' }).click();
  await expect(line).toHaveText('');
  await expect(row.locator('[data-outbox-mark]')).toHaveCount(0);

  // The window passes (and some more): nothing is sent.
  await page.waitForTimeout(13_000);
  const accepts = (await demo!.requests()).filter((request) => request.method === 'POST' && request.path.includes(undone!.id) && request.path.endsWith('/accept'));
  expect(accepts).toEqual([]);
  expect((await demo!.operatorGet<OperatorQuote>(`/quotes/${undone!.id}`)).status).toBe('SENT');
  await expect(row).toContainText('Awaiting your decision');
  expect(problems).toEqual([]);
  await context.close();
});

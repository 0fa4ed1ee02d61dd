// Issue 18 in browser mode, in demo mode, without the mouse: a day's triage of ten quotes.
// The search and the "Needs action" filter by keyboard, Ctrl+K to find a quote by number,
// j/k through the list (the reading pane follows at 1280 px), one quote accepted and one
// declined through their confirmations (over the pane where there is one), and after each step what the person sees: the
// count, the status words, the receipt, and no notification of their own decision. axe on
// the quote view and both confirmations, light and dark, at 1280x800 and 800x700.
import { expect, test } from '@playwright/test';
import type { Page } from '@playwright/test';
import { expectAccessible } from './axe';
import { startDemoHost } from './demo-operator';
import type { DemoHost, OperatorQuote } from './demo-operator';

test.describe.configure({ mode: 'serial' });

const RUNS = [
  { size: { width: 1280, height: 800 }, scheme: 'light', word: 'Calder' },
  { size: { width: 1280, height: 800 }, scheme: 'dark', word: 'Dunmore' },
  { size: { width: 800, height: 700 }, scheme: 'light', word: 'Elsworth' },
  { size: { width: 800, height: 700 }, scheme: 'dark', word: 'Fenwick' },
] as const;
const TEN = ['one', 'two', 'three', 'four', 'five', 'six', 'seven', 'eight', 'nine', 'ten'];

let demo: DemoHost | undefined;
const batches = new Map<string, OperatorQuote[]>();

test.beforeAll(async () => {
  test.setTimeout(120_000);
  demo = await startDemoHost();
  for (const { word } of RUNS) {
    const batch: OperatorQuote[] = [];
    for (const each of TEN) batch.push(await demo.issueQuote(`${word} triage ${each}`));
    batches.set(word, batch);
  }
});

test.afterAll(async () => {
  expect(await demo?.stop()).toBe(0);
});

const count = (page: Page) => page.getByTestId('quote-count');
const focusedRow = (page: Page) => page.locator('[data-row-index]:focus');

/** Tab (or Shift+Tab) until the focused element's text or label matches, as a keyboard user would. */
async function tabTo(page: Page, name: RegExp, backwards = false): Promise<void> {
  for (let step = 0; step < 15; step++) {
    const current = await page.evaluate('(() => { const el = document.activeElement; return (el?.getAttribute("aria-label") || el?.closest("label")?.textContent || el?.textContent || "").trim(); })()');
    if (name.test(current as string)) return;
    await page.keyboard.press(backwards ? 'Shift+Tab' : 'Tab');
  }
  throw new Error(`Tab never reached ${name}`);
}

/** Records every toast that appears from now on (those gone again by the time we look too). */
async function countToasts(page: Page): Promise<void> {
  await page.evaluate(`(() => {
    window.toastObserver?.disconnect();
    const seen = (window.seenToasts = []);
    window.toastObserver = new MutationObserver((records) => {
      for (const record of records) for (const node of record.addedNodes) if (node instanceof HTMLElement && node.classList.contains('toast')) seen.push(node.innerText);
    });
    window.toastObserver.observe(document.body, { childList: true, subtree: true });
  })()`);
}
const toastsAbout = async (page: Page, quote: OperatorQuote) => ((await page.evaluate('window.seenToasts')) as string[]).filter((text) => text.includes(quote.quoteNumber!));

for (const { size, scheme, word } of RUNS) {
  test(`ten quotes triaged by keyboard alone: ${size.width}x${size.height}, ${scheme}`, async ({ browser }, testInfo) => {
    test.setTimeout(150_000);
    const batch = batches.get(word)!;
    const context = await browser.newContext({ viewport: size, colorScheme: scheme });
    const page = await context.newPage();
    const problems: string[] = [];
    page.on('pageerror', (error) => problems.push(error.message));
    // Not one mouse event reaches the page.
    await page.addInitScript('for (const type of ["mousedown", "click", "dblclick"]) window.addEventListener(type, (event) => { if (event.isTrusted && event.detail > 0) window.__mouseUsed = true; }, true);');
    await page.goto(demo!.host.url);
    await expect(page.getByRole('table', { name: 'Quotes' })).toBeVisible();

    // The company's account by its number in the sidebar (Ctrl+1..9).
    const names = await page.getByRole('navigation', { name: 'Accounts' }).locator('button[data-account-id] .account-name').allInnerTexts();
    const position = names.findIndex((name) => name.includes(demo!.company.name));
    await page.keyboard.press(`Control+${position + 1}`);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(demo!.company.name);

    // The day's quotes are in after a sync, asked for from the palette.
    await page.keyboard.press('Control+k');
    await page.keyboard.type('Sync now');
    await expect(page.getByRole('dialog', { name: 'Go to or do' }).getByRole('option', { name: /Sync now/ }).first()).toHaveAttribute('aria-selected', 'true');
    await page.keyboard.press('Enter');
    // A command leaves the palette open today (a quote or an account closes it): Escape closes it.
    await expect(page.getByRole('button', { name: 'Syncing…' }).or(page.getByRole('button', { name: 'Sync now' })).first()).toBeVisible();
    if (await page.getByRole('dialog', { name: 'Go to or do' }).isVisible()) await page.keyboard.press('Escape');
    await expect(page.getByRole('dialog', { name: 'Go to or do' })).toBeHidden();
    // Search (/) for the day's ten, then "Needs action" by Tab and Space.
    await page.keyboard.press('/');
    await expect(page.getByRole('searchbox', { name: 'Search quotes' })).toBeFocused();
    // The last view comes back at start (the previous run's search): the new words replace it.
    await page.keyboard.press('Control+a');
    await page.keyboard.type(`${word} triage`);
    await expect(page.getByRole('searchbox', { name: 'Search quotes' })).toHaveValue(`${word} triage`);
    await expect(count(page)).toHaveText('10 quotes', { timeout: 30_000 });
    await tabTo(page, /^Needs action$/);
    await page.keyboard.press('Space');
    await expect(page.getByRole('checkbox', { name: 'Needs action' })).toBeChecked();
    await expect(count(page)).toHaveText('10 quotes');

    // Ctrl+K: one of them by its number.
    const wanted = batch[3]!;
    await page.keyboard.press('Control+k');
    const palette = page.getByRole('dialog', { name: 'Go to or do' });
    await expect(palette.getByRole('combobox')).toBeFocused();
    await page.keyboard.type(wanted.quoteNumber!);
    await expect(palette.getByRole('option', { name: new RegExp(wanted.quoteNumber!) }).first()).toHaveAttribute('aria-selected', 'true');
    await page.keyboard.press('Enter');
    const full = page.getByRole('region', { name: 'Quote', exact: true });
    // Read from the service while the sync asked for runs: it may take a moment on a busy machine.
    await expect(full.getByRole('heading', { level: 2, name: wanted.projectName })).toBeVisible({ timeout: 20_000 });
    await expect(full).toContainText('Awaiting your decision');
    await expectAccessible(page, `triage-quote-${size.width}-${scheme}`, testInfo.outputPath(`quote-${size.width}-${scheme}.png`), { fullPage: false });
    await page.keyboard.press('Escape');
    // Back in the list, the search and the filter as they were.
    await expect(count(page)).toHaveText('10 quotes');

    // j through all ten, k one back: the keyboard's row moves, and the pane follows where there is one.
    // Back from the quote the palette opened, the keyboard is on the page: j takes it into the list.
    await page.keyboard.press('j');
    await expect(focusedRow(page)).toHaveAttribute('data-row-index', '0');
    for (let index = 1; index < 10; index++) {
      await page.keyboard.press('j');
      await expect(focusedRow(page)).toHaveAttribute('data-row-index', String(index));
    }
    await page.keyboard.press('j');
    await expect(focusedRow(page)).toHaveAttribute('data-row-index', '9');
    await page.keyboard.press('k');
    await expect(focusedRow(page)).toHaveAttribute('data-row-index', '8');
    const toAccept = (await focusedRow(page).innerText()).match(/Q-\d{4}-\d{4}/)![0];
    if (size.width >= 1280) {
      const pane = page.getByRole('region', { name: 'Selected quote' });
      // Read from the service (its cached copy is over a minute old on a busy machine).
      await expect(pane).toContainText(toAccept, { timeout: 20_000 });
    }

    // Accept the row with `a`: its confirmation opens on Accept quote, so Enter accepts.
    await countToasts(page);
    await page.keyboard.press('a');
    const accept = page.getByRole('dialog', { name: 'Accept this quote?' });
    await expect(accept).toContainText(toAccept);
    await expect(accept.getByRole('button', { name: 'Accept quote' })).toBeFocused();
    await expectAccessible(page, `triage-accept-${size.width}-${scheme}`, testInfo.outputPath(`accept-${size.width}-${scheme}.png`), { fullPage: false });
    await page.keyboard.press('Enter');
    await expect(accept.getByRole('status')).toContainText('The quote was accepted.', { timeout: 20_000 });
    await expect(accept.getByRole('status')).toBeFocused();
    // The result closes by itself.
    await expect(accept).toBeHidden();
    // It no longer needs action: nine left, and the list's keyboard row is back.
    await expect(count(page)).toHaveText('9 quotes');
    await expect(focusedRow(page)).toBeVisible();
    const accepted = batch.find((quote) => quote.quoteNumber === toAccept)!;
    expect(['ACCEPTED', 'CHANGED_TO_PROJECT']).toContain((await demo!.operatorGet<OperatorQuote>(`/quotes/${accepted.id}`)).status);

    // Decline the first row with `d`, the reason typed, Tab to the button.
    await page.keyboard.press('Home');
    await expect(focusedRow(page)).toHaveAttribute('data-row-index', '0');
    const toDecline = (await focusedRow(page).innerText()).match(/Q-\d{4}-\d{4}/)![0];
    await page.keyboard.press('d');
    const decline = page.getByRole('dialog', { name: /Decline/ });
    await expect(decline).toContainText(toDecline);
    await tabTo(page, /reason/i);
    await page.keyboard.type('Budget moved to next year.');
    await expectAccessible(page, `triage-decline-${size.width}-${scheme}`, testInfo.outputPath(`decline-${size.width}-${scheme}.png`), { fullPage: false });
    await tabTo(page, /^Decline quote/);
    await page.keyboard.press('Enter');
    await expect(decline.getByRole('status')).toContainText('The quote was declined.', { timeout: 20_000 });
    await page.keyboard.press('Enter');
    await expect(decline).toBeHidden();
    await expect(count(page)).toHaveText('8 quotes');
    const declined = batch.find((quote) => quote.quoteNumber === toDecline)!;
    expect((await demo!.operatorGet<OperatorQuote>(`/quotes/${declined.id}`)).status).toBe('REJECTED');

    // Both decisions, as the person finds them: without the filter, their status words; no notification of either.
    await tabTo(page, /^Needs action$/, true);
    await page.keyboard.press('Space');
    await expect(count(page)).toHaveText('10 quotes');
    const rows = page.getByRole('table', { name: 'Quotes' }).getByRole('row');
    await expect(rows.filter({ hasText: toAccept })).toContainText(/Project started|Accepted/);
    await expect(rows.filter({ hasText: toDecline })).toContainText('Declined');
    // The service's webhooks and the next sync bring both changes back; neither is news to the person.
    await page.waitForTimeout(4_000);
    expect(await toastsAbout(page, accepted)).toEqual([]);
    expect(await toastsAbout(page, declined)).toEqual([]);

    expect(await page.evaluate('window.__mouseUsed ?? false')).toBe(false);
    expect(problems).toEqual([]);
    await context.close();
  });
}

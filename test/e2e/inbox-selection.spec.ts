// Issue 18 in browser mode on the demo accounts: several quotes selected in the inbox (x on the
// focused row, Shift-click for a range, Ctrl-click for one more, Ctrl-A for the whole view,
// Escape to drop it), announced and visible in light and dark, and the bar's actions: marking
// them read and unread moves the unread count the person sees, and the selection's export holds
// exactly the selected rows, in the list's order. At 1280x800 (reading pane) and 800x700.
// Keeping a large selection's PDFs offline: confirmed, followed after a reload, stopped.
import { readFile } from 'node:fs/promises';
import { expect, test } from '@playwright/test';
import type { Browser, Locator, Page } from '@playwright/test';
import { PDF_ROUTE_PREFIX } from '../../main/simulator/pdf';
import { expectAccessible } from './axe';
import { startDemoHost } from './demo-operator';
import type { DemoHost } from './demo-operator';
import { openInbox, useDemoHost } from './inbox-page';

const host = useDemoHost();

const SIZES = [
  { width: 1280, height: 800 },
  { width: 800, height: 700 },
] as const;

async function openApp(browser: Browser, size: { width: number; height: number }, scheme: 'light' | 'dark') {
  return openInbox(browser, host().url, size, scheme, { acceptDownloads: true });
}

function table(page: Page): Locator {
  return page.getByRole('table', { name: 'Quotes' });
}

/** The list's row at this index among every quote of the view. */
function row(page: Page, index: number): Locator {
  return table(page).locator(`[data-row-index="${index}"]`);
}

function checkboxOf(page: Page, index: number): Locator {
  return row(page, index).getByRole('checkbox');
}

/** "Q-2026-0001, Website localisation": how a row's checkbox names its quote, and how the export's row is named here. */
async function nameOf(page: Page, index: number): Promise<string> {
  return ((await checkboxOf(page, index).getAttribute('aria-label')) ?? '').replace(/^Select /, '');
}

/** The live region's words. */
function announced(page: Page, text: string): Locator {
  return page.getByRole('status').filter({ hasText: new RegExp(`^${text}$`) });
}

/** The unread count the window's title shows ("(3) Quotedesk"), 0 without one. */
async function unreadInTitle(page: Page): Promise<number> {
  const match = /^\((\d+)\)/.exec(await page.title());
  return match ? Number(match[1]) : 0;
}

async function viewCount(page: Page): Promise<number> {
  return Number.parseInt(((await page.getByTestId('quote-count').textContent()) ?? '').replace(/[^\d]/g, ''), 10);
}

/** A CSV line's fields (RFC 4180: quoted fields may hold commas and doubled quotes). */
function csvFields(line: string): string[] {
  const fields: string[] = [];
  let field = '';
  let quoted = false;
  for (let i = 0; i < line.length; i++) {
    const char = line[i]!;
    if (quoted && char === '"' && line[i + 1] === '"') {
      field += '"';
      i++;
    } else if (char === '"') quoted = !quoted;
    else if (char === ',' && !quoted) {
      fields.push(field);
      field = '';
    } else field += char;
  }
  fields.push(field);
  return fields;
}

/** Exports the selection as CSV: each data row named as the rows' checkboxes name their quotes. */
async function exportSelection(page: Page): Promise<string[]> {
  const bar = page.getByRole('group', { name: 'Actions on the selected quotes' });
  await bar.getByRole('button', { name: 'Export selection' }).click();
  const downloading = page.waitForEvent('download');
  await page.getByRole('menuitem', { name: /CSV/ }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toMatch(/^Quotedesk - Selected quotes( \(.+\))? - \d{4}-\d{2}-\d{2}\.csv$/);
  const lines = (await readFile(await download.path())).toString('utf8').replace(/^\uFEFF/, '').trimEnd().split('\r\n');
  const header = csvFields(lines[0]!);
  const [number, project] = [header.indexOf('Quote number'), header.indexOf('Project')];
  return lines.slice(1).map((line) => {
    const fields = csvFields(line);
    return [fields[number], fields[project] || 'Untitled project'].filter(Boolean).join(', ');
  });
}

for (const size of SIZES) {
  test(`select with x, Shift-click and Ctrl-click; mark unread and read; export exactly the selection (${size.width}x${size.height})`, async ({ browser }) => {
    test.setTimeout(90_000);
    const { context, page, problems } = await openApp(browser, size, 'light');
    const bar = page.getByRole('group', { name: 'Actions on the selected quotes' });
    await expect(bar).toHaveCount(0);

    // x on the focused row (j focuses the first).
    await page.keyboard.press('j');
    await expect(row(page, 0)).toBeFocused();
    await page.keyboard.press('x');
    await expect(checkboxOf(page, 0)).toBeChecked();
    await expect(announced(page, '1 quote selected')).toBeAttached();
    await expect(bar).toBeVisible();

    // Shift-click: every row from the last toggled one.
    await row(page, 4).click({ modifiers: ['Shift'] });
    await expect(announced(page, '5 quotes selected')).toBeAttached();
    for (const index of [0, 1, 2, 3, 4]) await expect(checkboxOf(page, index)).toBeChecked();
    await expect(checkboxOf(page, 5)).not.toBeChecked();

    // Ctrl-click: one row more or less.
    await row(page, 2).click({ modifiers: ['ControlOrMeta'] });
    await row(page, 6).click({ modifiers: ['ControlOrMeta'] });
    await expect(announced(page, '5 quotes selected')).toBeAttached();
    await expect(checkboxOf(page, 2)).not.toBeChecked();
    const selected = await Promise.all([0, 1, 3, 4, 6].map((index) => nameOf(page, index)));

    // Read first, so the unread count moves by exactly the selection.
    await bar.getByRole('button', { name: 'Mark read' }).click();
    await expect(bar).toContainText('Marked 5 quotes read.');
    const before = await unreadInTitle(page);
    await bar.getByRole('button', { name: 'Mark unread' }).click();
    await expect(bar).toContainText('Marked 5 quotes unread.');
    await expect.poll(() => unreadInTitle(page)).toBe(before + 5);
    await expect(row(page, 3)).toContainText('Unread:');
    await bar.getByRole('button', { name: 'Mark read' }).click();
    await expect.poll(() => unreadInTitle(page)).toBe(before);
    await expect(row(page, 3)).not.toContainText('Unread:');

    // The file holds the selected rows, in the list's order.
    expect(await exportSelection(page)).toEqual(selected);

    // Escape on the list drops the selection.
    await row(page, 1).focus();
    await page.keyboard.press('Escape');
    await expect(bar).toHaveCount(0);
    await expect(checkboxOf(page, 0)).not.toBeChecked();
    expect(problems).toEqual([]);
    await context.close();
  });

  test(`Ctrl-A selects the whole view, however long, and exports all of it (${size.width}x${size.height})`, async ({ browser }) => {
    test.setTimeout(90_000);
    const { context, page, problems } = await openApp(browser, size, 'light');
    const total = await viewCount(page);
    expect(total).toBeGreaterThan(20);
    await row(page, 0).click({ modifiers: ['ControlOrMeta'] });
    await row(page, 0).focus();
    await page.keyboard.press('ControlOrMeta+a');
    await expect(announced(page, `${total.toLocaleString('en-US')} quotes selected`)).toBeAttached();
    await expect(page.getByRole('checkbox', { name: 'Select every quote in view' })).toBeChecked();
    // Rows never rendered are selected too: the last one, once scrolled to.
    await page.keyboard.press('End');
    await expect(checkboxOf(page, total - 1)).toBeChecked();
    await row(page, total - 1).click({ modifiers: ['ControlOrMeta'] });
    await expect(announced(page, `${(total - 1).toLocaleString('en-US')} quotes selected`)).toBeAttached();

    const names = await exportSelection(page);
    expect(names).toHaveLength(total - 1);
    expect(names).not.toContain(await nameOf(page, total - 1));
    expect(problems).toEqual([]);
    await context.close();
  });

  for (const scheme of ['light', 'dark'] as const) {
    test(`with a selection, the inbox passes axe (${size.width}x${size.height}, ${scheme})`, async ({ browser }) => {
      const { context, page } = await openApp(browser, size, scheme);
      await row(page, 1).click({ modifiers: ['ControlOrMeta'] });
      await row(page, 3).click({ modifiers: ['ControlOrMeta'] });
      await expect(announced(page, '2 quotes selected')).toBeAttached();
      // Selected rows look selected: not the plain row's background.
      // (The specs have no DOM types: the window is reached through the element, as web.spec does.)
      const background = (index: number) =>
        row(page, index).evaluate((element) => (element.ownerDocument.defaultView as unknown as { getComputedStyle(element: unknown): { backgroundColor: string } }).getComputedStyle(element).backgroundColor);
      expect(await background(1)).not.toBe(await background(5));
      await expectAccessible(page, `a selection at ${size.width} px, ${scheme}`, `test-results/inbox-selection-${size.width}-${scheme}.png`, { fullPage: false });
      await context.close();
    });
  }
}

// Keeping a large selection's PDFs offline: asked first, run by the host (a reloaded page finds
// it, with Stop), stopped for good. Its own demo host, whose service answers each PDF slowly
// (a latency fault on the file route), so the job is still running when Stop is pressed.
const JOB_PDF_LATENCY_MS = 4_000;
test.describe('keeping a large selection offline', () => {
  let demo: DemoHost;
  test.beforeAll(async () => {
    test.setTimeout(120_000);
    demo = await startDemoHost();
    // The demo has fewer quotes than a selection that is asked about first.
    for (let each = 1; each <= 30; each++) await demo.issueQuote(`Bulk offline ${each}`);
    await demo.operator('/faults', { kind: 'latency', latencyMs: 700, match: { pathPrefix: PDF_ROUTE_PREFIX } });
  });
  test.afterAll(async () => {
    expect(await demo.stop()).toBe(0);
  });

  const pdfRequests = async () => (await demo.requests()).filter((request) => request.path.startsWith(PDF_ROUTE_PREFIX)).length;

  /** The PDF downloads so far, once none has come for a while: the sync's prefetch of quotes needing action is over. */
  async function settledPdfRequests(page: Page): Promise<number> {
    let last = -1;
    for (;;) {
      const now = await pdfRequests();
      if (now === last) return now;
      last = now;
      await page.waitForTimeout(2_000);
    }
  }

  test('confirm, start, reload mid-job, Stop: no download starts after it, and the outcome is told (1280x800)', async ({ browser }) => {
    test.setTimeout(120_000);
    const { context, page, problems } = await openInbox(browser, demo.host.url, { width: 1280, height: 800 });
    const bar = page.getByRole('group', { name: 'Actions on the selected quotes' });
    // The count is read once the sync pass is over: mid-pass it read 51 of the 57 it then showed.
    const syncNow = page.getByRole('button', { name: /^(Sync now|Syncing…)$/ });
    await syncNow.click();
    await expect(syncNow).toHaveText('Sync now', { timeout: 30_000 });
    await expect.poll(() => viewCount(page), { timeout: 30_000 }).toBeGreaterThan(50);
    const beforeJob = await settledPdfRequests(page);
    const total = await viewCount(page);
    await row(page, 0).click({ modifiers: ['ControlOrMeta'] });
    await row(page, 0).focus();
    await page.keyboard.press('ControlOrMeta+a');
    const totalWords = total.toLocaleString('en-US');
    await expect(announced(page, `${totalWords} quotes selected`)).toBeAttached();

    // Asked first: Cancel starts nothing.
    await bar.getByRole('button', { name: 'Keep PDFs offline' }).click();
    const dialog = page.getByRole('dialog', { name: `Keep ${totalWords} PDFs offline?` });
    await expect(dialog).toContainText(`This downloads ${totalWords} PDFs`);
    await expect(dialog.getByRole('button', { name: 'Cancel' })).toBeFocused();
    await expectAccessible(page, 'the keep-offline confirmation', 'test-results/inbox-selection-keep-offline-confirm.png', { fullPage: false });
    await page.keyboard.press('Escape');
    await expect(dialog).toHaveCount(0);
    await expect(bar.getByText(/^Keeping PDFs offline/)).toHaveCount(0);

    // Slower still for the job: the width adapts upward while the service keeps up, so at
    // 700 ms a PDF the job could end before a loaded machine gets to press Stop.
    await demo.operatorDelete('/faults');
    await demo.operator('/faults', { kind: 'latency', latencyMs: JOB_PDF_LATENCY_MS, match: { pathPrefix: PDF_ROUTE_PREFIX } });
    await bar.getByRole('button', { name: 'Keep PDFs offline' }).click();
    await dialog.getByRole('button', { name: 'Keep PDFs offline' }).click();
    await expect(bar.getByText(new RegExp(`^Keeping PDFs offline: \\d+ of ${totalWords}`))).toBeVisible();

    // The job is the host's: a reloaded page, with nothing selected, shows it and its Stop.
    await page.reload();
    await expect(bar.getByText(new RegExp(`^Keeping PDFs offline: \\d+ of ${totalWords}`))).toBeVisible();
    await expect.poll(pdfRequests, { timeout: 15_000 }).toBeGreaterThan(beforeJob);
    await expectAccessible(page, 'the keep-offline progress', 'test-results/inbox-selection-keep-offline-progress.png', { fullPage: false });

    await bar.getByRole('button', { name: 'Stop' }).click();
    await expect(bar.getByRole('status').filter({ hasText: new RegExp(`^Kept \\d+ of ${totalWords} PDFs offline.*; stopped\\.`) })).toBeVisible();
    await expect(bar.getByRole('button', { name: 'Stop' })).toHaveCount(0);
    // Aborted downloads may still be logged once their latency ends; after that, none more.
    await page.waitForTimeout(JOB_PDF_LATENCY_MS + 1_000);
    const afterStop = await pdfRequests();
    await page.waitForTimeout(2_500);
    expect(await pdfRequests()).toBe(afterStop);
    expect(afterStop - beforeJob).toBeLessThan(total);
    await expectAccessible(page, 'the keep-offline outcome', 'test-results/inbox-selection-keep-offline-stopped.png', { fullPage: false });
    expect(problems).toEqual([]);
    await context.close();
  });
});

// Issue 9 end to end in browser mode: a quote opened from the inbox by keyboard, its
// pricing read, one accepted, one declined with a reason, one the operator cancelled while
// it was on screen, the diff after the operator revised one, and a PDF opened and saved as
// after the service stopped. Each outcome is checked on the service's side as well (operator API).
// axe runs on the detail, pricing, diff and both confirmations, in light and dark.
// At 1280 px a click selects a row for the reading pane; a double-click (or Enter) opens the full view used here.
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, test } from '@playwright/test';
import type { Browser, Locator, Page } from '@playwright/test';
import { startSimulatorProcess } from './simulator-process';
import type { SimulatorCompany, SimulatorProcess } from './simulator-process';
import { startWebHostProcess } from './web-host-process';
import type { WebHostProcess } from './web-host-process';
import { expectAccessible } from './axe';

test.describe.configure({ mode: 'serial' });

const ACCOUNT = 'Own account (API key)';
const NAMES = { accept: 'E2E accept me', decline: 'E2E decline me', cancelled: 'E2E cancelled meanwhile', revised: 'E2E revised', pane: 'E2E accept in the pane' } as const;
type Role = keyof typeof NAMES;

interface OperatorQuote {
  id: string;
  quoteNumber: string | null;
  status: string;
  revision: number;
  total: number | null;
  currency: string | null;
}

let simulator: SimulatorProcess | undefined;
let host: WebHostProcess | undefined;
let dataDir: string | undefined;
let page: Page;
let company: SimulatorCompany;
const quotes = {} as Record<Role, OperatorQuote>;
const pageErrors: string[] = [];

test.beforeAll(async ({ browser }) => {
  test.setTimeout(120_000);
  dataDir = await mkdtemp(join(tmpdir(), 'quotedesk-e2e-quote-'));
  simulator = await startSimulatorProcess();
  company = simulator.credentials.companies[0]!;
  // Fresh quotes of the operator's, sent to the client: each awaits the client's decision.
  for (const role of Object.keys(NAMES) as Role[]) {
    const created = (await simulator.operator('/quotes', { companyId: company.id, projectName: NAMES[role] })) as OperatorQuote;
    quotes[role] = (await simulator.operator(`/quotes/${created.id}/issue`)) as OperatorQuote;
  }
  host = await startWebHostProcess([], { dataDir });
  page = await newPage(browser, 'light');
  await page.goto(host.url);
  await page.getByRole('navigation', { name: 'Accounts' }).getByRole('button', { name: 'Add account' }).last().click();
  const dialog = page.getByRole('dialog', { name: 'Add account' });
  await dialog.getByLabel('Name', { exact: true }).fill(ACCOUNT);
  await dialog.getByRole('radio', { name: 'Custom' }).check();
  await dialog.getByLabel('Base URL').fill(simulator.credentials.baseUrl);
  await dialog.getByRole('radio', { name: 'Client key' }).check();
  await dialog.getByRole('radio', { name: 'API key' }).check();
  await dialog.getByLabel('API key', { exact: true }).and(dialog.locator('input:not([type="radio"])')).fill(company.apiKey);
  await dialog.getByRole('button', { name: 'Save', exact: true }).click();
  await expect(dialog).toBeHidden();
  await expect(quoteRow(NAMES.accept)).toBeVisible();
});

test.afterAll(async () => {
  await page?.close();
  await host?.stop();
  await simulator?.stop();
  if (dataDir) await rm(dataDir, { recursive: true, force: true });
  expect(pageErrors).toEqual([]);
});

test('a quote opens from the keyboard and its pricing adds up to the service\'s total', async ({}, testInfo) => {
  await focusRow(NAMES.revised);
  await page.keyboard.press('Enter');
  await expect(page.getByRole('heading', { name: NAMES.revised, level: 2 })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Inbox' })).toBeFocused();

  const service = await operatorQuote(quotes.revised.id);
  const pricing = page.getByRole('region', { name: 'Pricing' });
  await expect(pricing).toBeVisible();
  // The stated total, in the quote's currency, as the service has it.
  const total = new Intl.NumberFormat('en-US', { style: 'currency', currency: service.currency! }).format(service.total!);
  await expect(pricing).toContainText(total);

  // The company's logo, where the service names one: fetched by the app's core and shown
  // from its copy (the page itself may load no image from the network); initials otherwise.
  const detail = await fetch(`${simulator!.credentials.baseUrl}/api/public/v1/quotes/${quotes.revised.id}`, { headers: { 'Api-key': company.apiKey } });
  const logoUrl = ((await detail.json()) as { data: { company: { logo: { url: string } | null } } }).data.company.logo?.url ?? null;
  const logo = page.getByRole('img', { name: /logo$/ });
  if (logoUrl) await expect(logo).toHaveAttribute('src', /^data:image\/svg\+xml;base64,/);
  else await expect(logo).toHaveCount(0);
  await expectAccessible(page, 'quote-detail-light', testInfo.outputPath('quote-detail-light.png'));
  await pricing.screenshot({ path: testInfo.outputPath('pricing-section-light.png') });

  // Escape goes back with the keyboard on the same row.
  await page.keyboard.press('Escape');
  await expect(quoteRow(NAMES.revised)).toBeFocused();
});

test('`a` on a row opens the accept confirmation; accepting is seen by the service', async ({}, testInfo) => {
  await focusRow(NAMES.accept);
  await page.keyboard.press('a');
  const dialog = page.getByRole('dialog', { name: 'Accept this quote?' });
  await expect(dialog).toBeVisible();
  await expect(dialog).toContainText(quotes.accept.quoteNumber!);
  await expectAccessible(page, 'accept-confirmation-light', testInfo.outputPath('accept-confirmation-light.png'));
  await dialog.getByRole('button', { name: 'Accept quote' }).click();
  await expect(dialog.getByRole('status')).toBeVisible();
  await dialog.getByRole('button', { name: 'Done' }).click();
  await expect(dialog).toBeHidden();

  // The service may turn an accepted quote into a project at once.
  expect(['ACCEPTED', 'CHANGED_TO_PROJECT']).toContain((await operatorQuote(quotes.accept.id)).status);
  // The receipt is listed on the quote.
  await focusRow(NAMES.accept);
  await page.keyboard.press('Enter');
  await expect(page.getByRole('region', { name: 'Decisions made from this computer' })).toContainText('Accept');
  await page.keyboard.press('Escape');
});

test('a decline with a reason reaches the service', async ({}, testInfo) => {
  await quoteRow(NAMES.decline).dblclick();
  await page.getByRole('button', { name: 'Decline…' }).click();
  const dialog = page.getByRole('dialog', { name: /Decline/ });
  await dialog.getByRole('textbox').first().fill('The budget for this project was cut.');
  await expectAccessible(page, 'decline-confirmation-light', testInfo.outputPath('decline-confirmation-light.png'));
  await dialog.screenshot({ path: testInfo.outputPath('decline-dialog-light.png') });
  await dialog.getByRole('button', { name: /^Decline quote/ }).click();
  await expect(dialog.getByRole('status')).toBeVisible();
  await dialog.getByRole('button', { name: 'Done' }).click();
  await expect(dialog).toBeHidden();
  expect((await operatorQuote(quotes.decline.id)).status).toBe('REJECTED');
  await page.keyboard.press('Escape');
});

test('when the operator cancelled the quote meanwhile, the refusal is said in plain words and nothing changes on the service', async () => {
  await quoteRow(NAMES.cancelled).dblclick();
  await expect(page.getByRole('button', { name: 'Accept…' })).toBeVisible();
  await simulator!.operator(`/quotes/${quotes.cancelled.id}/cancel`);
  await page.getByRole('button', { name: 'Accept…' }).click();
  const dialog = page.getByRole('dialog', { name: 'Accept this quote?' });
  await dialog.getByRole('button', { name: 'Accept quote' }).click();
  await expect(dialog.getByRole('alert')).toContainText(/cancel/i);
  await dialog.getByRole('button', { name: 'Done' }).click();
  // Re-read: the quote now shows it, and offers nothing to decide.
  await expect(page.getByRole('button', { name: 'Accept…' })).toHaveCount(0);
  expect((await operatorQuote(quotes.cancelled.id)).status).toBe('CANCELLED');
  await page.keyboard.press('Escape');
});

test('after the operator revised a quote, "What changed" says how its total moved', async ({}, testInfo) => {
  await quoteRow(NAMES.revised).dblclick();
  await expect(page.getByRole('heading', { name: NAMES.revised, level: 2 })).toBeVisible();
  const before = await operatorQuote(quotes.revised.id);
  const revised = (await simulator!.operator(`/quotes/${quotes.revised.id}/revise`)) as OperatorQuote;
  expect(revised.revision).toBe(before.revision + 1);
  await page.getByRole('button', { name: 'Refresh' }).click();
  const diff = page.getByRole('region', { name: /What changed since/ });
  await expect(diff).toBeVisible();
  const moved = new Intl.NumberFormat('en-US', { style: 'currency', currency: revised.currency!, signDisplay: 'exceptZero' }).format(revised.total! - before.total!);
  await expect(diff).toContainText(moved);
  // Versions kept here are named by when they were seen; a revision number is the service's alone.
  await expect(diff).toContainText(/As seen .+ → Now/);
  await expect(diff).not.toContainText(/revision \d/i);
  const glance = page.getByRole('region', { name: 'At a glance' });
  await expect(glance).toContainText(`Revision ${revised.revision}`);
  await expectAccessible(page, 'revision-diff-light', testInfo.outputPath('revision-diff-light.png'));
  await diff.screenshot({ path: testInfo.outputPath('revision-diff-section-light.png') });
  await page.keyboard.press('Escape');
});

test('accepting in the reading pane goes on to the next quote, the status change is headed as one, and j goes on', async ({}, testInfo) => {
  await quoteRow(NAMES.pane).click();
  const pane = page.getByRole('region', { name: 'Selected quote' });
  const heading = pane.getByRole('heading', { name: NAMES.pane, level: 2 });
  await expect(heading).toBeVisible();
  await pane.getByRole('button', { name: 'Accept…' }).click();
  const dialog = page.getByRole('dialog', { name: 'Accept this quote?' });
  await dialog.getByRole('button', { name: 'Accept quote' }).click();
  await expect(dialog.getByRole('status')).toBeVisible();
  await dialog.getByRole('button', { name: 'Done' }).click();
  await expect(dialog).toBeHidden();

  // The triage loop: once the list shows the decision (after the undo window), the next quote
  // is in the pane, and the keyboard is not left on <body>.
  await expect(heading).toBeHidden({ timeout: 20_000 });
  await expect(pane.getByRole('heading', { level: 2 })).toBeVisible();
  await expect(page.locator('body')).not.toBeFocused();
  // The decided quote, shown again: its heading is read out by its name.
  await quoteRow(NAMES.pane).click();
  await expect(heading).toBeVisible();
  // Only the status moved: said as a status change, not as a revision of the quote.
  const change = pane.getByRole('region', { name: /^Status changed: Awaiting your decision → (Accepted|Project started)$/ });
  await expect(change).toContainText(/As seen .+ → Now/);
  await expect(change).not.toContainText(/revision/i);
  await expect(pane).not.toContainText('What changed');
  // The one revision number is the service's own, in its summary.
  await expect(pane.getByRole('region', { name: 'At a glance' })).toContainText(`Revision ${quotes.pane.revision}`);
  const receipts = pane.getByRole('region', { name: 'Decisions made from this computer' });
  await expect(receipts).toContainText(`${quotes.pane.quoteNumber!}, as seen`);
  await expectAccessible(page, 'pane-after-decision-light', testInfo.outputPath('pane-after-decision-light.png'), { fullPage: false });

  // The keyboard goes on without a click: j shows another quote in the pane.
  await page.keyboard.press('j');
  await expect(heading).toBeHidden();
  await expect(pane.getByRole('heading', { level: 2 })).toBeVisible();
});

test('the views and both confirmations pass axe in dark', async ({ browser }, testInfo) => {
  const dark = await newPage(browser, 'dark');
  try {
    await dark.goto(host!.url);
    await dark.getByRole('row').filter({ hasText: NAMES.revised }).dblclick();
    await expect(dark.getByRole('region', { name: /What changed since/ })).toBeVisible();
    await expectAccessible(dark, 'quote-detail-diff-dark', testInfo.outputPath('quote-detail-diff-dark.png'));
    await dark.getByRole('button', { name: 'Accept…' }).click();
    await expectAccessible(dark, 'accept-confirmation-dark', testInfo.outputPath('accept-confirmation-dark.png'));
    await dark.getByRole('dialog').getByRole('button', { name: 'Cancel' }).click();
    await dark.getByRole('button', { name: 'Decline…' }).click();
    await expectAccessible(dark, 'decline-confirmation-dark', testInfo.outputPath('decline-confirmation-dark.png'));
  } finally {
    await dark.close();
  }
});

test('a PDF opened once is opened again, and saved where the person picks, after the service stopped', async () => {
  await quoteRow(NAMES.revised).dblclick();
  const firstDownload = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Open PDF' }).click();
  const first = await firstDownload;
  expect((await readFile((await first.path())!)).subarray(0, 5).toString()).toBe('%PDF-');
  await expect(page.getByText('Available offline')).toBeVisible();

  // The service handed out the PDF link once for this quote; then it is gone.
  const pdfRequests = (await operatorGet<{ requests: { path: string }[] }>('/requests')).requests.filter((entry) => entry.path.endsWith(`/quotes/${quotes.revised.id}/pdf`));
  expect(pdfRequests).toHaveLength(1);
  await simulator!.stop();
  await expect(fetch(`${simulator!.credentials.baseUrl}/api/public/v1/quotes`)).rejects.toThrow();

  const secondDownload = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Open PDF' }).click();
  const second = await secondDownload;
  expect(second.suggestedFilename()).toMatch(/\.pdf$/);
  expect(await readFile((await second.path())!)).toEqual(await readFile((await first.path())!));

  // Save as… asks where with the browser's save picker (stubbed: headless Chromium shows no
  // dialog) and writes the same PDF into the picked file, with no download on the side.
  await page.evaluate(() => {
    const saved: SavedPdf = { options: null, bytes: [], closed: false };
    Object.assign(globalThis, {
      savedPdf: saved,
      showSaveFilePicker: async (options: unknown) => {
        saved.options = options;
        return {
          createWritable: async () => ({
            write: async (data: ArrayBuffer) => void (saved.bytes = saved.bytes.concat(Array.from(new Uint8Array(data)))),
            close: async () => void (saved.closed = true),
            abort: async () => undefined,
          }),
        };
      },
    });
  });
  let downloads = 0;
  const countDownload = () => downloads++;
  page.on('download', countDownload);
  await page.getByRole('button', { name: 'Save as…' }).click();
  await page.waitForFunction(() => (globalThis as unknown as { savedPdf: SavedPdf }).savedPdf.closed);
  const saved = await page.evaluate(() => (globalThis as unknown as { savedPdf: SavedPdf }).savedPdf);
  page.off('download', countDownload);
  // The name the core gives the download, suggested before the core is asked.
  expect(first.suggestedFilename()).toContain(quotes.revised.quoteNumber!);
  expect(saved.options).toEqual({ suggestedName: first.suggestedFilename(), types: [{ description: 'PDF document', accept: { 'application/pdf': ['.pdf'] } }] });
  expect(Buffer.from(saved.bytes).subarray(0, 5).toString()).toBe('%PDF-');
  expect(Buffer.from(saved.bytes)).toEqual(await readFile((await first.path())!));
  expect(downloads).toBe(0);
  await expect(page.getByRole('region', { name: 'Quote PDF' }).getByRole('alert')).toHaveCount(0);
});

/** What the stubbed save picker was asked and what was written into the picked file. */
interface SavedPdf {
  options: unknown;
  bytes: number[];
  closed: boolean;
}

async function newPage(browser: Browser, scheme: 'light' | 'dark'): Promise<Page> {
  const context = await browser.newContext({ viewport: { width: 1280, height: 900 }, colorScheme: scheme, acceptDownloads: true });
  const created = await context.newPage();
  created.on('pageerror', (error) => pageErrors.push(error.message));
  return created;
}

function quoteRow(name: string): Locator {
  return page.getByRole('table', { name: 'Quotes' }).getByRole('row').filter({ hasText: name });
}

/** Moves the row focus with `j` (then `k`) until it is on the quote named `name`. */
async function focusRow(name: string): Promise<void> {
  await expect(quoteRow(name)).toBeVisible();
  const focused = page.locator('[role="row"]:focus');
  const focusedOnIt = async () => (await focused.count()) > 0 && ((await focused.textContent()) ?? '').includes(name);
  if (await focusedOnIt()) return;
  for (const key of ['j', 'k']) {
    for (let step = 0; step < 30; step++) {
      await page.keyboard.press(key);
      if (await focusedOnIt()) return;
    }
  }
  throw new Error(`The keyboard never reached the row of ${name}`);
}

async function operatorGet<T>(path: string): Promise<T> {
  const response = await fetch(`${simulator!.credentials.baseUrl}/__operator${path}`, { headers: { 'Api-key': simulator!.credentials.adminApiKey } });
  if (!response.ok) throw new Error(`Operator GET ${path} failed with HTTP ${response.status}`);
  const body = (await response.json()) as { data?: T };
  // Most operator answers wrap their value in `data`; the request log is sent as it is.
  return body.data ?? (body as T);
}

function operatorQuote(id: string): Promise<OperatorQuote> {
  return operatorGet<OperatorQuote>(`/quotes/${id}`);
}

/** No serious or critical axe violation; the screenshot is kept either way. */

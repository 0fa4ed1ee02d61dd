// Issue 27's outbox end to end in browser mode, against a separately started Quoting Service
// (its fault injection makes it fail on demand): a decision made while the service fails is
// shown as waiting, survives a restart of the web host on the same data folder, and reaches
// the service exactly once when it answers again, which Activity then says; and a waiting
// decision on a quote revised meanwhile is held and asked again in words, sending nothing.
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, test } from '@playwright/test';
import { expectAccessible } from './axe';
import type { Page } from '@playwright/test';
import { startSimulatorProcess } from './simulator-process';
import type { SimulatorProcess } from './simulator-process';
import { startWebHostProcess } from './web-host-process';
import type { WebHostProcess } from './web-host-process';

test.describe.configure({ mode: 'serial' });

const WAITING = 'Will be sent when Quotedesk can reach the service';
const ACCOUNT = 'Outbox client';

let sim: SimulatorProcess | undefined;
let host: WebHostProcess | undefined;
let dataDir: string | undefined;

interface LoggedRequest {
  method: string;
  path: string;
  status: number | null;
}

test.beforeAll(async () => {
  test.setTimeout(120_000);
  sim = await startSimulatorProcess();
  dataDir = await mkdtemp(join(tmpdir(), 'quotedesk-e2e-outbox-'));
});

test.afterAll(async () => {
  await host?.stop();
  await sim?.stop();
  if (dataDir) await rm(dataDir, { recursive: true, force: true });
});

/** The service's operator side with the admin key: GET, or DELETE (no body in either). */
async function operatorCall<T>(method: 'GET' | 'DELETE', path: string): Promise<T> {
  const { baseUrl, adminApiKey } = sim!.credentials;
  const response = await fetch(`${baseUrl}/__operator${path}`, { method, headers: { 'Api-key': adminApiKey } });
  if (!response.ok) throw new Error(`Operator ${method} ${path} failed with HTTP ${response.status}`);
  if (response.status === 204) return undefined as T;
  const body = (await response.json()) as { data?: T };
  return body.data ?? (body as T);
}

/** The accepts of this quote the service answered 2xx: what it applied. */
async function appliedAccepts(quoteId: string): Promise<LoggedRequest[]> {
  const { requests } = await operatorCall<{ requests: LoggedRequest[] }>('GET', '/requests');
  return requests.filter((entry) => entry.method === 'POST' && entry.path.endsWith(`/quotes/${quoteId}/accept`) && entry.status !== null && entry.status < 300);
}

async function issueQuote(projectName: string): Promise<{ id: string; quoteNumber: string }> {
  const company = sim!.credentials.companies[0]!;
  const created = (await sim!.operator('/quotes', { companyId: company.id, projectName })) as { id: string };
  return (await sim!.operator(`/quotes/${created.id}/issue`)) as { id: string; quoteNumber: string };
}

/** The service answers every decision with a 503 until the faults are removed. */
const failDecisions = () => sim!.operator('/faults', { kind: 'error', status: 503, match: { method: 'POST', pathPrefix: '/api/public/v1/quotes' } });
const recover = () => operatorCall('DELETE', '/faults');

async function addClientAccount(page: Page): Promise<void> {
  await page.getByRole('navigation', { name: 'Accounts' }).getByRole('button', { name: 'Add account' }).last().click();
  const dialog = page.getByRole('dialog', { name: 'Add account' });
  await dialog.getByLabel('Name', { exact: true }).fill(ACCOUNT);
  await dialog.getByRole('radio', { name: 'Custom' }).check();
  await dialog.getByLabel('Base URL').fill(sim!.credentials.baseUrl);
  await dialog.getByRole('radio', { name: 'Client key' }).check();
  await dialog.getByRole('radio', { name: 'API key' }).check();
  await dialog.getByLabel('API key', { exact: true }).and(dialog.locator('input:not([type="radio"])')).fill(sim!.credentials.companies[0]!.apiKey);
  await dialog.getByRole('button', { name: 'Save', exact: true }).click();
  await expect(dialog).toBeHidden();
}

/** Accepts the one quote the search finds, from the reading pane; the service fails, so it waits in the outbox. */
async function accept(page: Page, projectName: string): Promise<void> {
  const inbox = page.getByRole('navigation', { name: 'Accounts' }).getByRole('button', { name: new RegExp(ACCOUNT) }).first();
  await inbox.click();
  await page.keyboard.press('/');
  await page.keyboard.press('Control+a');
  await page.keyboard.type(projectName);
  await expect(page.getByTestId('quote-count')).toHaveText('1 quote', { timeout: 60_000 });
  await page.getByRole('table', { name: 'Quotes' }).getByRole('row').filter({ hasText: projectName }).click();
  const pane = page.getByRole('region', { name: 'Selected quote' });
  await expect(pane.getByRole('heading', { level: 2, name: projectName })).toBeVisible();
  await pane.getByRole('button', { name: 'Accept…' }).click();
  const dialog = page.getByRole('dialog', { name: 'Accept this quote?' });
  await dialog.getByRole('button', { name: 'Accept quote' }).click();
  // The client's retries of the 503 end in the outbox: the dialog says so, and the sidebar counts it.
  await expect(dialog.getByRole('alert')).toContainText(new RegExp(`Not sent yet\\s*${WAITING}`), { timeout: 60_000 });
  await expect(page.getByRole('button', { name: /^Activity\s*1\s*decision waiting to be sent/ })).toBeVisible();
  await dialog.getByRole('button', { name: 'Done' }).click();
  await expect(dialog).toBeHidden();
}

async function openActivity(page: Page) {
  await page.getByRole('button', { name: /^Activity/ }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Activity' })).toBeVisible();
}

test('a decision made while the service fails waits, survives a restart of the host, reaches the service once, and is reported until dismissed', async ({ browser }, testInfo) => {
  test.setTimeout(240_000);
  const quote = await issueQuote('Outbox across a restart');
  host = await startWebHostProcess([], { dataDir, undoSeconds: 0 });
  const context = await browser.newContext({ viewport: { width: 1280, height: 860 } });
  const page = await context.newPage();
  await page.goto(host.url);
  await addClientAccount(page);

  await failDecisions();
  await accept(page, 'Outbox across a restart');
  await openActivity(page);
  const waiting = page.getByRole('region', { name: 'Decisions waiting to be sent (1)' });
  await expect(waiting).toContainText(`Accept ${quote.quoteNumber} (${ACCOUNT})`);
  await expect(waiting).toContainText(WAITING);

  // The host stops (as a quit does) with the decision waiting, and starts again on the same data folder.
  expect(await host.stop()).toBe(0);
  host = await startWebHostProcess([], { dataDir, undoSeconds: 0 });
  await page.goto(host.url);
  await openActivity(page);
  await expect(page.getByRole('region', { name: 'Decisions waiting to be sent (1)' })).toContainText(WAITING);
  expect(await appliedAccepts(quote.id)).toEqual([]);

  await recover();
  const reports = page.getByRole('region', { name: 'Decisions left waiting when Quotedesk closed' });
  const said = `Your acceptance of ${quote.quoteNumber} was sent once the service could be reached again.`;
  await expect(reports).toContainText(said, { timeout: 30_000 });
  await expect(page.getByRole('region', { name: /Decisions waiting to be sent/ })).toHaveCount(0);
  // Exactly once, and not again at the next retries.
  expect(await appliedAccepts(quote.id)).toHaveLength(1);
  await page.waitForTimeout(4_500);
  expect(await appliedAccepts(quote.id)).toHaveLength(1);
  for (const scheme of ['light', 'dark'] as const) {
    await page.emulateMedia({ colorScheme: scheme });
    await expectAccessible(page, `activity-start-report-${scheme}`, testInfo.outputPath(`activity-start-report-${scheme}.png`), { fullPage: false });
  }
  await page.emulateMedia({ colorScheme: 'light' });

  // Kept across a restart until dismissed, by keyboard; then gone for good, and nothing sent again.
  expect(await host.stop()).toBe(0);
  host = await startWebHostProcess([], { dataDir, undoSeconds: 0 });
  await page.goto(host.url);
  await openActivity(page);
  const dismiss = page.getByRole('region', { name: 'Decisions left waiting when Quotedesk closed' }).getByRole('button', { name: `Dismiss: ${said}` });
  await dismiss.focus();
  await page.keyboard.press('Enter');
  await expect(page.getByRole('region', { name: 'Decisions left waiting when Quotedesk closed' })).toHaveCount(0);
  await expect(page.getByRole('heading', { level: 1, name: 'Activity' })).toBeFocused();
  expect(await appliedAccepts(quote.id)).toHaveLength(1);
  await context.close();
});

test('a waiting decision on a quote revised meanwhile is held and asked again in words, and nothing is sent', async ({ browser }) => {
  test.setTimeout(240_000);
  const quote = await issueQuote('Outbox on a revised quote');
  const context = await browser.newContext({ viewport: { width: 1280, height: 860 } });
  const page = await context.newPage();
  if (host) {
    await page.goto(host.url);
    // The quote reaches the inbox by the next sync.
    await page.getByRole('button', { name: 'Sync now' }).click();
  } else {
    // Run alone: a host of its own, and the account.
    host = await startWebHostProcess([], { dataDir, undoSeconds: 0 });
    await page.goto(host.url);
    await addClientAccount(page);
  }

  await failDecisions();
  await accept(page, 'Outbox on a revised quote');
  await sim!.operator(`/quotes/${quote.id}/revise`);
  await recover();

  await openActivity(page);
  const held = page.getByRole('region', { name: /Decisions waiting to be sent/ }).getByRole('listitem').filter({ hasText: quote.quoteNumber });
  await expect(held).toContainText('Not sent: decide again', { timeout: 30_000 });
  await expect(held).toContainText('The quote changed since you opened it, so nothing was sent. Review the new version, then decide again.');
  await expect(held.getByRole('button', { name: `Dismiss: Accept ${quote.quoteNumber} (${ACCOUNT})` })).toBeVisible();
  await page.waitForTimeout(4_500);
  expect(await appliedAccepts(quote.id)).toEqual([]);
  await context.close();
});

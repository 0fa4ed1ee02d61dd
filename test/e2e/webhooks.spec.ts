// Webhooks end to end in browser mode on the demo: an operator action on the embedded
// Quoting Service is delivered over the loopback HTTPS tunnel to the real receiver, shows
// in the Activity view as verified and new, and updates the inbox without a reload. axe
// checks the activity view and the Live updates settings in light and dark.
import { mkdtemp, readFile, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import AxeBuilder from '@axe-core/playwright';
import { expect, test } from '@playwright/test';
import type { Page } from '@playwright/test';
import { startWebHostProcess } from './web-host-process';
import type { WebHostProcess } from './web-host-process';

test.describe.configure({ mode: 'serial' });

interface DemoCredentials {
  baseUrl: string;
  adminApiKey: string;
  companies: { id: string; name: string }[];
}

interface OperatorQuote {
  id: string;
  quoteNumber: string | null;
  status: string;
}

let host: WebHostProcess;
let folder: string;
let credentials: DemoCredentials;

test.beforeAll(async () => {
  folder = await mkdtemp(join(tmpdir(), 'quotedesk-e2e-webhooks-'));
  const file = join(folder, 'demo-credentials.json');
  host = await startWebHostProcess(['--demo-credentials-out', file]);
  // The admin key is a secret: the file is the owner's alone.
  expect((await stat(file)).mode & 0o777).toBe(0o600);
  credentials = JSON.parse(await readFile(file, 'utf8')) as DemoCredentials;
});

test.afterAll(async () => {
  expect(await host.stop()).toBe(0);
  await rm(folder, { recursive: true, force: true });
});

async function operator<T>(method: 'GET' | 'POST', path: string): Promise<T> {
  const response = await fetch(`${credentials.baseUrl}/__operator${path}`, {
    method,
    headers: { 'Api-key': credentials.adminApiKey, 'content-type': 'application/json' },
  });
  if (!response.ok) throw new Error(`Operator ${method} ${path} failed with HTTP ${response.status}: ${await response.text()}`);
  return ((await response.json()) as { data: T }).data;
}

function accountsNav(page: Page) {
  return page.getByRole('navigation', { name: 'Accounts' });
}

async function axeViolations(page: Page, selector: string): Promise<string[]> {
  const results = await new AxeBuilder({ page }).include(selector).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']).analyze();
  return results.violations.map((violation) => `${violation.id}: ${violation.nodes.map((node) => node.target.join(' ')).join('; ')}`);
}

/** How far the page or the section is wider than what shows (0 or less: nothing cut or scrolled). */
function sidewaysOverflow(page: Page, selector: string): Promise<number> {
  return page.locator(selector).evaluate((section) => {
    const root = section.ownerDocument.documentElement;
    return Math.max(root.scrollWidth - root.clientWidth, section.scrollWidth - section.clientWidth);
  });
}

/** The first demo company and one of its numbered quotes awaiting the client's decision. */
async function sentQuoteOfFirstCompany() {
  const company = credentials.companies[0]!;
  const sent = await operator<OperatorQuote[]>('GET', `/quotes?companyId=${company.id}&status=SENT`);
  const quote = sent.find((candidate) => candidate.quoteNumber !== null);
  if (!quote?.quoteNumber) throw new Error(`The demo seed has no numbered SENT quote for ${company.name}`);
  return { company, quote: { ...quote, quoteNumber: quote.quoteNumber } };
}

test('an operator action arrives as a verified, new webhook: the activity lists it and the inbox updates without a reload', async ({ page }) => {
  const problems: string[] = [];
  page.on('pageerror', (error) => problems.push(error.message));
  const { company, quote } = await sentQuoteOfFirstCompany();

  await page.goto(host.url);
  await accountsNav(page).getByRole('button', { name: company.name }).first().click();
  await page.getByLabel('Search quotes').fill(quote.quoteNumber);
  const table = page.getByRole('table', { name: 'Quotes' });
  const row = table.getByRole('row').filter({ hasText: quote.quoteNumber });
  await expect(row).toHaveCount(1);
  const before = await row.innerText();

  // The demo account registered by itself: Settings says so.
  await accountsNav(page).getByRole('button', { name: /^Settings$/ }).click();
  const settings = page.locator('[data-webhook-settings]');
  await expect(settings.locator(`[data-webhook-account]`).filter({ hasText: company.name }).locator('[data-registration-state]')).toHaveText(/^Registered:/);
  await accountsNav(page).getByRole('button', { name: /^Settings$/ }).click();
  await expect(row).toHaveCount(1);

  await operator('POST', `/quotes/${quote.id}/revise`);

  // The revision (a new price, status REVISED) reaches the row through the webhook, with no reload.
  await expect.poll(() => row.innerText(), { timeout: 15_000 }).not.toBe(before);

  await accountsNav(page).getByRole('button', { name: 'Activity' }).click();
  const activity = page.locator('[data-webhook-activity]');
  await activity.getByLabel('Account').selectOption({ label: company.name });
  await activity.getByLabel('Event type').selectOption('quote.status_changed');
  const entries = page.getByRole('list', { name: 'Activity' }).getByRole('listitem');
  const entry = entries.filter({ hasText: 'quote.status_changed' }).first();
  await expect(entry).toContainText('Signature verified');
  await expect(entry).toContainText('New');
  await expect(entry).toContainText('Delivered by webhook');
  await expect(entry).toContainText(company.name);
  // What it did, in plain words (the stored "caused" string is behind the disclosure).
  await expect(entry).toContainText(/moved to|inbox updated|already up to date/);
  const toggle = entry.locator('button[aria-expanded]');
  await expect(toggle).toHaveAccessibleName(new RegExp(`^quote\\.status_changed, ${company.name}`));
  await toggle.press('Enter');
  await expect(toggle).toHaveAttribute('aria-expanded', 'true');
  await expect(entry.locator('[data-activity-body]')).toContainText(quote.id);
  await expect(entry).toContainText('x-webhook-signature: (verified)');

  await entry.getByRole('button', { name: /^Replay/ }).click();
  await expect(page.locator('[data-activity-announcement]')).toContainText(/Replayed: (Quote|A quote)/);
  expect(problems).toEqual([]);
});

test('without a registration a change is found by sync and marked so; the delivery-path check then finds the public address reaching the receiver', async ({ page }) => {
  const problems: string[] = [];
  page.on('pageerror', (error) => problems.push(error.message));
  const { company, quote } = await sentQuoteOfFirstCompany();

  await page.goto(host.url);
  await expect(page.getByRole('table', { name: 'Quotes' })).toBeVisible();
  await accountsNav(page).getByRole('button', { name: /^Settings$/ }).click();
  const card = page.locator('[data-webhook-settings] [data-webhook-account]').filter({ hasText: company.name });
  await card.getByRole('button', { name: `Unregister ${company.name}`, exact: true }).click();
  await expect(card.locator('[data-registration-state]')).toHaveText(/^Not registered:/);

  // Nothing is delivered for this account now: the change waits for sync.
  await operator('POST', `/quotes/${quote.id}/cancel`);
  await accountsNav(page).getByRole('button', { name: /^Settings$/ }).click();
  await page.getByRole('button', { name: 'Sync now' }).click();

  await accountsNav(page).getByRole('button', { name: 'Activity' }).click();
  const activity = page.locator('[data-webhook-activity]');
  await activity.getByLabel('Account').selectOption({ label: company.name });
  const found = page.getByRole('list', { name: 'Activity' }).getByRole('listitem').filter({ hasText: quote.quoteNumber });
  await expect(found.first()).toContainText('Found by sync', { timeout: 15_000 });
  await expect(found.first()).toContainText('CANCELLED');
  await expect(found.first()).not.toContainText('Delivered by webhook');

  // Registered again, the check reads the registration back and probes the public address; it sends no event.
  await accountsNav(page).getByRole('button', { name: /^Settings$/ }).click();
  await card.getByRole('button', { name: `Register ${company.name}`, exact: true }).click();
  await expect(card.locator('[data-registration-state]')).toHaveText(/^Registered:/);
  await card.getByRole('button', { name: `Check delivery path of ${company.name}` }).click();
  const check = card.locator('[data-webhook-check]');
  await expect(check).toContainText('it points at this computer');
  await expect(check).toContainText('reached the receiver on this computer');
  await expect(check).toContainText('No test event was sent');
  expect(problems).toEqual([]);
});

for (const scheme of ['light', 'dark'] as const) {
  test(`the activity view and the Live updates settings pass axe and fit 800 px: ${scheme}`, async ({ browser }) => {
    // The smallest supported window: long URLs and raw bodies must wrap, not widen the page.
    const context = await browser.newContext({ viewport: { width: 800, height: 700 }, colorScheme: scheme });
    const page = await context.newPage();
    await page.goto(host.url);
    await expect(page.getByRole('table', { name: 'Quotes' })).toBeVisible();

    await accountsNav(page).getByRole('button', { name: 'Activity' }).click();
    // Deliveries and what sync found, side by side: a delivery opened to its headers and body.
    const delivery = page.getByRole('list', { name: 'Activity' }).locator('[data-activity-source="webhook"]').first();
    await expect(delivery).toBeVisible();
    await expect(page.locator('[data-activity-source="sync"]').first()).toBeVisible();
    await delivery.getByRole('button', { expanded: false }).first().click();
    await expect(delivery.locator('pre').first()).toBeVisible();
    expect(await axeViolations(page, '[data-webhook-activity]')).toEqual([]);
    expect(await sidewaysOverflow(page, '[data-webhook-activity]')).toBeLessThanOrEqual(0);
    await page.screenshot({ path: test.info().outputPath(`activity-${scheme}.png`), fullPage: true });

    await accountsNav(page).getByRole('button', { name: /^Settings$/ }).click();
    const settings = page.locator('[data-webhook-settings]');
    await settings.scrollIntoViewIfNeeded();
    await expect(settings.locator('[data-registration-state]').first()).toBeVisible();
    const firstCard = settings.locator('[data-webhook-account]').first();
    await firstCard.getByRole('button', { name: /^Check delivery path/ }).click();
    await expect(firstCard.locator('[data-webhook-check]')).toBeVisible();
    expect(await axeViolations(page, '[data-webhook-settings]')).toEqual([]);
    expect(await sidewaysOverflow(page, '[data-webhook-settings]')).toBeLessThanOrEqual(0);
    await page.screenshot({ path: test.info().outputPath(`webhook-settings-${scheme}.png`), fullPage: true });
    await context.close();
  });
}

test('removing an account deletes its webhook registration at the service first, and says so', async ({ page }) => {
  const company = credentials.companies[0]!;
  await page.goto(host.url);
  await expect(page.getByRole('table', { name: 'Quotes' })).toBeVisible();
  await page.getByRole('button', { name: `Actions for ${company.name}` }).click();
  await page.getByRole('menu', { name: `Actions for ${company.name}` }).getByRole('menuitem', { name: 'Remove account' }).click();
  await page.getByRole('alertdialog').getByRole('button', { name: 'Remove account' }).click();
  await expect(page.getByText(`Removed ${company.name}`)).toBeVisible();
  await expect(page.getByText(`${company.name}: Its webhook registration was deleted at the service.`)).toBeVisible();
});

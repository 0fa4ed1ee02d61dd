// Issue 11 end to end in browser mode, in demo mode: an operator action on the demo's own
// service (its admin key comes from the host's test-only --demo-credentials-out) reaches
// the app by webhook over the loopback HTTPS tunnel and by sync; it must show as exactly one
// toast whose Open opens the quote, and move the unread badge and the title; read through
// one account, a quote is read in the other account on the same service too. Muted, or in
// quiet hours, the same kind of action shows nothing while the badge still moves. axe runs
// on Settings → Notifications in light and dark.
import { mkdtemp, readFile, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, test } from '@playwright/test';
import type { Browser, Locator, Page } from '@playwright/test';
import { startWebHostProcess } from './web-host-process';
import type { WebHostProcess } from './web-host-process';
import { expectAccessible } from './axe';

test.describe.configure({ mode: 'serial' });

const NAMES = { revised: 'E2E notify revised', muted: 'E2E notify muted', quiet: 'E2E notify quiet' } as const;
type Role = keyof typeof NAMES;
/** Long enough for the same change to arrive a second time by the other path (webhook, then the sync pass). */
const DUPLICATE_WINDOW_MS = 8_000;
/** The demo's account over the admin key: it sees every company's quotes, so the same changes. */
const INTERNAL_ACCOUNT = 'All companies (internal key)';

interface DemoService {
  baseUrl: string;
  adminApiKey: string;
}
interface OperatorQuote {
  id: string;
  quoteNumber: string | null;
  projectName: string;
}

let host: WebHostProcess | undefined;
let credentialsDir: string | undefined;
let service: DemoService;
let company: { id: string; name: string };
let page: Page;
const quotes = {} as Record<Role, OperatorQuote>;
const pageErrors: string[] = [];

test.beforeAll(async ({ browser }) => {
  test.setTimeout(180_000);
  credentialsDir = await mkdtemp(join(tmpdir(), 'quotedesk-e2e-notify-'));
  const file = join(credentialsDir, 'demo-service.json');
  host = await startWebHostProcess(['--demo-credentials-out', file]);
  expect((await stat(file)).mode & 0o777).toBe(0o600);
  service = JSON.parse(await readFile(file, 'utf8')) as DemoService;
  expect(Object.keys(service)).toEqual(expect.arrayContaining(['adminApiKey', 'baseUrl']));
  const companies = (await operatorGet<{ companies: { id: string; name: string }[] }>('/credentials')).companies;
  company = companies[0]!;

  page = await newPage(browser, 'light');
  await page.goto(host.url);
  await accountButton().click();
  await expect(page.getByRole('table', { name: 'Quotes' })).toBeVisible();
  // Quotes of the operator's, sent to the client: each awaits the client's decision.
  for (const role of Object.keys(NAMES) as Role[]) {
    const created = (await operator('/quotes', { companyId: company.id, projectName: NAMES[role] })) as OperatorQuote;
    quotes[role] = (await operator(`/quotes/${created.id}/issue`)) as OperatorQuote;
  }
  for (const role of Object.keys(NAMES) as Role[]) await expect(quoteRow(NAMES[role])).toBeVisible({ timeout: 30_000 });
  // The creations announce themselves too, a burst summed up when its grouping window (10 s)
  // closes; the tests start once that has happened.
  await waitForNoNewToasts();
  await dismissAllToasts();
});

test.afterAll(async () => {
  await page?.close();
  await host?.stop();
  if (credentialsDir) await rm(credentialsDir, { recursive: true, force: true });
  expect(pageErrors).toEqual([]);
});

test('a revision by the operator shows one toast whose Open opens the quote; reading it brings the counts down', async ({}, testInfo) => {
  test.setTimeout(60_000);
  // The person has read the quote (opening it marks it read); counts are compared with what
  // they were then, since the setup's other quotes are unread too.
  await readQuote(NAMES.revised);
  const totalBefore = unreadTotal(await page.title());
  const badgeBefore = await unreadBadge();
  await startCountingToasts();

  await operator(`/quotes/${quotes.revised.id}/revise`);
  const toast = toastAbout(quotes.revised);
  await expect(toast.first()).toBeVisible({ timeout: 20_000 });
  // The same change again by the other path: a sync pass of the account, asked for now.
  const syncNow = page.getByRole('button', { name: /^(Sync now|Syncing…)$/ });
  await syncNow.click();
  // Hovering keeps it on screen while a second delivery of the same change would arrive: by
  // sync, and for the demo's internal account, which sees the same quote.
  await toast.first().hover();
  await expect(syncNow).toHaveText(/Sync now/, { timeout: 20_000 });
  await page.waitForTimeout(DUPLICATE_WINDOW_MS);
  const seen = await countedToasts(quotes.revised);
  expect(seen).toHaveLength(1);
  await expect(toast).toHaveCount(1);
  await expect.poll(() => unreadBadge()).toBe(badgeBefore + 1);
  await expect.poll(async () => unreadTotal(await page.title())).toBeGreaterThan(totalBefore);
  // The body's lines (what changed; project, company and amount; the account) stay lines on screen.
  const lines = (await toast.locator('p').innerText()).split('\n');
  expect(lines).toEqual([expect.stringMatching(/→ Revised$/), expect.stringMatching(new RegExp(`^${NAMES.revised} · `)), expect.any(String)]);
  await page.screenshot({ path: testInfo.outputPath('revision-toast-light.png') });

  // The toast names the account whose view it opens.
  const opener = seen[0]!.includes(INTERNAL_ACCOUNT) ? INTERNAL_ACCOUNT : company.name;
  const other = opener === INTERNAL_ACCOUNT ? company.name : INTERNAL_ACCOUNT;
  const openerBefore = await unreadBadge(opener);
  const otherBefore = await unreadBadge(other);
  const totalAfter = unreadTotal(await page.title());
  await toast.getByRole('button', { name: 'Open' }).click();
  await expect(page.getByRole('heading', { name: NAMES.revised, level: 2 })).toBeVisible();
  await expect.poll(() => unreadBadge(opener)).toBe(openerBefore - 1);
  // Read there, it is read in the other account on the same service too, where its sync may or
  // may not have stored the revision yet (the next test makes sure it has).
  const otherDrop = otherBefore - (await unreadBadge(other));
  expect([0, 1]).toContain(otherDrop);
  // The title counts quotes, not rows: one quote read is one less, however many accounts showed it unread.
  await expect(page).toHaveTitle(totalAfter === 1 ? 'Quotedesk' : `(${totalAfter - 1}) Quotedesk`);
  await page.screenshot({ path: testInfo.outputPath('revision-opened-light.png') });
  await page.keyboard.press('Escape');
  if (opener !== company.name) await accountButton().click();
});

test('a quote read through one account is read in the other account on the same service too', async () => {
  test.setTimeout(60_000);
  await readQuote(NAMES.revised);
  const companyBefore = await unreadBadge(company.name);
  const internalBefore = await unreadBadge(INTERNAL_ACCOUNT);
  await operator(`/quotes/${quotes.revised.id}/revise`);
  // Both accounts store the revision (each by its own sync pass, asked for now): it is unread in both.
  for (const name of [company.name, INTERNAL_ACCOUNT]) {
    await showAccount(name);
    const syncNow = page.getByRole('button', { name: /^(Sync now|Syncing…)$/ });
    await syncNow.click();
    await expect(syncNow).toHaveText(/Sync now/, { timeout: 20_000 });
  }
  await expect.poll(() => unreadBadge(company.name), { timeout: 20_000 }).toBe(companyBefore + 1);
  await expect.poll(() => unreadBadge(INTERNAL_ACCOUNT), { timeout: 20_000 }).toBe(internalBefore + 1);
  await expect(quoteRow(NAMES.revised)).toContainText('Unread:');
  const totalBefore = unreadTotal(await page.title());

  await showAccount(company.name);
  await readQuote(NAMES.revised);
  await expect.poll(() => unreadBadge(company.name)).toBe(companyBefore);
  await expect.poll(() => unreadBadge(INTERNAL_ACCOUNT)).toBe(internalBefore);
  // Unread in both accounts, it was one quote in the title's count: one less now.
  await expect(page).toHaveTitle(totalBefore === 1 ? 'Quotedesk' : `(${totalBefore - 1}) Quotedesk`);
  await showAccount(INTERNAL_ACCOUNT);
  await expect(quoteRow(NAMES.revised)).toBeVisible();
  await expect(quoteRow(NAMES.revised)).not.toContainText('Unread:');
  await showAccount(company.name);
  await expect(page.getByRole('table', { name: 'Quotes' })).toBeVisible();
});

test('with "Mute all notifications" on, a cancellation shows no toast but the badge still moves', async ({}, testInfo) => {
  test.setTimeout(60_000);
  await openNotificationSettings();
  const mute = page.getByRole('switch', { name: 'Mute all notifications' });
  await mute.check();
  await expect(mute).toBeChecked();
  await page.screenshot({ path: testInfo.outputPath('settings-muted-light.png'), fullPage: true });
  await backToInbox();

  await expectQuietAction(quotes.muted, `/quotes/${quotes.muted.id}/cancel`);

  await openNotificationSettings();
  await mute.uncheck();
  await expect(mute).not.toBeChecked();
  await backToInbox();
});

test('in quiet hours covering now, a revision shows no toast but the badge still moves', async ({}, testInfo) => {
  test.setTimeout(60_000);
  await openNotificationSettings();
  const quietHours = page.getByRole('group', { name: 'Quiet hours' });
  await quietHours.getByRole('switch', { name: 'Stay quiet every day' }).check();
  // An hour either side of now, in the host's time zone (this machine's): it may span midnight.
  const now = new Date();
  await quietHours.getByLabel('From').fill(clockTime(new Date(now.getTime() - 3_600_000)));
  await quietHours.getByLabel('From').blur();
  await quietHours.getByLabel('To').fill(clockTime(new Date(now.getTime() + 3_600_000)));
  await quietHours.getByLabel('To').blur();
  await page.screenshot({ path: testInfo.outputPath('settings-quiet-hours-light.png'), fullPage: true });
  // Saved in main, not only on screen: a reload reads them back (and Mute is off again).
  await page.reload();
  await openNotificationSettings();
  await expect(page.getByRole('switch', { name: 'Mute all notifications' })).not.toBeChecked();
  await expect(quietHours.getByRole('switch', { name: 'Stay quiet every day' })).toBeChecked();
  await expect(quietHours.getByLabel('From')).toHaveValue(clockTime(new Date(now.getTime() - 3_600_000)));
  await expect(quietHours.getByLabel('To')).toHaveValue(clockTime(new Date(now.getTime() + 3_600_000)));
  await backToInbox();

  await expectQuietAction(quotes.quiet, `/quotes/${quotes.quiet.id}/revise`);
});

for (const scheme of ['light', 'dark'] as const) {
  test(`Settings → Notifications passes axe: ${scheme}`, async ({ browser }, testInfo) => {
    const themed = await newPage(browser, scheme);
    try {
      await themed.goto(host!.url);
      await themed.getByRole('button', { name: /^Settings$/ }).click();
      const settings = themed.getByRole('region', { name: 'Notifications', exact: true }).filter({ has: themed.getByRole('heading', { name: 'Notifications' }) });
      await expect(settings.getByRole('switch', { name: 'Mute all notifications' })).toBeVisible();
      await settings.scrollIntoViewIfNeeded();
      await expectAccessible(themed, `notification-settings-${scheme}`, testInfo.outputPath(`notification-settings-${scheme}.png`));
      await settings.screenshot({ path: testInfo.outputPath(`notification-settings-section-${scheme}.png`) });
    } finally {
      await themed.close();
    }
  });
}

/** The operator's action moves the badge by one and the title up, and no toast about the quote appears. */
async function expectQuietAction(quote: OperatorQuote, operatorPath: string): Promise<void> {
  await readQuote(quote.projectName);
  const before = await unreadBadge();
  const totalBefore = unreadTotal(await page.title());
  await startCountingToasts();
  await operator(operatorPath);
  await expect.poll(() => unreadBadge(), { timeout: 20_000 }).toBe(before + 1);
  await expect.poll(async () => unreadTotal(await page.title())).toBeGreaterThan(totalBefore);
  await page.waitForTimeout(DUPLICATE_WINDOW_MS);
  expect(await countedToasts(quote)).toEqual([]);
}

/** Opens the quote from the inbox and comes back: the person has read it (opening marks it read). */
async function readQuote(projectName: string): Promise<void> {
  await expect(page.getByRole('table', { name: 'Quotes' })).toHaveAttribute('aria-busy', 'false');
  await quoteRow(projectName).click();
  await expect(page.getByRole('heading', { name: projectName })).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(page.getByRole('table', { name: 'Quotes' })).toBeVisible();
  await page.waitForTimeout(500);
}

async function openNotificationSettings(): Promise<void> {
  const settingsButton = page.getByRole('button', { name: /^Settings$/ });
  if ((await settingsButton.getAttribute('aria-pressed')) !== 'true') await settingsButton.click();
  await expect(page.getByRole('heading', { name: 'Notifications', level: 2 })).toBeVisible();
  await expect(page.getByRole('switch', { name: 'Mute all notifications' })).toBeVisible();
}

async function backToInbox(): Promise<void> {
  await accountButton().click();
  await expect(page.getByRole('table', { name: 'Quotes' })).toBeVisible();
}

/**
 * Switches the inbox to an account and waits until its list is the one on screen: a row
 * clicked before that is a row of the previous list, and the click lands on whatever quote
 * the new list has drawn at the same place.
 */
async function showAccount(name: string): Promise<void> {
  await accountButton(name).click();
  await expect(page.getByRole('main').getByRole('heading', { level: 1, name })).toBeVisible();
  // The previous account's rows stay on screen, the table busy, until this account's arrive: a
  // click before then lands on whichever row the new list puts under the pointer.
  await expect(page.getByRole('table', { name: 'Quotes' })).toHaveAttribute('aria-busy', 'false');
}

function accountButton(name = company.name): Locator {
  // Its accessible name starts with the connection status; the row's menu button is another button.
  return page.getByRole('navigation', { name: 'Accounts' }).locator('button[data-account-id]').filter({ hasText: name });
}

/** The number on the account's unread badge in the sidebar (0 when there is none). */
async function unreadBadge(name = company.name): Promise<number> {
  const badge = accountButton(name).locator('[data-unread-badge] [aria-hidden="true"]');
  if ((await badge.count()) === 0) return 0;
  return Number(await badge.textContent());
}

function unreadTotal(title: string): number {
  return Number(/^\((\d+)\) /.exec(title)?.[1] ?? 0);
}

function quoteRow(name: string): Locator {
  return page.getByRole('table', { name: 'Quotes' }).getByRole('row').filter({ hasText: name });
}

function toastAbout(quote: OperatorQuote): Locator {
  return page.getByRole('region', { name: 'Notifications' }).locator('.toast').filter({ hasText: quote.quoteNumber ?? quote.projectName });
}

/** Records the text of every toast that appears from now on, also those gone again by the time we look. */
async function startCountingToasts(): Promise<void> {
  // A script string: the spec is type-checked without the DOM library.
  await page.evaluate(`(() => {
    window.toastObserver?.disconnect();
    const seen = (window.seenToasts = []);
    window.toastObserver = new MutationObserver((records) => {
      for (const record of records) {
        for (const node of record.addedNodes) if (node instanceof HTMLElement && node.classList.contains('toast')) seen.push(node.innerText);
      }
    });
    window.toastObserver.observe(document.body, { childList: true, subtree: true });
  })()`);
}

async function countedToasts(quote: OperatorQuote): Promise<string[]> {
  const seen = (await page.evaluate('window.seenToasts')) as string[];
  return seen.filter((text) => text.includes(quote.quoteNumber ?? quote.projectName));
}

/** Until a whole grouping window (10 s) passes without a new toast: a burst's summary comes when its window closes. */
async function waitForNoNewToasts(): Promise<void> {
  for (let round = 0; round < 6; round++) {
    await startCountingToasts();
    await page.waitForTimeout(11_000);
    if (((await page.evaluate('window.seenToasts.length')) as number) === 0) return;
  }
  throw new Error('Toasts kept coming for a minute after the quotes were created');
}

async function dismissAllToasts(): Promise<void> {
  const dismiss = page.getByRole('region', { name: 'Notifications' }).getByRole('button', { name: 'Dismiss' });
  while ((await dismiss.count()) > 0) await dismiss.first().click();
}

async function operator(path: string, body?: unknown): Promise<unknown> {
  const response = await fetch(`${service.baseUrl}/__operator${path}`, {
    method: 'POST',
    headers: { 'Api-key': service.adminApiKey, 'Content-Type': 'application/json' },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  if (!response.ok) throw new Error(`Operator POST ${path} failed with HTTP ${response.status}: ${await response.text()}`);
  return ((await response.json()) as { data: unknown }).data;
}

async function operatorGet<T>(path: string): Promise<T> {
  const response = await fetch(`${service.baseUrl}/__operator${path}`, { headers: { 'Api-key': service.adminApiKey } });
  if (!response.ok) throw new Error(`Operator GET ${path} failed with HTTP ${response.status}`);
  const body = (await response.json()) as { data?: T };
  return body.data ?? (body as T);
}

async function newPage(browser: Browser, scheme: 'light' | 'dark'): Promise<Page> {
  const context = await browser.newContext({ viewport: { width: 1280, height: 900 }, colorScheme: scheme });
  const created = await context.newPage();
  created.on('pageerror', (error) => pageErrors.push(error.message));
  return created;
}

function clockTime(at: Date): string {
  return `${String(at.getHours()).padStart(2, '0')}:${String(at.getMinutes()).padStart(2, '0')}`;
}

/** No serious or critical axe violation; the screenshot is kept either way. */

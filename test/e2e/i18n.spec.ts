// The demo in the pseudo-locale en-XA: every view checked shows no English outside ⟦…⟧ (so each
// string comes from the catalogue and user data is marked translate="no"). Labels the 35 %
// longer text clips are printed (they will clip in German) but do not fail the spec yet.
import { expect, test } from '@playwright/test';
import type { Page } from '@playwright/test';
import { pseudoText } from '../../i18n/pseudo';
import { findClipped, findEnglish } from '../helpers/pseudo-scan';
import { startWebHostProcess } from './web-host-process';
import type { WebHostProcess } from './web-host-process';

test.describe.configure({ mode: 'serial' });

let host: WebHostProcess | undefined;
const forcedLanguage = process.env.QUOTEDESK_LANG;

test.beforeAll(async () => {
  process.env.QUOTEDESK_LANG = 'en-XA';
  try {
    host = await startWebHostProcess();
  } finally {
    if (forcedLanguage === undefined) delete process.env.QUOTEDESK_LANG;
    else process.env.QUOTEDESK_LANG = forcedLanguage;
  }
});

test.afterAll(async () => {
  expect(await host?.stop()).toBe(0);
});

/** The accessible name an English label has in en-XA (a substring of it: no brackets or padding). */
const xa = (english: string) => pseudoText(english).replace(/^⟦/, '').replace(/ ~+⟧$/, '');

/**
 * Views still showing English, scanned and printed but not failing yet (what is left in each):
 * - inbox, reading pane, dialogs, palette, full quote view: dates and relative times formatted
 *   by Intl for en-XA fall back to English ("in 29 days", "Nov 27, 2026", "54 minutes"), and
 *   the demo's contact data (names, roles "Project Manager", "Europe/Dublin", language names
 *   "Italian (Italy)", "RFQ-2026-0120") is not under translate="no";
 * - settings: the credentials sentence "Credentials are stored in …, protected only by file
 *   permissions …" and the host's URLs and the NATS placeholder (tls://nats.example.com:4222).
 */
const NOT_CLEAN_YET = new Set(['inbox', 'reading pane', 'accept dialog', 'decline dialog', 'command palette', 'full quote view', 'settings']);

const quoteRows = (page: Page) => page.getByRole('row').filter({ hasText: /Q-\d{4}-\d{4}/ });

test('Activity, Insights and Snoozed show the pseudo-locale, no English (the other views printed)', async ({ browser }) => {
  test.setTimeout(120_000);
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  const page = await context.newPage();
  await page.goto(host!.url);
  await expect(quoteRows(page).first()).toBeVisible();

  const english: Record<string, string[]> = {};
  const clipped: Record<string, string[]> = {};
  const scan = async (view: string) => {
    const tokens = await findEnglish(page);
    if (tokens.length > 0) english[view] = tokens.map(({ token, context: around }) => `${token}  (${around})`);
    const cut = await findClipped(page);
    if (cut.length > 0) clipped[view] = cut.map(({ text, scrollWidth, clientWidth }) => `${text} (${scrollWidth} > ${clientWidth} px)`);
  };

  await scan('inbox');

  await quoteRows(page).first().click();
  await expect(page.getByRole('button', { name: xa('Accept') }).first()).toBeVisible();
  await scan('reading pane');

  await page.keyboard.press('a');
  await expect(page.getByRole('dialog')).toBeVisible();
  await scan('accept dialog');
  await page.keyboard.press('Escape');
  await expect(page.getByRole('dialog')).toHaveCount(0);

  await page.keyboard.press('d');
  await expect(page.getByRole('dialog')).toBeVisible();
  await scan('decline dialog');
  await page.keyboard.press('Escape');
  await expect(page.getByRole('dialog')).toHaveCount(0);

  await page.keyboard.press('Control+k');
  await expect(page.getByRole('dialog')).toBeVisible();
  await scan('command palette');
  await page.keyboard.press('Escape');
  await expect(page.getByRole('dialog')).toHaveCount(0);

  await quoteRows(page).first().dblclick();
  await expect(page.getByRole('heading', { level: 2 }).first()).toBeVisible();
  await scan('full quote view');
  await page.getByRole('button', { name: xa('Inbox') }).first().click();
  await expect(quoteRows(page).first()).toBeVisible();

  await page.getByRole('button', { name: xa('Settings') }).first().click();
  await expect(page.getByRole('heading', { name: xa('Settings') }).first()).toBeVisible();
  await scan('settings');

  await page.getByRole('button', { name: xa('Activity') }).first().click();
  await expect(page.getByRole('heading', { name: xa('Activity') }).first()).toBeVisible();
  await scan('activity');

  await page.getByRole('button', { name: xa('Insights') }).first().click();
  await expect(page.getByRole('heading', { name: xa('Insights') }).first()).toBeVisible();
  await scan('insights');

  await page.locator('[data-snoozed-entry]').click();
  await expect(page.getByRole('region', { name: xa('Snoozed') })).toBeVisible();
  await scan('snoozed');

  for (const view of NOT_CLEAN_YET) {
    if (english[view]) console.log(`English left in en-XA, ${view} (not failing yet):\n  ${english[view].join('\n  ')}`);
    delete english[view];
  }
  for (const [view, labels] of Object.entries(clipped)) console.log(`Clipped in en-XA, ${view}:\n  ${labels.join('\n  ')}`);
  const report = Object.entries(english).map(([view, tokens]) => `${view}:\n  ${tokens.join('\n  ')}`).join('\n');
  expect(report, 'English left in the pseudo-locale').toBe('');
  await context.close();
});

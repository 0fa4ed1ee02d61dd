// The demo in the pseudo-locale en-XA: every view checked shows no English outside ⟦…⟧ (so each
// string comes from the catalogue and user data is marked translate="no"), and no label cuts
// its pseudo text off (the 35 % longer text is what German needs: a clipped one will clip
// there). Clipped data (a long project name, cut with an ellipsis and whole in its title) is
// printed only.
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

const quoteRows = (page: Page) => page.getByRole('row').filter({ hasText: /Q-\d{4}-\d{4}/ });

test('every view shows the pseudo-locale: no English, no clipped label', async ({ browser }) => {
  test.setTimeout(120_000);
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  const page = await context.newPage();
  await page.goto(host!.url);
  await expect(quoteRows(page).first()).toBeVisible();

  const english: Record<string, string[]> = {};
  const clippedLabels: Record<string, string[]> = {};
  const clippedData: Record<string, string[]> = {};
  const scan = async (view: string) => {
    for (const { token, context: around } of await findEnglish(page)) (english[view] ??= []).push(`${token}  (${around})`);
    for (const { text, scrollWidth, clientWidth } of await findClipped(page)) {
      // Pseudo text is a label from the catalogue; anything else is data (names, titles).
      (text.includes('⟦') ? (clippedLabels[view] ??= []) : (clippedData[view] ??= [])).push(`${text} (${scrollWidth} > ${clientWidth} px)`);
    }
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

  for (const [view, names] of Object.entries(clippedData)) console.log(`Data cut with an ellipsis in en-XA, ${view}:\n  ${[...new Set(names)].join('\n  ')}`);
  const listed = (found: Record<string, string[]>) => Object.entries(found).map(([view, lines]) => `${view}:\n  ${[...new Set(lines)].join('\n  ')}`).join('\n');
  expect.soft(listed(english), 'English left in the pseudo-locale').toBe('');
  expect(listed(clippedLabels), 'Labels clipped in the pseudo-locale (they will clip in German)').toBe('');
  await context.close();
});

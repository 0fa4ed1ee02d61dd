// Issue 28 in browser mode on the demo accounts: German and Arabic (QUOTEDESK_LANG), light and
// dark, keep the inbox with the reading pane, the accept dialog and Settings free of serious
// axe violations; Arabic turns the window right to left (the sidebar moves to the right); and a
// language chosen in Settings relabels the window without losing the quote in the pane. The
// German and Arabic pictures docs/i18n.md shows (inbox with the pane and Settings, light and
// dark) are written to docs/screenshots/ when QUOTEDESK_DOCS_SCREENSHOTS=1 (they hold times, so
// a plain test run leaves the committed ones be).
import { readFileSync } from 'node:fs';
import { expect, test } from '@playwright/test';
import type { Browser, Page } from '@playwright/test';
import { startWebHostProcess } from './web-host-process';
import type { WebHostProcess } from './web-host-process';
import { expectAccessible } from './axe';

test.describe.configure({ mode: 'serial' });

const SIZE = { width: 1280, height: 800 };

/** A message as the catalogue words it in this language, so the specs find what a reader sees. */
function word(locale: string, area: string, key: string): string {
  const messages = JSON.parse(readFileSync(`i18n/messages/${area}/${locale}.json`, 'utf8')) as Record<string, unknown>;
  const text = messages[key];
  if (typeof text !== 'string') throw new Error(`no plain message ${area}/${key} in ${locale}`);
  return text;
}

/** Starts a demo host whose window speaks `locale` (none: the stored choice, else English). */
async function startHostIn(locale: string | undefined): Promise<WebHostProcess> {
  const before = process.env.QUOTEDESK_LANG;
  if (locale === undefined) delete process.env.QUOTEDESK_LANG;
  else process.env.QUOTEDESK_LANG = locale;
  try {
    return await startWebHostProcess();
  } finally {
    if (before === undefined) delete process.env.QUOTEDESK_LANG;
    else process.env.QUOTEDESK_LANG = before;
  }
}

function quoteTable(page: Page, locale: string) {
  return page.getByRole('table', { name: word(locale, 'inbox', 'inbox_table_label') });
}

function pane(page: Page, locale: string) {
  return page.getByRole('region', { name: word(locale, 'inbox', 'inbox_pane_label') });
}

async function openWithPane(browser: Browser, url: string, locale: string, scheme: 'light' | 'dark') {
  const context = await browser.newContext({ viewport: SIZE, colorScheme: scheme });
  const page = await context.newPage();
  const problems: string[] = [];
  page.on('pageerror', (error) => problems.push(error.message));
  await page.goto(url);
  await quoteTable(page, locale).getByRole('row').filter({ hasText: /Q-\d{4}-\d{4}/ }).first().click();
  const heading = pane(page, locale).getByRole('heading', { level: 2 });
  await expect(heading).toBeVisible();
  await expect(pane(page, locale).getByRole('button', { name: word(locale, 'quote', 'quote_view_accept') })).toBeVisible();
  return { context, page, problems, project: (await heading.innerText()).trim() };
}

for (const locale of ['de', 'ar'] as const) {
  test.describe(`in ${locale}`, () => {
    let host: WebHostProcess | undefined;
    test.beforeAll(async () => {
      host = await startHostIn(locale);
    });
    test.afterAll(async () => {
      expect(await host?.stop()).toBe(0);
    });

    for (const scheme of ['light', 'dark'] as const) {
      test(`the inbox with the pane, the accept dialog and Settings pass axe: ${locale}, ${scheme}`, async ({ browser }) => {
        test.setTimeout(120_000);
        const { context, page, problems } = await openWithPane(browser, host!.url, locale, scheme);
        // The docs show the inbox with the pane and Settings in both languages and both schemes.
        const inDocs = process.env.QUOTEDESK_DOCS_SCREENSHOTS === '1';
        const picture = (view: string) => (inDocs ? `docs/screenshots/${view}-${locale}-${scheme}.png` : `test-results/i18n-${view}-${locale}-${scheme}.png`);
        await expect(page.locator('html')).toHaveAttribute('lang', locale);

        if (locale === 'ar') {
          await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
          const sidebar = await page.locator('[data-sidebar]').boundingBox();
          const main = await page.locator('main.main').boundingBox();
          expect(sidebar!.x).toBeGreaterThan(main!.x);
        } else {
          await expect(page.locator('html')).not.toHaveAttribute('dir', 'rtl');
        }
        await expectAccessible(page, `inbox-${locale}-${scheme}`, picture('inbox-pane'), { fullPage: false });

        await pane(page, locale).getByRole('button', { name: word(locale, 'quote', 'quote_view_accept') }).click();
        const dialog = page.getByRole('dialog', { name: word(locale, 'quote', 'quote_accept_title') });
        await expect(dialog).toBeVisible();
        await expectAccessible(page, `accept-${locale}-${scheme}`, `test-results/i18n-accept-${locale}-${scheme}.png`, { fullPage: false });
        await page.keyboard.press('Escape');
        await expect(page.getByRole('dialog')).toHaveCount(0);

        await page.getByRole('button', { name: word(locale, 'shell', 'shell_sidebar_settings') }).click();
        await expect(page.getByRole('heading', { name: word(locale, 'settings', 'settings_page_title'), exact: true })).toBeVisible();
        await expectAccessible(page, `settings-${locale}-${scheme}`, picture('settings'), { fullPage: false });

        expect(problems).toEqual([]);
        await context.close();
      });
    }
  });
}

test.describe('choosing a language', () => {
  let host: WebHostProcess | undefined;
  test.beforeAll(async () => {
    host = await startHostIn(undefined);
  });
  test.afterAll(async () => {
    expect(await host?.stop()).toBe(0);
  });

  test('Deutsch in Settings relabels the window and keeps the quote in the pane', async ({ browser }) => {
    test.setTimeout(120_000);
    const { context, page, problems, project } = await openWithPane(browser, host!.url, 'en', 'light');
    await expect(page.locator('html')).toHaveAttribute('lang', 'en');

    const settings = page.getByRole('button', { name: word('en', 'shell', 'shell_sidebar_settings') });
    await settings.click();
    const started = await page.evaluate(() => performance.now());
    await page.getByLabel(word('en', 'common', 'common_language_label')).selectOption('de');
    const redrawn = await page.waitForFunction("document.documentElement.lang === 'de' && performance.now()");
    console.log(`the window spoke German ${Math.round(((await redrawn.jsonValue()) as number) - started)} ms after Deutsch was chosen`);
    await expect(page.getByRole('heading', { name: word('de', 'settings', 'settings_page_title'), exact: true })).toBeVisible();

    // Back in the inbox: the same quote, now in German words.
    await page.getByRole('button', { name: word('de', 'shell', 'shell_sidebar_settings') }).click();
    await expect(pane(page, 'de').getByRole('heading', { level: 2 })).toHaveText(project);
    await expect(pane(page, 'de').getByRole('button', { name: word('de', 'quote', 'quote_view_accept') })).toBeVisible();

    expect(problems).toEqual([]);
    await context.close();
  });
});

// `npm run screenshots`: the README's pictures of the app, taken as a user sees it. It starts
// browser mode on the demo accounts (a fresh data folder, so the same sample data every time),
// opens the printed link in Chromium (/usr/bin/chromium, or QUOTEDESK_CHROMIUM) at 1280x800 and
// writes, under docs/:
//   inbox.png, inbox-dark.png   the inbox with the reading pane on a quote awaiting a decision
//   quote.png                   that quote in the full view
//   inbox-800.png               the inbox in an 800 px window (no pane; a click opens the quote)
// Needs `electron-vite build` first (the npm script runs it).
import { resolve } from 'node:path';
import { chromium } from '@playwright/test';
import type { Browser, Page } from '@playwright/test';
import { startWebHostProcess } from '../test/e2e/web-host-process';

const outDir = resolve('docs');
const executablePath = process.env.QUOTEDESK_CHROMIUM ?? '/usr/bin/chromium';

async function openInbox(browser: Browser, url: string, size: { width: number; height: number }, scheme: 'light' | 'dark'): Promise<Page> {
  const context = await browser.newContext({ viewport: size, colorScheme: scheme, reducedMotion: 'reduce', deviceScaleFactor: 1 });
  const page = await context.newPage();
  await page.goto(url);
  await page.getByRole('table', { name: 'Quotes' }).getByRole('row').filter({ hasText: /Q-\d{4}-\d{4}/ }).first().waitFor();
  return page;
}

/** The first row that awaits a decision: the quote the pictures show. */
function awaitingRow(page: Page) {
  return page.getByRole('table', { name: 'Quotes' }).getByRole('row').filter({ hasText: 'Awaiting your decision' }).first();
}

async function main(): Promise<void> {
  const host = await startWebHostProcess();
  const browser = await chromium.launch({ executablePath, args: ['--no-sandbox', '--disable-gpu'] });
  try {
    for (const scheme of ['light', 'dark'] as const) {
      const page = await openInbox(browser, host.url, { width: 1280, height: 800 }, scheme);
      await awaitingRow(page).click();
      await page.getByRole('region', { name: 'Selected quote' }).getByRole('region', { name: 'Decision facts' }).waitFor();
      await page.getByRole('region', { name: 'Selected quote' }).getByRole('heading', { name: 'Pricing' }).waitFor();
      await page.screenshot({ path: `${outDir}/inbox${scheme === 'dark' ? '-dark' : ''}.png` });
      if (scheme === 'light') {
        await page.keyboard.press('Enter');
        await page.getByRole('region', { name: 'Quote' }).getByRole('region', { name: 'Decision facts' }).waitFor();
        await page.screenshot({ path: `${outDir}/quote.png` });
      }
      await page.context().close();
    }
    const narrow = await openInbox(browser, host.url, { width: 800, height: 700 }, 'light');
    await narrow.screenshot({ path: `${outDir}/inbox-800.png` });
    await narrow.context().close();
    console.log(`Wrote inbox.png, inbox-dark.png, quote.png and inbox-800.png to ${outDir}`);
  } finally {
    await browser.close();
    await host.stop();
  }
}

await main();

// What the inbox specs share: one browser-mode host on the demo data for a spec file (its
// tests run in order on it), a page opened on it at a size and colour scheme with its page
// errors collected, and the list's quote rows.
import { expect, test } from '@playwright/test';
import type { Browser, BrowserContextOptions, Locator, Page } from '@playwright/test';
import { startWebHostProcess } from './web-host-process';
import type { WebHostProcess } from './web-host-process';
import type { DemoHost } from './demo-operator';

/** Starts the host before the file's tests and stops it after (checking it exits cleanly); returns how to reach it. */
export function useDemoHost(): () => WebHostProcess {
  test.describe.configure({ mode: 'serial' });
  let host: WebHostProcess | undefined;
  test.beforeAll(async () => {
    host = await startWebHostProcess();
  });
  test.afterAll(async () => {
    expect(await host?.stop()).toBe(0);
  });
  return () => host!;
}

/** The data rows of the quote list (the header row has no quote number). */
export function quoteRows(page: Page): Locator {
  return page.getByRole('table', { name: 'Quotes' }).getByRole('row').filter({ hasText: /Q-\d{4}-\d{4}/ });
}

/** A new context at this size and scheme, on the host's link, once the first quote row shows. */
export async function openInbox(
  browser: Browser,
  url: string,
  size: { width: number; height: number },
  scheme: 'light' | 'dark' = 'light',
  options: BrowserContextOptions = {},
): Promise<{ context: Awaited<ReturnType<Browser['newContext']>>; page: Page; problems: string[] }> {
  const context = await browser.newContext({ viewport: size, colorScheme: scheme, ...options });
  const page = await context.newPage();
  const problems: string[] = [];
  page.on('pageerror', (error) => problems.push(error.message));
  await page.goto(url);
  await expect(quoteRows(page).first()).toBeVisible();
  return { context, page, problems };
}

/**
 * Accepts or declines the quote in the pane by keyboard, as a person triaging does: `a` and
 * Enter, or `d`, a reason and Ctrl+Enter; then waits for the result and the dialog to close.
 * `beforeConfirm` checks the open dialog first.
 */
export async function decideByKeyboard(page: Page, intent: 'accept' | 'decline', quoteNumber: string, beforeConfirm?: (dialog: Locator) => Promise<void>): Promise<void> {
  const accept = intent === 'accept';
  await page.keyboard.press(accept ? 'a' : 'd');
  const dialog = page.getByRole('dialog', { name: accept ? 'Accept this quote?' : 'Decline this quote?' });
  await expect(dialog).toContainText(quoteNumber);
  await beforeConfirm?.(dialog);
  if (accept) await page.keyboard.press('Enter');
  else {
    await page.keyboard.type('Not this quarter.');
    await page.keyboard.press('Control+Enter');
  }
  await expect(dialog.getByRole('status')).toContainText(accept ? 'The quote was accepted.' : 'The quote was declined.', { timeout: 20_000 });
  await expect(dialog).toBeHidden();
}

/** The demo company's inbox (Ctrl+its place in the sidebar), from a fresh load of the host's page. */
export async function openDemoCompany(page: Page, demo: DemoHost): Promise<void> {
  await page.goto(demo.host.url);
  await expect(page.getByRole('table', { name: 'Quotes' })).toBeVisible();
  const names = await page.getByRole('navigation', { name: 'Accounts' }).locator('button[data-account-id] .account-name').allInnerTexts();
  await page.keyboard.press(`Control+${names.findIndex((name) => name.includes(demo.company.name)) + 1}`);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(demo.company.name);
}

/** Searches by keyboard (/ then the words) until the inbox says `count` ("1 quote"). */
export async function searchQuotes(page: Page, words: string, count: string): Promise<void> {
  await page.keyboard.press('/');
  await page.keyboard.press('Control+a');
  await page.keyboard.type(words);
  await expect(page.getByTestId('quote-count')).toHaveText(count, { timeout: 30_000 });
}

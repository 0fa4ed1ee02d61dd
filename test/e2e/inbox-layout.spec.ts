// Issue 18 in browser mode on the demo accounts: the window itself never scrolls (only its
// panes do) in any view, at 1280x800 and 800x700, in light and dark; Settings in sections.
import { expect, test } from '@playwright/test';
import type { Browser, Page } from '@playwright/test';
import { openInbox, quoteRows, useDemoHost } from './inbox-page';
import { expectAccessible } from './axe';

const SIZES = [
  { width: 1280, height: 800 },
  { width: 800, height: 700 },
] as const;
const SCHEMES = ['light', 'dark'] as const;

const host = useDemoHost();

async function openApp(browser: Browser, size: (typeof SIZES)[number], scheme: (typeof SCHEMES)[number]) {
  return openInbox(browser, host().url, size, scheme);
}


/** The document is exactly the window: nothing reaches past it, and scrolling the window moves nothing. */
async function expectNoWindowScroll(page: Page, view: string): Promise<void> {
  const measured = await page.locator('html').evaluate((root) => {
    const view = root.ownerDocument.defaultView!;
    view.scrollTo(0, 100_000);
    const after = { overflow: root.scrollHeight - root.clientHeight, scrolled: view.scrollY };
    view.scrollTo(0, 0);
    return after;
  });
  expect(measured, `the window scrolls in ${view}`).toEqual({ overflow: 0, scrolled: 0 });
}

for (const size of SIZES) {
  for (const scheme of SCHEMES) {
    test(`only the panes scroll, in every view: ${size.width}x${size.height}, ${scheme}`, async ({ browser }) => {
      test.setTimeout(90_000);
      const { context, page, problems } = await openApp(browser, size, scheme);
      await expectNoWindowScroll(page, 'the inbox');

      // A quote is much longer than the window: its pane scrolls, the window does not.
      await quoteRows(page).first().dblclick();
      await expect(page.getByRole('button', { name: 'Inbox' })).toBeVisible();
      await expect(page.getByRole('heading', { name: 'Pricing' })).toBeVisible();
      await expectNoWindowScroll(page, 'the quote');
      // Tabbing to the last control of the quote scrolls its pane to it, never the window.
      await page.getByRole('button', { name: 'Inbox' }).focus();
      for (let step = 0; step < 25; step++) await page.keyboard.press('Tab');
      await expectNoWindowScroll(page, 'the quote after tabbing through it');
      await page.getByRole('button', { name: 'Inbox' }).click();

      await page.getByRole('button', { name: /^Settings$/ }).click();
      await expect(page.getByRole('heading', { name: /^Settings$/ })).toBeVisible();
      await expectNoWindowScroll(page, 'Settings');
      // Settings in sections: the list beside (or above) the page jumps to each and marks it.
      const sections = page.getByRole('navigation', { name: 'Settings sections' });
      await sections.getByRole('button', { name: 'Appearance' }).click();
      await expect(page.getByRole('heading', { level: 2, name: 'Appearance' })).toBeInViewport();
      await expect(sections.getByRole('button', { name: 'Appearance' })).toHaveAttribute('aria-current', 'true');
      await sections.getByRole('button', { name: 'Notifications' }).click();
      await expect(page.getByRole('heading', { level: 2, name: 'Notifications' })).toBeInViewport();
      await expect(sections.getByRole('button', { name: 'Notifications' })).toHaveAttribute('aria-current', 'true');
      // Every event type has its own switch, folded under its group.
      await page.getByText('Choose events').first().click();
      await expect(page.getByRole('switch', { name: 'A quote declined' })).toBeVisible();
      await expectNoWindowScroll(page, 'Settings after the section list');
      for (let step = 0; step < 40; step++) await page.keyboard.press('Tab');
      await expectNoWindowScroll(page, 'Settings after tabbing through it');
      await expectAccessible(page, `settings-${size.width}-${scheme}`, `test-results/layout-settings-${size.width}-${scheme}.png`, { fullPage: false });

      await page.getByRole('button', { name: 'Activity' }).click();
      await expectNoWindowScroll(page, 'Activity');

      expect(problems).toEqual([]);
      await context.close();
    });
  }
}

test('at 1280x800 beside the reading pane the inbox header keeps one line: the name, the layout toggles and Export', async ({ browser }) => {
  const { context, page, problems } = await openApp(browser, { width: 1280, height: 800 }, 'light');
  const title = page.getByRole('heading', { level: 1 });
  const exportButton = page.getByRole('button', { name: /Export/ }).first();
  const [titleBox, exportBox] = [await title.boundingBox(), await exportButton.boundingBox()];
  // One line of 19 px text, level with Export (the old header wrapped the name and pushed Export down).
  expect(titleBox!.height).toBeLessThan(32);
  expect(Math.abs(titleBox!.y + titleBox!.height / 2 - (exportBox!.y + exportBox!.height / 2))).toBeLessThan(8);
  // The layout toggles keep their names for assistive technology and a tooltip.
  await expect(page.getByRole('button', { name: 'Compact rows' })).toHaveAttribute('title', 'Compact rows');
  await expect(page.getByRole('searchbox', { name: 'Search quotes' })).toHaveAttribute('placeholder', 'Search quotes');
  expect(problems).toEqual([]);
  await context.close();
});

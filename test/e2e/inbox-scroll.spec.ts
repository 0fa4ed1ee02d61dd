// The list scrolls freely with a row active: the wheel and a dragged scroll position move it
// and hold, and a row clicked down there becomes active where it is. A list that pulled
// itself back to the active row at every scroll event (or that the browser's scroll
// anchoring moved as the rows in view were replaced) could not be read past one screen once
// a quote was opened.
import { expect, test } from '@playwright/test';
import { openInbox, useDemoHost } from './inbox-page';

const host = useDemoHost();

for (const size of [
  { width: 1280, height: 800 },
  { width: 800, height: 700 },
] as const) {
test(`the list scrolls away from the active row and stays where it was scrolled: ${size.width}x${size.height}`, async ({ browser }) => {
  const { context, page, problems } = await openInbox(browser, host().url, size);
  const table = page.getByRole('table', { name: 'Quotes' });
  const scroller = page.locator('.scroller').filter({ has: table });
  const position = () => scroller.evaluate((element) => element.scrollTop);
  await expect(table).toHaveAttribute('aria-busy', 'false');
  await page.keyboard.press('j');
  await expect(page.locator('[data-row-index="0"]')).toBeFocused();

  await scroller.hover();
  for (let step = 0; step < 3; step += 1) await page.mouse.wheel(0, 400);
  await expect.poll(position).toBeGreaterThan(300);
  // Nothing pulls it back once the wheel stops.
  const wheeled = await position();
  await page.waitForTimeout(400);
  expect(await position()).toBe(wheeled);

  // A position set directly (a dragged scroll bar) holds as well.
  await scroller.evaluate((element) => {
    element.scrollTop = element.scrollHeight / 2;
  });
  const dragged = await position();
  await page.waitForTimeout(400);
  expect(await position()).toBe(dragged);

  // With the reading pane beside the list, a row clicked down there becomes the active one without moving the list.
  if (size.width < 1280) {
    expect(problems).toEqual([]);
    await context.close();
    return;
  }
  const shown = table.locator('[data-row-index]').filter({ hasNot: page.locator('.placeholder') });
  const target = page.locator(`[data-row-index="${Math.ceil(dragged / 48) + 1}"]`);
  await expect(shown.first()).toBeVisible();
  await target.click();
  await expect(target).toHaveClass(/active/);
  await page.waitForTimeout(300);
  expect(await position()).toBe(dragged);
  expect(problems).toEqual([]);
  await context.close();
});
}

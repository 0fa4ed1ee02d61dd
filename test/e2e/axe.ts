// How the browser-mode specs judge accessibility: axe on a settled page, where a serious or
// critical violation fails the test, with a screenshot of what was judged beside it.
import AxeBuilder from '@axe-core/playwright';
import { expect } from '@playwright/test';
import type { Page } from '@playwright/test';

const TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice'];

/**
 * Waits a frame (so a style change has started its transition) and then for every finite
 * transition and animation: a dialog still fading in would be judged half transparent. One
 * cancelled on the way (its element replaced) rejects its `finished`; that is not an error here.
 */
export async function settleAnimations(page: Page): Promise<void> {
  await page.evaluate(
    'new Promise((frame) => requestAnimationFrame(frame)).then(() => Promise.all(document.getAnimations().filter((a) => a.effect?.getTiming().iterations !== Infinity).map((a) => a.finished.catch(() => undefined))))',
  );
}

/** Screenshots the settled page to `screenshot`, then fails on any serious or critical axe violation. */
export async function expectAccessible(page: Page, name: string, screenshot: string, options: { fullPage?: boolean } = {}): Promise<void> {
  await settleAnimations(page);
  await page.screenshot({ path: screenshot, fullPage: options.fullPage ?? true });
  const results = await new AxeBuilder({ page }).withTags(TAGS).analyze();
  const serious = results.violations
    .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
    .map((violation) => `${violation.id} (${violation.impact}): ${violation.nodes.map((node) => `${node.target.join(' ')} ${node.any[0]?.message ?? ''}`).join('; ')}`);
  expect(serious, `axe on ${name}`).toEqual([]);
}

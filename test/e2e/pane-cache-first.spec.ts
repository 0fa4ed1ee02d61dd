// Issue 27 in browser mode on the demo: the reading pane never waits on the service. With the
// demo's service made slow (every quote's detail answered after 8 s) and then failing, a
// click shows the quote at once: what the cache holds, or a quote never read in detail as
// its row, with a progress mark for its pricing; a failure leaves it on screen.
import { expect, test } from '@playwright/test';
import type { Page } from '@playwright/test';
import { startDemoHost } from './demo-operator';
import type { DemoHost } from './demo-operator';
import { openInbox, quoteRows } from './inbox-page';

test.describe.configure({ mode: 'serial' });

const DETAIL_PATHS = { pathPrefix: '/api/public/v1/quotes/' };
/** Well below the service's delay: a pane that waited on the service could not be this quick. */
const AT_ONCE = { timeout: 2_000 };

let demo: DemoHost | undefined;

test.beforeAll(async () => {
  test.setTimeout(120_000);
  demo = await startDemoHost();
});

test.afterAll(async () => {
  expect(await demo?.stop()).toBe(0);
});

async function projectOf(page: Page, index: number): Promise<string> {
  return (await quoteRows(page).nth(index).getByRole('cell').first().locator('.primary').innerText()).replace(/^Unread:\s*/, '').trim();
}

/** A row whose quote no sync read in detail: a closed one (details are read ahead for quotes awaiting a decision only). */
async function closedRow(page: Page, skip = 0): Promise<{ index: number; name: string }> {
  const rows = quoteRows(page);
  let seen = 0;
  for (let index = 0; index < (await rows.count()); index += 1) {
    if (!/Accepted|Declined|Expired|Cancelled|Rejected/i.test(await rows.nth(index).innerText())) continue;
    if (seen++ === skip) return { index, name: await projectOf(page, index) };
  }
  throw new Error('no closed quote in the list');
}

test('with the service slow, then failing, a click shows the quote in the pane at once', async ({ browser }) => {
  test.setTimeout(120_000);
  const { context, page } = await openInbox(browser, demo!.host.url, { width: 1400, height: 900 });
  const pane = page.getByRole('region', { name: 'Selected quote' });
  // The first sync has read ahead the details of the quotes awaiting a decision.
  await page.waitForTimeout(1_000);
  await expect(page.getByText(/Syncing|Saving quote details/)).toHaveCount(0, { timeout: 30_000 });
  await demo!.operator('/faults', { kind: 'latency', latencyMs: 8_000, match: DETAIL_PATHS });

  // A quote whose details the cache holds: shown with its pricing, the service not waited on.
  const waiting = quoteRows(page).filter({ hasText: /Awaiting your decision|Action needed/ }).first();
  const waitingName = (await waiting.getByRole('cell').first().locator('.primary').innerText()).replace(/^Unread:\s*/, '').trim();
  await waiting.click();
  await expect(pane.getByRole('heading', { level: 2, name: waitingName })).toBeVisible(AT_ONCE);
  await expect(pane.getByRole('heading', { name: 'Pricing' })).toBeVisible(AT_ONCE);

  // A quote never read in detail: its row at once, its pricing said to be on its way.
  const closed = await closedRow(page);
  await quoteRows(page).nth(closed.index).click();
  await expect(pane.getByRole('heading', { level: 2, name: closed.name })).toBeVisible(AT_ONCE);
  await expect(pane.getByText(/Reading the pricing and details from the service/)).toBeVisible(AT_ONCE);

  // The service fails outright: what is shown stays, with no alert.
  await demo!.operatorDelete('/faults');
  await demo!.operator('/faults', { kind: 'error', status: 500, match: DETAIL_PATHS });
  const another = await closedRow(page, 1);
  await quoteRows(page).nth(another.index).click();
  await expect(pane.getByRole('heading', { level: 2, name: another.name })).toBeVisible(AT_ONCE);
  await expect(pane.getByText(/Reading the pricing/)).toBeHidden({ timeout: 15_000 });
  await expect(pane.getByRole('heading', { level: 2, name: another.name })).toBeVisible();
  await expect(pane.getByText(/The pricing and details are not here yet/)).toBeVisible();
  await expect(page.getByRole('alert')).toHaveCount(0);
  await demo!.operatorDelete('/faults');
  await context.close();
});

// The team desk end to end in browser mode (#26): a real nats-server, two web hosts on two data
// folders with the same key of one Quoting Service. Ada creates the team in Settings → Team,
// Bob joins and Ada admits him; Ada assigns a quote to Bob from the reading pane, and her row
// shows his initials; Bob finds it in "Assigned to me" with the same mark and writes a note,
// which Ada's pane shows within seconds without a click. Ada takes another quote herself, and
// the filter bar's Assignee picker lists Bob, Ada and Nobody with counts that are the rows each
// choice shows (axe on the open picker). axe in light and dark on Bob's team view with the row marks.
import { expect, test } from '@playwright/test';
import type { Locator, Page } from '@playwright/test';
import { startSimulator } from '../../main/simulator';
import type { Simulator } from '../../main/simulator';
import { natsServerMissing, startNatsServer } from '../helpers/nats-server';
import type { NatsServer } from '../helpers/nats-server';
import { expectAccessible } from './axe';
import { quoteRows } from './inbox-page';
import { windowWithSharedKey } from './shared-key';
import { startWebHostProcess } from './web-host-process';
import type { WebHostProcess } from './web-host-process';

test.describe.configure({ mode: 'serial' });
const missing = natsServerMissing();
if (missing) console.warn(`skipped: ${missing}`);
test.skip(missing !== null, missing ?? '');

let sim: Simulator;
let server: NatsServer;
const hosts: WebHostProcess[] = [];

test.beforeAll(async () => {
  sim = await startSimulator({ seed: 26, quotes: 20, log: () => undefined });
  server = await startNatsServer();
  hosts.push(await startWebHostProcess(), await startWebHostProcess());
});

test.afterAll(async () => {
  for (const host of hosts) expect(await host.stop()).toBe(0);
  await server?.dispose();
  await sim?.close();
});

const accountsNav = (page: Page) => page.getByRole('navigation', { name: 'Accounts' });
const teamDesk = (page: Page) => page.getByRole('region', { name: 'Team desk' });

/** Settings → Team: creates or joins the team on the test's server. */
async function setUpTeam(page: Page, how: 'create' | 'join', name: string, email: string): Promise<void> {
  await accountsNav(page).getByRole('button', { name: /^Settings$/ }).click();
  await page.getByRole('navigation', { name: 'Settings sections' }).getByRole('button', { name: 'Team' }).click();
  const section = page.locator('[data-section="team"]');
  if (how === 'create') await expectAccessible(page, 'the team setup form', test.info().outputPath('team-setup.png'));
  await section.getByRole('textbox', { name: 'Team server' }).fill(server.url);
  await section.getByRole('textbox', { name: 'Your name' }).fill(name);
  await section.getByRole('textbox', { name: 'Your e-mail' }).fill(email);
  if (how === 'create') await section.getByRole('textbox', { name: 'Team name (when creating)' }).fill('Acme desk');
  await section.getByRole('button', { name: how === 'create' ? 'Create the team' : 'Join the team' }).click();
  await expect(section.locator('[data-team-joined]')).toBeVisible({ timeout: 20_000 });
}

/** The "N quotes" the inbox's header says. */
async function quoteCount(page: Page): Promise<number> {
  return Number((await page.getByTestId('quote-count').innerText()).replace(/[^\d]/g, ''));
}

/** The picker's choices as a person reads them, with the count each says. */
async function choices(picker: Locator): Promise<Map<string, number>> {
  const labels = await picker.getByRole('option').allInnerTexts();
  return new Map(labels.slice(1).map((label) => /^(.*) \(([\d,.]+)\)$/.exec(label.trim())!).map((match) => [match[1]!, Number(match[2]!.replace(/[^\d]/g, ''))]));
}

/** The shared account's inbox, its first quote opened in the reading pane; answers the quote's number. */
async function openSharedQuote(page: Page, number?: string): Promise<string> {
  await accountsNav(page).locator('button[data-account-id]').filter({ hasText: 'Shared key' }).click();
  const row = number ? quoteRows(page).filter({ hasText: number }) : quoteRows(page).first();
  await expect(row).toBeVisible({ timeout: 30_000 });
  const shown = (await row.getByText(/Q-\d{4}-\d{4}/).first().innerText()).trim();
  await row.click();
  await expect(page.locator('[data-team-thread]')).toBeVisible({ timeout: 20_000 });
  return shown;
}

test('Ada hands a quote to Bob, who finds it under Assigned to me with his initials, and his note reaches her pane', async ({ browser }, testInfo) => {
  // Two hosts, a team set up through Settings, two assignments and the facet's choices: more than the default minute.
  test.setTimeout(180_000);
  const ada = await windowWithSharedKey(browser, hosts[0]!, sim);
  const bob = await windowWithSharedKey(browser, hosts[1]!, sim);

  await setUpTeam(ada, 'create', 'Ada Lovelace', 'ada@example.com');
  await setUpTeam(bob, 'join', 'Bob Stone', 'bob@example.com');
  const admit = ada.getByRole('button', { name: 'Admit bob@example.com' });
  await expect(admit).toBeVisible({ timeout: 20_000 });
  await admit.click();
  // Bob's sidebar gets the team views once he is admitted.
  await expect(teamDesk(bob).getByRole('button', { name: /Assigned to me/ })).toBeVisible({ timeout: 20_000 });

  const number = await openSharedQuote(ada);
  const thread = ada.locator('[data-team-thread]');
  await thread.getByRole('button', { name: 'Assign…' }).click();
  await thread.getByLabel('Assign to').selectOption({ label: 'Bob Stone (bob@example.com)' });
  await thread.getByRole('button', { name: 'Assign', exact: true }).click();
  await expect(thread).toContainText('Assigned to Bob Stone (bob@example.com), by Ada Lovelace', { timeout: 10_000 });
  const adasRow = quoteRows(ada).filter({ hasText: number });
  await expect(adasRow.getByRole('img', { name: 'Assigned to Bob Stone' })).toHaveText('BS', { timeout: 10_000 });

  // Bob: the quote is in Assigned to me, with the same mark, and he writes a note.
  await teamDesk(bob).getByRole('button', { name: /Assigned to me \(1 quote\)/ }).click({ timeout: 20_000 });
  await expect(quoteRows(bob)).toHaveCount(1, { timeout: 20_000 });
  const bobsRow = quoteRows(bob).filter({ hasText: number });
  await expect(bobsRow.getByRole('img', { name: 'Assigned to Bob Stone' })).toHaveText('BS', { timeout: 10_000 });
  await bobsRow.click();
  const bobsThread = bob.locator('[data-team-thread]');
  await bobsThread.getByLabel('Write a note').fill('Checked the rates, fine by me.');
  await bobsThread.getByLabel('Write a note').press('Control+Enter');
  await expect(bobsThread.getByRole('list', { name: 'Notes' })).toContainText('Checked the rates, fine by me.', { timeout: 10_000 });

  // Ada's pane, still on the quote, shows it without a click.
  await expect(thread.getByRole('list', { name: 'Notes' })).toContainText('Checked the rates, fine by me.', { timeout: 5_000 });

  // Ada takes another quote herself.
  const hers = (await quoteRows(ada).filter({ hasNotText: number }).first().getByText(/Q-\d{4}-\d{4}/).first().innerText()).trim();
  await openSharedQuote(ada, hers);
  await thread.getByRole('button', { name: 'Assign…' }).click();
  await thread.getByLabel('Assign to').selectOption('ada@example.com');
  await thread.getByRole('button', { name: 'Assign', exact: true }).click();
  await expect(thread).toContainText('Assigned to Ada Lovelace (ada@example.com), by Ada Lovelace', { timeout: 10_000 });
  await expect(quoteRows(ada).filter({ hasText: hers }).getByRole('img', { name: 'Assigned to Ada Lovelace' })).toBeVisible({ timeout: 10_000 });

  // The Assignee facet: each member with their count, Nobody for the rest, and each choice shows exactly those rows.
  const everything = await quoteCount(ada);
  await ada.getByRole('button', { name: 'Filters' }).click();
  const assignee = ada.getByRole('combobox', { name: 'Add a filter by assignee' });
  await expect.poll(async () => Object.fromEntries(await choices(assignee))).toEqual({ 'Bob Stone': 1, 'Ada Lovelace': 1, Nobody: everything - 2 });
  await expectAccessible(ada, 'the filter bar with the assignee picker', testInfo.outputPath('assignee-picker.png'));
  for (const [person, theirs] of [['Bob Stone', number], ['Ada Lovelace', hers]] as const) {
    await assignee.selectOption({ label: `${person} (1)` });
    const chip = ada.getByRole('button', { name: `Remove filter: Assignee ${person} (1)`, exact: true });
    await expect(chip).toBeVisible({ timeout: 10_000 });
    await expect(ada.getByTestId('quote-count')).toHaveText('1 quote');
    await expect(quoteRows(ada)).toHaveCount(1);
    await expect(quoteRows(ada).first()).toContainText(theirs);
    // The chip is a button the keyboard takes off.
    await chip.focus();
    await ada.keyboard.press('Enter');
    await expect(chip).toBeHidden();
    await expect(ada.getByTestId('quote-count')).toHaveText(`${everything} quotes`);
  }
  await assignee.selectOption({ label: `Nobody (${everything - 2})` });
  await expect(ada.getByRole('button', { name: `Remove filter: Assignee Nobody (${everything - 2})`, exact: true })).toBeVisible({ timeout: 10_000 });
  await expect(ada.getByTestId('quote-count')).toHaveText(`${everything - 2} quotes`);
  await expect(quoteRows(ada).filter({ hasText: number })).toHaveCount(0);
  await expect(quoteRows(ada).filter({ hasText: hers })).toHaveCount(0);
  await ada.getByRole('button', { name: /^Remove filter: Assignee Nobody/ }).click();
  await ada.getByRole('button', { name: 'Filters' }).click();

  // Compact rows: the status and both marks on the row's one line of 26 px.
  await ada.getByRole('button', { name: 'Compact rows' }).click();
  await expect(adasRow.getByRole('img', { name: 'Assigned to Bob Stone' })).toBeVisible();
  const line = (await adasRow.boundingBox())!;
  expect(line.height).toBeLessThanOrEqual(27);
  for (const mark of [adasRow.getByRole('img', { name: 'Assigned to Bob Stone' }), adasRow.locator('.chip').first()]) {
    const box = (await mark.boundingBox())!;
    expect(box.y).toBeGreaterThanOrEqual(line.y);
    expect(box.y + box.height).toBeLessThanOrEqual(line.y + line.height);
  }

  await expectAccessible(bob, 'the team view with the row marks', testInfo.outputPath('team-desk.png'));
  await bob.emulateMedia({ colorScheme: 'dark' });
  await expectAccessible(bob, 'the team view with the row marks, dark', testInfo.outputPath('team-desk-dark.png'));
});

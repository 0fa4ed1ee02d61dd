// Issue 4 end to end, as a user would do it in browser mode: accounts added, tested,
// edited and removed from the UI against a standalone Quoting Service, with both
// credential mechanisms, persisted across a restart of the host.
import { mkdtemp, readFile, readdir, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, test } from '@playwright/test';
import type { Locator, Page } from '@playwright/test';
import { startSimulatorProcess } from './simulator-process';
import type { ListedQuote, SimulatorCompany, SimulatorProcess } from './simulator-process';
import { startWebHostProcess } from './web-host-process';
import type { WebHostProcess } from './web-host-process';

// One user story: each step starts from the state the previous one left.
test.describe.configure({ mode: 'serial' });

const PAGE_SIZE = 25;
const BAD_API_KEY = `qs_live_${'0'.repeat(32)}`;

let simulator: SimulatorProcess | undefined;
let host: WebHostProcess | undefined;
let dataDir: string | undefined;
let page: Page;
const pageErrors: string[] = [];

let first: SimulatorCompany;
let second: SimulatorCompany;
let firstQuotes: ListedQuote[];
let secondQuotes: ListedQuote[];
/** Every API key or client secret the story has typed: none may be left in plain text. */
const typedSecrets: string[] = [];

const firstName = () => `${first.name} (API key)`;
const secondName = () => `${second.name} (client ID)`;

test.beforeAll(async ({ browser }) => {
  dataDir = await mkdtemp(join(tmpdir(), 'quotedesk-e2e-accounts-'));
  simulator = await startSimulatorProcess();
  const [a, b] = simulator.credentials.companies;
  if (!a || !b) throw new Error('The simulator seeded fewer than two companies');
  [first, second] = [a, b];
  // The service's own list (admin key sees every company), newest first like the inbox.
  const all = await simulator.listQuotes({ page: '1', limit: '100' });
  firstQuotes = all.filter((quote) => quote.companyId === first.id);
  secondQuotes = all.filter((quote) => quote.companyId === second.id);
  host = await startWebHostProcess([], { dataDir });
  page = await browser.newPage();
  page.on('pageerror', (error) => pageErrors.push(error.message));
});

test.afterAll(async () => {
  await page?.close();
  await host?.stop();
  await simulator?.stop();
  if (dataDir) await rm(dataDir, { recursive: true, force: true });
});

test('an account added with an API key replaces the demo accounts', async ({}, testInfo) => {
  await page.goto(host!.url);
  const demoBanner = page.getByRole('region', { name: 'Demo mode' });
  await expect(demoBanner).toBeVisible();
  await expect(accountItems().first()).toContainText('Demo');

  await demoBanner.getByRole('button', { name: 'Add account' }).click();
  const dialog = page.getByRole('dialog', { name: 'Add account' });
  await fillAccountForm(dialog, { name: firstName(), apiKey: first.apiKey });
  await dialog.getByRole('button', { name: 'Test connection' }).click();
  await expect(dialog.getByRole('status')).toContainText('Connected: the service answered with');
  await dialog.getByRole('button', { name: 'Save', exact: true }).click();
  await expect(dialog).toBeHidden();

  await expect(demoBanner).toBeHidden();
  await expect(accountItems()).toHaveCount(1);
  await expect(accountButton(firstName())).toHaveAttribute('aria-current', 'true');
  await expect(accountItems()).not.toContainText('Demo');
  await expectInboxOf(first, firstQuotes);
  await page.screenshot({ path: testInfo.outputPath('accounts-inbox.png'), fullPage: true });
});

test('a second account with client ID and secret shows its own company only', async () => {
  await addAccountButton().click();
  const dialog = page.getByRole('dialog', { name: 'Add account' });
  await fillAccountForm(dialog, { name: secondName(), clientId: second.clientId, clientSecret: second.clientSecret });
  await dialog.getByRole('button', { name: 'Test connection' }).click();
  await expect(dialog.getByRole('status')).toContainText('Connected: the service answered with');
  await dialog.getByRole('button', { name: 'Save', exact: true }).click();
  await expect(dialog).toBeHidden();

  await expect(accountItems()).toHaveCount(2);
  await accountButton(secondName()).click();
  await expect(accountButton(secondName())).toHaveAttribute('aria-current', 'true');
  await expect(accountButton(firstName())).not.toHaveAttribute('aria-current', 'true');
  await expectInboxOf(second, secondQuotes);
  const quotes = page.getByRole('table', { name: 'Quotes' });
  await expect(page.locator('section.inbox header')).not.toContainText(first.name);
  for (const quote of firstQuotes.filter((q) => q.quoteNumber !== null).slice(0, 3)) {
    await expect(quotes).not.toContainText(quote.quoteNumber!);
  }
});

test('testing wrong credentials says so and saves nothing', async () => {
  await addAccountButton().click();
  const dialog = page.getByRole('dialog', { name: 'Add account' });
  await fillAccountForm(dialog, { name: 'Wrong key', apiKey: BAD_API_KEY });
  await dialog.getByRole('button', { name: 'Test connection' }).click();
  await expect(dialog.getByRole('status')).toContainText('The service refused the API key');
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(dialog).toBeHidden();

  await expect(accountItems()).toHaveCount(2);
  // Not only the sidebar: the host did not store it either.
  await page.reload();
  await expect(accountItems()).toHaveCount(2);
  await expect(accountItems().filter({ hasText: 'Wrong key' })).toHaveCount(0);
});

test('Save runs the connection test: a refused key is not stored unless "Save anyway" is chosen', async () => {
  await addAccountButton().click();
  const dialog = page.getByRole('dialog', { name: 'Add account' });
  await fillAccountForm(dialog, { name: 'Wrong key saved', apiKey: BAD_API_KEY });
  await dialog.getByRole('button', { name: 'Save', exact: true }).click();
  await expect(dialog.getByRole('alert').filter({ hasText: 'Not saved yet.' })).toBeVisible();
  await expect(dialog.getByRole('status')).toContainText('The service refused the API key');
  await page.reload();
  await expect(accountItems()).toHaveCount(2);
  await expect(accountItems().filter({ hasText: 'Wrong key saved' })).toHaveCount(0);

  // Chosen explicitly, it is stored, and said to be refused.
  await addAccountButton().click();
  await fillAccountForm(dialog, { name: 'Wrong key saved', apiKey: BAD_API_KEY });
  await dialog.getByRole('button', { name: 'Save', exact: true }).click();
  await dialog.getByRole('button', { name: 'Save anyway' }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByRole('region', { name: 'Notifications' })).toContainText('its credentials were refused');
  await expect(accountItems().filter({ hasText: 'Wrong key saved' })).toHaveCount(1);
  await accountsNav().getByRole('button', { name: 'Actions for Wrong key saved' }).click();
  await page.getByRole('menuitem', { name: 'Remove account' }).click();
  await page.getByRole('alertdialog').getByRole('button', { name: 'Remove account' }).click();
  await expect(accountItems()).toHaveCount(2);
});

test('revoked credentials ask for new ones; a rotated key brings the inbox back', async () => {
  await accountButton(firstName()).click();
  await expectInboxOf(first, firstQuotes);

  await simulator!.operator(`/companies/${first.id}/revoke`, { which: 'api-key' });
  // The inbox reads the local cache; the next sync meets the refusal.
  await page.getByRole('button', { name: 'Sync now' }).click();

  const notice = page.getByRole('alert').filter({ hasText: `${firstName()} needs new credentials` });
  await expect(notice).toBeVisible();
  await expect(accountButton(firstName())).toHaveAccessibleName(`Needs new credentials ${firstName()}`);
  // The last known quotes stay on screen, marked as such.
  await expect(page.getByRole('list', { name: 'How fresh the quotes are' })).toContainText('Needs new credentials — showing the last known quotes');
  await expectQuoteCount(Math.min(firstQuotes.length, PAGE_SIZE));
  await expect(quoteRows().first()).toContainText('Last known');

  const rotated = (await simulator!.operator(`/companies/${first.id}/rotate`, { which: 'api-key' })) as SimulatorCompany;
  expect(rotated.apiKey).not.toBe(first.apiKey);
  typedSecrets.push(rotated.apiKey);

  await notice.getByRole('button', { name: 'Update credentials' }).click();
  const dialog = page.getByRole('dialog', { name: `Edit ${firstName()}` });
  const apiKeyField = secretField(dialog, 'API key');
  // The dialog opens on the field that was refused; stored credentials are never shown.
  await expect(apiKeyField).toBeFocused();
  await expect(apiKeyField).toHaveValue('');
  await apiKeyField.fill(rotated.apiKey);
  await dialog.getByRole('button', { name: 'Test connection' }).click();
  await expect(dialog.getByRole('status')).toContainText('Connected: the service answered with');
  await dialog.getByRole('button', { name: 'Save changes' }).click();
  await expect(dialog).toBeHidden();

  await expect(notice).toBeHidden();
  await expectInboxOf(first, firstQuotes);
  await expect(accountButton(firstName())).toHaveAccessibleName(`Connected ${firstName()}`);
});

test('a removed account is gone, the other survives a restart without plain-text secrets on disk', async () => {
  await page.getByRole('button', { name: `Actions for ${secondName()}` }).click();
  await page.getByRole('menu', { name: `Actions for ${secondName()}` }).getByRole('menuitem', { name: 'Remove account' }).click();
  const confirm = page.getByRole('alertdialog', { name: `Remove ${secondName()}?` });
  await confirm.getByRole('button', { name: 'Remove account' }).click();
  await expect(confirm).toBeHidden();
  await expect(accountItems()).toHaveCount(1);
  await expect(accountButton(secondName())).toHaveCount(0);
  await expect(page.getByRole('region', { name: 'Notifications' })).toContainText(`Removed ${secondName()}`);
  // The inbox now shows the remaining account; that last view is written a moment later (a page
  // that goes away writes it at once, but here the host goes, not the page).
  await expect.poll(() => lastViewAccountIsNamed(firstName()), { timeout: 10_000 }).toBe(true);

  expect(await host!.stop()).toBe(0);
  host = await startWebHostProcess([], { dataDir: dataDir! });
  await page.goto(host.url);

  await expect(accountItems()).toHaveCount(1);
  await expect(accountButton(firstName())).toHaveAttribute('aria-current', 'true');
  await expect(page.getByRole('region', { name: 'Demo mode' })).toBeHidden();
  await expectInboxOf(first, firstQuotes);

  const files = await filesUnder(dataDir!);
  const settingsFile = join(dataDir!, 'settings.json');
  expect(files).toContain(settingsFile);
  expect(await readFile(settingsFile, 'utf8')).toContain(firstName());
  // Browser mode keeps credentials in the secret store file alone, readable only by its owner.
  const secretsFile = join(dataDir!, 'secrets.json');
  expect((await stat(secretsFile)).mode & 0o777).toBe(0o600);
  const secrets = [first.apiKey, second.clientSecret, ...typedSecrets];
  for (const file of files.filter((path) => path !== secretsFile)) {
    const content = await readFile(file, 'utf8');
    for (const secret of secrets) expect(content.includes(secret), `a secret in plain text in ${file}`).toBe(false);
  }
  // Forgotten with the account, replaced by the rotated key, or never saved.
  const stored = await readFile(secretsFile, 'utf8');
  for (const gone of [second.clientSecret, first.apiKey, BAD_API_KEY]) expect(stored.includes(gone)).toBe(false);
});

test('keyboard: / focuses the search, typing filters, Escape clears', async () => {
  const search = page.getByRole('searchbox', { name: 'Search quotes' });
  const { term, expected } = searchTermFor(firstQuotes);
  const before = Math.min(firstQuotes.length, PAGE_SIZE);
  await expect(quoteRows()).toHaveCount(before);

  await page.keyboard.press('/');
  await expect(search).toBeFocused();
  await page.keyboard.type(term);
  await expectQuoteCount(Math.min(expected.length, PAGE_SIZE));
  for (const quote of expected.slice(0, PAGE_SIZE)) {
    await expect(quoteRows().filter({ hasText: quote.projectName! }).first()).toBeVisible();
  }

  await page.keyboard.press('Escape');
  await expect(search).toHaveValue('');
  await expect(quoteRows()).toHaveCount(before);
  expect(pageErrors).toEqual([]);
});

function accountsNav(): Locator {
  return page.getByRole('navigation', { name: 'Accounts' });
}

function accountItems(): Locator {
  return accountsNav().getByRole('listitem');
}

/** An account's button: its name is the account's status, then the account's name. */
function accountButton(name: string): Locator {
  return accountsNav().getByRole('button', { name: new RegExp(`^(?!Actions for ).*${escapeRegExp(name)}$`) });
}

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

/** The sidebar's own "Add account" button (its footer; the "+" icon has the same name). */
function addAccountButton(): Locator {
  return accountsNav().getByRole('button', { name: 'Add account' }).last();
}

/** How many quotes the table holds (its rows are virtualized: only those in view are in the DOM). */
async function expectQuoteCount(count: number): Promise<void> {
  await expect(page.getByRole('table', { name: 'Quotes' })).toHaveAttribute('aria-rowcount', String(count + 1));
}

function quoteRows(): Locator {
  // Data rows have cells; the header row has column headers only.
  return page.getByRole('table', { name: 'Quotes' }).getByRole('row').filter({ has: page.getByRole('cell') });
}

/** A password input (no ARIA role) labelled `label`; the radio of the same name is not it. */
function secretField(dialog: Locator, label: string): Locator {
  return dialog.getByLabel(label, { exact: true }).and(dialog.locator('input:not([type="radio"])'));
}

type Credentials = { apiKey: string } | { clientId: string; clientSecret: string };

async function fillAccountForm(dialog: Locator, values: { name: string } & Credentials): Promise<void> {
  await dialog.getByLabel('Name', { exact: true }).fill(values.name);
  await dialog.getByRole('radio', { name: 'Custom' }).check();
  await dialog.getByLabel('Base URL').fill(simulator!.credentials.baseUrl);
  await dialog.getByRole('radio', { name: 'Client key' }).check();
  if ('apiKey' in values) {
    await dialog.getByRole('radio', { name: 'API key' }).check();
    await secretField(dialog, 'API key').fill(values.apiKey);
    typedSecrets.push(values.apiKey);
  } else {
    await dialog.getByRole('radio', { name: 'Client ID + secret' }).check();
    await dialog.getByLabel('Client ID', { exact: true }).fill(values.clientId);
    await secretField(dialog, 'Client secret').fill(values.clientSecret);
    typedSecrets.push(values.clientSecret);
  }
}

/** The inbox heading names the account and its rows are the company's newest quotes. */
async function expectInboxOf(company: SimulatorCompany, quotes: ListedQuote[]): Promise<void> {
  const numbered = quotes.filter((quote) => quote.quoteNumber !== null).slice(0, 3);
  expect(numbered.length, `${company.name} has no numbered quotes in the simulator`).toBeGreaterThan(0);
  for (const quote of numbered) {
    await expect(quoteRows().filter({ hasText: quote.quoteNumber! })).toHaveCount(1);
  }
  await expectQuoteCount(Math.min(quotes.length, PAGE_SIZE));
  // A client key's inbox names its one company in the heading instead of a column.
  await expect(page.locator('section.inbox header')).toContainText(`Company: ${company.name}`);
}

/** A project name that matches fewer of the account's quotes than the unfiltered page shows. */
function searchTermFor(quotes: ListedQuote[]): { term: string; expected: ListedQuote[] } {
  const matching = (term: string) =>
    quotes.filter((quote) => [quote.projectName, quote.quoteNumber].some((text) => text?.toLowerCase().includes(term.toLowerCase())));
  for (const quote of quotes) {
    if (!quote.projectName) continue;
    const expected = matching(quote.projectName);
    if (expected.length < Math.min(quotes.length, PAGE_SIZE)) return { term: quote.projectName, expected };
  }
  throw new Error('No project name narrows the list: the seeded data changed');
}

async function filesUnder(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { recursive: true, withFileTypes: true });
  return entries.filter((entry) => entry.isFile()).map((entry) => join(entry.parentPath, entry.name));
}

/** Whether main's settings remember the inbox on the account of this name. */
async function lastViewAccountIsNamed(name: string): Promise<boolean> {
  const settings = JSON.parse(await readFile(join(dataDir!, 'settings.json'), 'utf8')) as { accounts?: { id: string; name: string }[]; 'inbox.lastView'?: { accountId: string | null } };
  const id = settings.accounts?.find((account) => account.name === name)?.id;
  return id !== undefined && settings['inbox.lastView']?.accountId === id;
}

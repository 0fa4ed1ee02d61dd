// Settings in browser mode: every section keeps its own layout (the shared label-with-control
// row of SettingsSection must not reach the team relay's stacked form), the section list marks
// the section at the top, and a refused key's "Save anyway" shows without scrolling; with
// screenshots for the eye.
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, test } from '@playwright/test';
import type { Locator, Page } from '@playwright/test';
import { expectAccessible } from './axe';
import { startWebHostProcess } from './web-host-process';
import type { WebHostProcess } from './web-host-process';

test.describe.configure({ mode: 'serial' });
let host: WebHostProcess;
let folder: string;
let baseUrl: string;
let apiKey: string;

test.beforeAll(async () => {
  folder = await mkdtemp(join(tmpdir(), 'quotedesk-e2e-settings-'));
  const file = join(folder, 'demo-credentials.json');
  host = await startWebHostProcess(['--demo-credentials-out', file]);
  const credentials = JSON.parse(await readFile(file, 'utf8')) as { baseUrl: string; companies: { apiKey: string }[] };
  baseUrl = credentials.baseUrl;
  apiKey = credentials.companies[0]!.apiKey;
});

test.afterAll(async () => {
  expect(await host.stop()).toBe(0);
  await rm(folder, { recursive: true, force: true });
});

async function openSettings(page: Page) {
  await page.goto(host.url);
  await page.getByRole('navigation', { name: 'Accounts' }).getByRole('button', { name: /settings$/i }).click();
  await expect(page.getByRole('heading', { level: 1, name: /settings$/i })).toBeVisible();
}

// First, while the demo's embedded service still runs (adding an own account ends the demo).
for (const viewport of [
  { width: 1280, height: 800 },
  { width: 800, height: 700 },
]) {
  test(`a refused key's message and "Save anyway" show without scrolling, focus on them: ${viewport.width}x${viewport.height}`, async ({ browser }) => {
    const context = await browser.newContext({ viewport });
    const page = await context.newPage();
    await page.goto(host.url);
    await page.getByRole('navigation', { name: 'Accounts' }).getByRole('button', { name: 'Add account' }).last().click();
    const dialog = page.getByRole('dialog', { name: 'Add account' });
    await fillAccount(dialog, 'Wrong key', `qs_live_${'0'.repeat(32)}`);
    await dialog.getByRole('button', { name: 'Save', exact: true }).click();
    const note = dialog.getByRole('alert').filter({ hasText: 'Not saved yet.' });
    await expect(note).toBeFocused();
    const refusal = dialog.getByRole('status').filter({ hasText: 'The service refused the API key' });
    await expect(refusal).not.toContainText(/\d\s*ms/);
    for (const shown of [refusal, note, dialog.getByRole('button', { name: 'Save anyway' })]) await expectWhollyInView(page, shown);
    await page.screenshot({ path: test.info().outputPath(`refused-key-${viewport.width}x${viewport.height}.png`) });
    await context.close();
  });
}

test('the team relay form is stacked and left-aligned: labels over full-width fields, hints in plain weight', async ({ browser }) => {
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  const page = await context.newPage();
  // An own account beside the demo ones: the team relay is offered for it.
  await page.goto(host.url);
  await page.getByRole('navigation', { name: 'Accounts' }).getByRole('button', { name: 'Add account' }).last().click();
  await fillAccount(page.getByRole('dialog', { name: 'Add account' }), 'Own key', apiKey);
  await page.getByRole('dialog', { name: 'Add account' }).getByRole('button', { name: 'Save', exact: true }).click();
  await expect(page.getByRole('dialog', { name: 'Add account' })).toBeHidden();
  await openSettings(page);
  // Set in Settings → Team (Live updates points there).
  const form = page.getByRole('form', { name: 'Team relay' }).locator('[data-relay-settings]');
  await form.scrollIntoViewIfNeeded();

  for (const name of ['Relay server', 'User', 'Password', 'Stream', 'Account whose key the relay serves']) {
    const control = form.getByLabel(name, { exact: true });
    const label = form.locator('label', { hasText: name }).first();
    const [labelBox, controlBox] = [await label.boundingBox(), await control.boundingBox()];
    // Stacked: the label over its control, both starting at the form's left edge.
    expect(Math.abs(labelBox!.x - controlBox!.x), `${name}: label and field start together`).toBeLessThanOrEqual(2);
    expect(labelBox!.y + labelBox!.height, `${name}: label above its field`).toBeLessThanOrEqual(controlBox!.y + 1);
    expect(controlBox!.width, `${name}: field as wide as the form's column`).toBeGreaterThan(400);
  }
  const hint = form.getByText('Anything but this computer must use TLS (tls://).');
  expect(await hint.evaluate((element) => element.ownerDocument.defaultView!.getComputedStyle(element).fontWeight)).toBe('400');
  expect(await hint.evaluate((element) => element.ownerDocument.defaultView!.getComputedStyle(element).textAlign)).not.toBe('center');
  await form.screenshot({ path: test.info().outputPath('relay-form.png') });
  await page.screenshot({ path: test.info().outputPath('settings-relay-1280.png') });
  await context.close();
});

// The own account added above ended the demo, and with it the embedded service: its
// registration cannot be read, as in a trial with the service stopped.
for (const scheme of ['light', 'dark'] as const) {
  for (const viewport of [
    { width: 1280, height: 800 },
    { width: 800, height: 700 },
  ]) {
    test(`with the service stopped, Live updates says why, offers Check again and holds back what cannot work: ${scheme} ${viewport.width}x${viewport.height}`, async ({ browser }) => {
      const context = await browser.newContext({ viewport, colorScheme: scheme });
      const page = await context.newPage();
      await openSettings(page);
      await page.getByRole('navigation', { name: 'Settings sections' }).getByRole('button', { name: 'Live updates' }).click();
      const settings = page.locator('[data-webhook-settings]');
      const save = settings.getByRole('button', { name: 'Save tunnel choice' });
      await expect(save).toBeDisabled();
      const card = settings.locator('[data-webhook-account]').filter({ hasText: 'Own key' });
      await card.getByRole('button', { name: /^Check (now|again) the registration of Own key$/ }).click();
      await expect(card.locator('[data-registration-reason]')).toContainText(/reach|connect/i);
      await expect(card.locator('[data-registration-state]')).toHaveText('Quotedesk could not read the registration from the Quoting Service.');
      await expect(card.getByRole('button', { name: 'Check again the registration of Own key' })).toBeVisible();
      const register = card.getByRole('button', { name: 'Register Own key' });
      await expect(register).toHaveAttribute('aria-disabled', 'true');
      await expect(register).toHaveAccessibleDescription(/Register needs a public address/);
      // The check has answered (its summary shows) before the page is judged.
      await expect(card.locator('[data-webhook-check]')).toBeVisible();
      await expect(card.getByRole('button', { name: 'Check again the registration of Own key' })).not.toHaveAttribute('aria-busy', 'true');
      await expectAccessible(page, `Live updates, service stopped (${scheme} ${viewport.width})`, test.info().outputPath(`live-updates-stopped-${scheme}-${viewport.width}.png`), { fullPage: false });
      // A choice other than the saved one: now there is something to save.
      await settings.getByRole('radio', { name: /^My own tunnel/ }).check();
      await expect(save).toBeEnabled();
      await expect(save).toHaveClass(/btn-primary/);
      await expect(settings.getByLabel('Local port your tunnel forwards to')).toHaveAccessibleDescription(/The receiver listens on http:\/\/127\.0\.0\.1:\d+/);
      await settings.locator('form').screenshot({ path: test.info().outputPath(`tunnel-form-${scheme}-${viewport.width}.png`) });
      await context.close();
    });
  }
}

test('the sections that ask for the shared row keep a label beside its control', async ({ browser }) => {
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  const page = await context.newPage();
  await openSettings(page);
  const offline = page.locator('label.setting-field').first();
  await offline.scrollIntoViewIfNeeded();
  const select = offline.locator('select');
  const [rowBox, selectBox] = [await offline.boundingBox(), await select.boundingBox()];
  // One row: the control sits to the right of the words, not under them.
  expect(selectBox!.x).toBeGreaterThan(rowBox!.x + 20);
  expect(selectBox!.height).toBeGreaterThan(rowBox!.height - 12);
  await page.screenshot({ path: test.info().outputPath('settings-full-1280.png'), fullPage: true });
  await context.close();
});

test('the section list marks the section at the top of the page, down to the last one', async ({ browser }) => {
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  const page = await context.newPage();
  await openSettings(page);
  const list = page.getByRole('navigation', { name: 'Settings sections' });
  const scroller = page.locator('.settings-page');
  const marked = () => list.locator('[aria-current="true"]');
  // Scrolled by hand to "Live updates": it is the one marked.
  await page.locator('[data-section="webhooks"]').evaluate((section, scrollerSelector) => {
    const scrollerElement = section.closest(scrollerSelector)!;
    scrollerElement.scrollTop = (section as unknown as { offsetTop: number }).offsetTop;
  }, '.settings-page');
  await expect(marked()).toHaveText('Live updates');
  // To the very end: the last section is at the top, and marked.
  await scroller.evaluate((element) => (element.scrollTop = element.scrollHeight));
  await expect(marked()).toHaveText('Appearance');
  const sectionTop = await page.locator('[data-section="appearance"]').evaluate((element) => element.getBoundingClientRect().top);
  const scrollerTop = await scroller.evaluate((element) => element.getBoundingClientRect().top);
  expect(Math.abs(sectionTop - scrollerTop)).toBeLessThanOrEqual(24);
  await page.screenshot({ path: test.info().outputPath('settings-end-1280.png') });
  await context.close();
});

test('after a resize to 800px the section list marks the section on screen, not the sliver of the one above', async ({ browser }) => {
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  const page = await context.newPage();
  await openSettings(page);
  const list = page.getByRole('navigation', { name: 'Settings sections' });
  const marked = () => list.locator('[aria-current="true"]');
  // Scrolled by hand so that "Live updates" starts at the top of the page.
  await page.locator('[data-section="webhooks"]').evaluate((section) => {
    section.closest('.settings-page')!.scrollTop = (section as unknown as { offsetTop: number }).offsetTop;
  });
  await expect(marked()).toHaveText('Live updates');
  // Narrower: the list moves above the page and the text above wraps; what stays on top is
  // the end of "Offline and sync" (its last pixels and the gap) and then "Live updates".
  await page.setViewportSize({ width: 800, height: 700 });
  await expect(page.getByRole('heading', { name: 'Live updates (webhooks)' })).toBeInViewport();
  await page.waitForTimeout(300);
  await expect(marked()).toHaveText('Live updates');
  await page.screenshot({ path: test.info().outputPath('settings-resized-800.png') });
  await context.close();
});

/** Within the window and not clipped by the dialog's scrolling body. */
async function expectWhollyInView(page: Page, locator: Locator) {
  const box = await locator.boundingBox();
  const clip = await locator.evaluate((element) => {
    let parent = element.parentElement;
    const view = element.ownerDocument.defaultView!;
    while (parent && view.getComputedStyle(parent).overflowY !== 'auto') parent = parent.parentElement;
    const rect = (parent ?? element.ownerDocument.documentElement).getBoundingClientRect();
    return { top: rect.top, bottom: Math.min(rect.bottom, view.innerHeight) };
  });
  expect(box).not.toBeNull();
  expect(box!.y).toBeGreaterThanOrEqual(clip.top - 1);
  expect(box!.y + box!.height).toBeLessThanOrEqual(clip.bottom + 1);
}

async function fillAccount(dialog: Locator, name: string, key: string) {
  await dialog.getByLabel('Name', { exact: true }).fill(name);
  await dialog.getByRole('radio', { name: 'Custom' }).check();
  await dialog.getByLabel('Base URL').fill(baseUrl);
  await dialog.getByRole('radio', { name: 'Client key' }).check();
  await dialog.getByRole('radio', { name: 'API key' }).check();
  await dialog.getByLabel('API key', { exact: true }).and(dialog.locator('input:not([type="radio"])')).fill(key);
}

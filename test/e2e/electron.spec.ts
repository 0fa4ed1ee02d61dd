// The built desktop app, launched with Playwright's _electron. Each check here is also made
// without Electron by a unit test (named beside it), since the binary cannot be downloaded
// on a sealed machine; there these tests are reported skipped with the reason.
import { spawn } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { _electron as electron, expect, test } from '@playwright/test';
import type { ElectronApplication, Page } from '@playwright/test';
import { EVENT_NAMES, METHOD_NAMES } from '../../preload/contract/plain/names';

/**
 * The Electron binary is downloaded on first use and cannot be on a sealed machine. The
 * npm package records where it unpacked the binary in path.txt, under dist/.
 */
function electronBinary(): { path: string } | { missing: string } {
  const packageDir = resolve('node_modules', 'electron');
  const pathFile = join(packageDir, 'path.txt');
  if (!existsSync(join(packageDir, 'dist')) || !existsSync(pathFile)) {
    return { missing: `Electron binary not downloaded on this machine (${join('node_modules', 'electron', 'dist')} missing): the desktop shell is covered by unit tests (test/unit/electron, test/unit/packaging) and the browser-mode tests instead.` };
  }
  const binary = join(packageDir, 'dist', readFileSync(pathFile, 'utf8').trim());
  return existsSync(binary) ? { path: binary } : { missing: `Electron binary not found at ${binary}.` };
}

const binary = electronBinary();
if ('missing' in binary) console.log(`[electron e2e] skipped: ${binary.missing}`);

/** The exact shape of window.quotedesk the contract defines: namespace -> sorted function names. */
function contractShape(): Record<string, string[]> {
  const shape: Record<string, string[]> = { events: [...EVENT_NAMES].sort() };
  for (const method of METHOD_NAMES) {
    const [namespace, name] = method.split('.') as [string, string];
    (shape[namespace] ??= []).push(name);
  }
  for (const names of Object.values(shape)) names.sort();
  return shape;
}

test.describe('Electron app', () => {
  test.skip('missing' in binary, 'missing' in binary ? binary.missing : '');

  let app: ElectronApplication;
  let page: Page;
  let userData: string;

  test.beforeAll(async () => {
    userData = await mkdtemp(join(tmpdir(), 'quotedesk-electron-'));
    app = await electron.launch({
      args: ['.', '--demo', ...(process.platform === 'linux' ? ['--no-sandbox'] : [])],
      ...('path' in binary ? { executablePath: binary.path } : {}),
      env: { ...process.env, QUOTEDESK_USER_DATA: userData },
    });
    page = await app.firstWindow();
  });

  test.afterAll(async () => {
    await app?.close();
    if (userData) await rm(userData, { recursive: true, force: true });
  });

  // Unit: test/unit/electron/window.test.ts (loads app://quotedesk/index.html).
  test('opens on the demo inbox, served from app://quotedesk/', async ({}, testInfo) => {
    const quotes = page.getByRole('table', { name: 'Quotes' });
    await expect(quotes.getByRole('row').filter({ hasText: /Q-\d{4}-\d{4}/ }).first()).toBeVisible({ timeout: 30_000 });
    expect(page.url()).toBe('app://quotedesk/index.html');
    await page.screenshot({ path: testInfo.outputPath('electron-inbox.png') });
  });

  // Unit: test/unit/electron/preload.test.ts, window.test.ts (contextIsolation, sandbox, no nodeIntegration).
  test('the page has no Node or Electron, and window.quotedesk has exactly the contract keys', async () => {
    const exposure = await page.evaluate(() => {
      const scope = globalThis as unknown as Record<string, unknown>;
      const api = (scope.quotedesk ?? {}) as Record<string, Record<string, unknown>>;
      const shape: Record<string, string[]> = {};
      for (const [namespace, functions] of Object.entries(api)) shape[namespace] = Object.keys(functions).sort();
      const kinds = Object.values(api).flatMap((functions) => Object.values(functions).map((value) => typeof value));
      return { require: typeof scope.require, process: typeof scope.process, module: typeof scope.module, ipcRenderer: 'ipcRenderer' in api, shape, kinds: [...new Set(kinds)] };
    });
    expect(exposure).toEqual({ require: 'undefined', process: 'undefined', module: 'undefined', ipcRenderer: false, shape: contractShape(), kinds: ['function'] });
  });

  // Unit: test/unit/electron/window.test.ts ("stops every other navigation", "denies every new window").
  test('navigation to other origins and window.open are blocked', async () => {
    for (const target of ['https://example.com/', 'file:///etc/passwd', 'app://quotedesk/assets/']) {
      await page.evaluate((url) => {
        (globalThis as unknown as { location: { href: string } }).location.href = url;
      }, target);
      await page.waitForTimeout(300);
      expect(page.url(), target).toBe('app://quotedesk/index.html');
    }
    expect(await page.evaluate(() => (globalThis as unknown as { open(url: string): unknown }).open('https://example.com/') === null)).toBe(true);
    expect(await page.evaluate(() => (globalThis as unknown as { open(url: string): unknown }).open('app://quotedesk/index.html') === null)).toBe(true);
    expect(await app.evaluate(({ BrowserWindow }) => BrowserWindow.getAllWindows().length)).toBe(1);
  });

  // Unit: test/unit/electron/app-protocol.test.ts (traversal, symlinks, 404, headers).
  test('app:// serves the page with its CSP and refuses traversal out of the renderer folder', async () => {
    const answers = await app.evaluate(async ({ net }) => {
      const urls = ['app://quotedesk/index.html', 'app://quotedesk/..%2fmain%2findex.js', 'app://quotedesk/%2e%2e%2f%2e%2e%2fpackage.json', 'app://quotedesk/../../package.json', 'app://quotedesk/missing.js'];
      const results: Array<{ url: string; status: number; csp: string | null; body: string }> = [];
      for (const url of urls) {
        const response = await net.fetch(url);
        results.push({ url, status: response.status, csp: response.headers.get('content-security-policy'), body: (await response.text()).slice(0, 200) });
      }
      return results;
    });
    expect(answers[0]).toMatchObject({ status: 200, csp: expect.stringContaining("connect-src 'none'") });
    for (const answer of answers.slice(1)) {
      expect([403, 404], answer.url).toContain(answer.status);
      expect(answer.body, answer.url).not.toContain('"dependencies"');
      expect(answer.body, answer.url).not.toContain('electron');
    }
  });

  // Unit: test/unit/core/links/deep-links.test.ts (parser), test/unit/electron/deep-links.test.ts (routing).
  test('a quotedesk:// link given to a second launch opens the quote in the running window', async () => {
    const target = await page.evaluate(async () => {
      const api = (globalThis as unknown as { quotedesk: { inbox: { query(input: unknown): Promise<{ ok: boolean; value?: { rows: Array<{ accountId: string; quoteId: string; projectName: string | null }> } }> } } }).quotedesk;
      for (let attempt = 0; attempt < 60; attempt += 1) {
        const answer = await api.inbox.query({ limit: 1 });
        const row = answer.ok ? answer.value?.rows[0] : undefined;
        if (row) return row;
        await new Promise((resolve) => setTimeout(resolve, 500));
      }
      return null;
    });
    expect(target, 'the demo inbox has a quote').not.toBeNull();
    const link = `quotedesk://quote/${target!.accountId}/${target!.quoteId}`;
    // The single-instance lock hands the second launch's arguments to this one, which routes the link.
    const second = spawn('path' in binary ? binary.path : 'electron', ['.', link, ...(process.platform === 'linux' ? ['--no-sandbox'] : [])], {
      env: { ...process.env, QUOTEDESK_USER_DATA: userData },
      stdio: 'ignore',
    });
    await new Promise((resolve) => second.once('exit', resolve));
    await expect(page.getByRole('heading', { name: target!.projectName ?? '' })).toBeVisible({ timeout: 15_000 });
    expect(await app.evaluate(({ BrowserWindow }) => BrowserWindow.getAllWindows().length)).toBe(1);
  });
});

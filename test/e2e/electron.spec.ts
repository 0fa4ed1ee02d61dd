// The desktop app as the installers ship it (electron-builder --dir: asar, fuses, production
// dependencies), launched with Playwright's _electron: start, the tray, a notification, a
// deep link, quit. Each check is also made without Electron by a unit test (named beside
// it), since the binary cannot be downloaded on a sealed machine; there these tests are
// reported skipped with the reason (and .ci/run's reason for not fetching it).
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { _electron as electron, expect, test } from '@playwright/test';
import type { ElectronApplication, Page } from '@playwright/test';
import type { MenuItem } from 'electron';
import { EVENT_NAMES, METHOD_NAMES } from '../../preload/contract/plain/names';

/**
 * The Electron binary is downloaded on first use (.ci/run tries, bounded) and cannot be on a
 * sealed machine. The npm package records where it unpacked the binary in path.txt, under dist/.
 */
function electronDist(): { dist: string } | { missing: string } {
  const packageDir = resolve('node_modules', 'electron');
  const pathFile = join(packageDir, 'path.txt');
  const fetchReport = resolve('reports', 'electron-unavailable.txt');
  const why = existsSync(fetchReport) ? ` ${readFileSync(fetchReport, 'utf8').trim()}` : '';
  if (!existsSync(join(packageDir, 'dist')) || !existsSync(pathFile)) {
    return { missing: `Electron binary not downloaded on this machine (${join('node_modules', 'electron', 'dist')} missing).${why} The desktop shell is covered by unit tests (test/unit/electron, test/unit/packaging) and the browser-mode tests instead.` };
  }
  const binary = join(packageDir, 'dist', readFileSync(pathFile, 'utf8').trim());
  return existsSync(binary) ? { dist: join(packageDir, 'dist') } : { missing: `Electron binary not found at ${binary}.` };
}

/** The app's executable inside electron-builder's --dir output, per platform. */
function packedExecutable(out: string): string {
  if (process.platform === 'win32') return join(out, 'win-unpacked', 'Quotedesk.exe');
  if (process.platform === 'darwin') {
    const folder = readdirSync(out).find((name) => name.startsWith('mac'))!;
    return join(out, folder, 'Quotedesk.app', 'Contents', 'MacOS', 'Quotedesk');
  }
  return join(out, 'linux-unpacked', 'quotedesk');
}

/**
 * Packs the built app as the installers do (asar, fuses, production dependencies) with
 * `electron-builder --dir` on this machine's Electron. One fuse is left on: Playwright drives
 * Electron through the Node inspector, which EnableNodeCliInspectArguments turns off in a
 * release (the fuse itself is checked by test/unit/packaging/package-contents.test.ts).
 */
function packApp(dist: string, out: string): string {
  const result = spawnSync(
    process.execPath,
    ['node_modules/electron-builder/cli.js', '--dir', `-c.electronDist=${dist}`, `-c.directories.output=${out}`, '-c.electronFuses.enableNodeCliInspectArguments=true'],
    { encoding: 'utf8', env: { ...process.env, CI: 'true', CSC_IDENTITY_AUTO_DISCOVERY: 'false' } },
  );
  if (result.status !== 0) throw new Error(`electron-builder --dir failed:\n${result.stdout}\n${result.stderr}`);
  return packedExecutable(out);
}

const electronFound = electronDist();
if ('missing' in electronFound) console.log(`[electron e2e] skipped: ${electronFound.missing}`);
const sandboxArgs = process.platform === 'linux' ? ['--no-sandbox'] : [];

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

test.describe('Electron app, packed', () => {
  test.skip('missing' in electronFound, 'missing' in electronFound ? electronFound.missing : '');
  test.describe.configure({ mode: 'serial', timeout: 180_000 });

  let app: ElectronApplication;
  let page: Page;
  let userData: string;
  let packed: string;
  let work: string;

  test.beforeAll(async () => {
    test.setTimeout(300_000);
    work = await mkdtemp(join(tmpdir(), 'quotedesk-packed-'));
    userData = join(work, 'user-data');
    packed = packApp((electronFound as { dist: string }).dist, join(work, 'dist'));
    app = await electron.launch({
      executablePath: packed,
      args: ['--demo', ...sandboxArgs],
      env: { ...process.env, QUOTEDESK_USER_DATA: userData },
    });
    page = await app.firstWindow();
  });

  test.afterAll(async () => {
    await app?.close().catch(() => undefined);
    if (work) await rm(work, { recursive: true, force: true });
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
    const second = spawn(packed, [link, ...sandboxArgs], {
      env: { ...process.env, QUOTEDESK_USER_DATA: userData },
      stdio: 'ignore',
    });
    await new Promise((resolve) => second.once('exit', resolve));
    await expect(page.getByRole('heading', { name: target!.projectName ?? '' })).toBeVisible({ timeout: 15_000 });
    expect(await app.evaluate(({ BrowserWindow }) => BrowserWindow.getAllWindows().length)).toBe(1);
  });

  // Unit: test/unit/electron/main-process.test.ts ("closing the window hides it…"), residency.ts.
  test('closing the window leaves Quotedesk in the tray, says so in a notification, and the core keeps answering', async () => {
    if (process.platform === 'darwin') {
      // macOS keeps its dock convention: the window really closes, the app and its core stay.
      await app.evaluate(({ BrowserWindow }) => BrowserWindow.getAllWindows()[0]!.close());
      await expect.poll(() => app.evaluate(({ BrowserWindow }) => BrowserWindow.getAllWindows().length)).toBe(0);
      expect(await app.evaluate(({ app: electronApp }) => electronApp.isReady())).toBe(true);
      expect(readFileSync(join(userData, 'logs', 'quotedesk.log'), 'utf8')).toContain('tray shown');
      return;
    }
    // Every notification the main process shows is recorded (the system's own cannot be read back).
    await app.evaluate(({ Notification }) => {
      const scope = globalThis as unknown as { shownTitles: string[] };
      scope.shownTitles = [];
      const show = Notification.prototype.show;
      Notification.prototype.show = function (this: { title: string }) {
        scope.shownTitles.push(this.title);
        return show.call(this);
      };
    });
    await app.evaluate(({ BrowserWindow }) => BrowserWindow.getAllWindows()[0]!.close());
    await expect.poll(() => app.evaluate(({ BrowserWindow }) => BrowserWindow.getAllWindows().map((window) => window.isVisible()))).toEqual([false]);
    await expect.poll(() => app.evaluate(() => (globalThis as unknown as { shownTitles: string[] }).shownTitles)).toContain('Quotedesk is still running');
    // The tray is there: it was created once the core ran (logged), and the page's bridge still answers.
    expect(readFileSync(join(userData, 'logs', 'quotedesk.log'), 'utf8')).toContain('tray shown');
    const status = await page.evaluate(async () => (globalThis as unknown as { quotedesk: { sync: { status(): Promise<{ ok: boolean }> } } }).quotedesk.sync.status());
    expect(status.ok).toBe(true);
    await app.evaluate(({ BrowserWindow }) => BrowserWindow.getAllWindows()[0]!.show());
  });

  // Unit: test/unit/electron/main-process.test.ts ("Quit in the app menu quits"), app-menu.ts.
  test('the packed app has no developer tools in its menu, and Quit in the menu ends the process', async () => {
    const labels = await app.evaluate(({ Menu }) => {
      const walk = (items: MenuItem[]): string[] => items.flatMap((item) => [item.role ?? item.label, ...(item.submenu ? walk(item.submenu.items) : [])]);
      return walk(Menu.getApplicationMenu()?.items ?? []);
    });
    expect(labels).toContain('Quit Quotedesk');
    expect(labels.map((label) => label.toLowerCase())).not.toContain('toggledevtools');
    const exited = new Promise<void>((resolve) => app.process().once('exit', () => resolve()));
    await app.evaluate(({ Menu }) => {
      const find = (items: MenuItem[]): MenuItem | undefined => {
        for (const item of items) {
          if (item.label === 'Quit Quotedesk') return item;
          const inner = item.submenu ? find(item.submenu.items) : undefined;
          if (inner) return inner;
        }
        return undefined;
      };
      find(Menu.getApplicationMenu()?.items ?? [])?.click();
    });
    await exited;
  });
});

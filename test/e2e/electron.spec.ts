import { existsSync, readFileSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { _electron as electron, expect, test } from '@playwright/test';

/**
 * The Electron binary is downloaded on first use and cannot be on a sealed machine. The
 * npm package records where it unpacked the binary in path.txt, under dist/.
 */
function electronBinary(): { path: string } | { missing: string } {
  const packageDir = resolve('node_modules', 'electron');
  const pathFile = join(packageDir, 'path.txt');
  if (!existsSync(join(packageDir, 'dist')) || !existsSync(pathFile)) {
    return { missing: `Electron binary not downloaded on this machine (${join('node_modules', 'electron', 'dist')} missing): the desktop shell is covered by the browser-mode tests instead.` };
  }
  const binary = join(packageDir, 'dist', readFileSync(pathFile, 'utf8').trim());
  return existsSync(binary) ? { path: binary } : { missing: `Electron binary not found at ${binary}.` };
}

const binary = electronBinary();
if ('missing' in binary) console.log(`[electron e2e] skipped: ${binary.missing}`);

test.describe('Electron app', () => {
  test.skip('missing' in binary, 'missing' in binary ? binary.missing : '');

  test('opens on the demo inbox through the sandboxed preload bridge', async ({}, testInfo) => {
    const userData = await mkdtemp(join(tmpdir(), 'quotedesk-electron-'));
    const app = await electron.launch({
      args: ['.', ...(process.platform === 'linux' ? ['--no-sandbox'] : [])],
      ...('path' in binary ? { executablePath: binary.path } : {}),
      env: { ...process.env, QUOTEDESK_USER_DATA: userData },
    });
    try {
      const page = await app.firstWindow();
      const quotes = page.getByRole('table', { name: 'Quotes' });
      await expect(quotes.getByRole('row').filter({ hasText: /Q-\d{4}-\d{4}/ }).first()).toBeVisible({ timeout: 30_000 });

      // The page sees the bridge and nothing of Node or Electron.
      const exposure = await page.evaluate(() => {
        const scope = globalThis as unknown as Record<string, unknown>;
        const api = scope.quotedesk as Record<string, unknown> | undefined;
        return { bridge: typeof api?.quotes, require: typeof scope.require, process: typeof scope.process, ipcRenderer: api && 'ipcRenderer' in api };
      });
      expect(exposure).toEqual({ bridge: 'object', require: 'undefined', process: 'undefined', ipcRenderer: false });

      // window.open is denied: no second window appears.
      expect(await page.evaluate(() => (globalThis as unknown as { open(url: string): unknown }).open('https://example.com/') === null)).toBe(true);
      expect(await app.evaluate(({ BrowserWindow }) => BrowserWindow.getAllWindows().length)).toBe(1);

      await page.screenshot({ path: testInfo.outputPath('electron-inbox.png') });
    } finally {
      await app.close();
      await rm(userData, { recursive: true, force: true });
    }
  });
});

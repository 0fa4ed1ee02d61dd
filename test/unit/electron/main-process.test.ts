// The main process as it runs, on linux, win32 and darwin, under the recording stand-in of
// the electron module (electron-stand-in.ts), with the real core behind it (demo mode, a
// temporary data folder). What the person sees of the shell is asserted here: start-up in
// Electron's order, the window staying in the tray, quitting for real, start-up failures
// shown, the menu, the clipboard permission, spellcheck kept off the network.
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';

// Each test runs the real core (demo mode, sync, webhooks) on a shared machine: seconds, not milliseconds.
vi.setConfig({ testTimeout: 60_000, hookTimeout: 60_000 });
import { createElectronStandIn, electronEvent } from './electron-stand-in';
import type { ElectronStandIn } from './electron-stand-in';

const holder = vi.hoisted(() => ({ current: null as unknown as { module: Record<string, unknown> } }));
vi.mock('electron', () => {
  const names = ['app', 'BrowserWindow', 'Tray', 'Notification', 'Menu', 'dialog', 'nativeImage', 'protocol', 'session', 'safeStorage', 'powerMonitor', 'ipcMain', 'shell'];
  const module: Record<string, unknown> = {};
  for (const name of names) Object.defineProperty(module, name, { enumerable: true, get: () => holder.current.module[name] });
  return module;
});

const { runDesktopApp } = await import('../../../main/electron/main-process');
const { SPELLCHECK_DICTIONARY_URL } = await import('../../../main/electron/window');
const { TOAST_ACTIVATOR_CLSID } = await import('../../../main/electron/desktop-notifications');
const { relabelShell } = await import('../../../main/electron/relabel');
const { setLocale } = await import('../../../i18n/paraglide/runtime.js');

const PLATFORMS: NodeJS.Platform[] = ['linux', 'win32', 'darwin'];
const folders: string[] = [];
const running: ElectronStandIn[] = [];

async function until<T>(read: () => T | undefined | null | false, what: string, ms = 20_000): Promise<T> {
  const deadline = Date.now() + ms;
  for (;;) {
    const value = read();
    if (value) return value;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}

async function start(platform: NodeJS.Platform, options: { argv?: string[]; packaged?: boolean; userData?: string; env?: Record<string, string> } = {}) {
  const userData = options.userData ?? (await mkdtemp(join(tmpdir(), 'quotedesk-main-')));
  folders.push(userData);
  const electron = createElectronStandIn({ platform, userData, packaged: options.packaged });
  holder.current = electron;
  running.push(electron);
  runDesktopApp(
    { platform, argv: ['/opt/Quotedesk/quotedesk', ...(options.argv ?? [])], env: { HOME: userData, ...options.env }, defaultApp: false, execPath: '/opt/Quotedesk/quotedesk', resourcesPath: join(userData, 'resources') },
    { preloadPath: '/app/out/preload/index.cjs', rendererDir: join(userData, 'renderer') },
  );
  return electron;
}

async function startReady(platform: NodeJS.Platform, options: Parameters<typeof start>[1] = {}) {
  const electron = await start(platform, options);
  electron.becomeReady();
  await until(() => electron.windows.length > 0 || electron.errorBoxes.length > 0, 'the window');
  expect(electron.errorBoxes).toEqual([]);
  return electron;
}

const quitItem = (electron: ElectronStandIn) => electron.trays[0]!.menu.find((item) => item.label === 'Quit Quotedesk')!;

async function quitAndWait(electron: ElectronStandIn) {
  (electron.module.app as { quit(): void }).quit();
  await until(() => electron.quitState() === 'quit', 'the quit');
}

afterEach(async () => {
  for (const electron of running.splice(0)) {
    if (electron.quitState() !== 'quit' && electron.exitCode() === null) await quitAndWait(electron);
  }
  for (const folder of folders.splice(0)) await rm(folder, { recursive: true, force: true });
});

describe('the desktop app in another language', () => {
  afterEach(() => void setLocale('en', { reload: false }));

  it('rewrites the menu bar and the tray when the language changes while it runs, and stops once it quit', async () => {
    const electron = await startReady('linux', { packaged: true });
    const menuBar = () => (electron.applicationMenu()!.template as Array<{ label?: string }>).map((menu) => menu.label);
    expect(menuBar()).toEqual(['&File', '&Edit', '&View', '&Window', '&Help']);
    setLocale('de', { reload: false });
    relabelShell();
    expect(menuBar()).toEqual(['&Datei', '&Bearbeiten', '&Ansicht', '&Fenster', '&Hilfe']);
    expect(electron.trays[0]!.menu.map((item) => item.label).filter(Boolean)).toContain('Quotedesk beenden');
    await quitAndWait(electron);
    setLocale('fr', { reload: false });
    expect(() => relabelShell()).not.toThrow();
    expect(menuBar()).toEqual(['&Datei', '&Bearbeiten', '&Ansicht', '&Fenster', '&Hilfe']);
  });
});

describe.each(PLATFORMS)('the desktop app on %s', (platform) => {
  it("starts in Electron's order, with our menu, the clipboard for the app page only, spellcheck off the network, and Quit in the menu quits", async () => {
    const electron = await start(platform, { packaged: true });
    expect(electron.calls.map((call) => call.api)).toEqual(expect.arrayContaining(['app.enableSandbox', 'protocol.registerSchemesAsPrivileged', 'app.setName']));
    expect(electron.windows).toEqual([]);
    electron.becomeReady();
    await until(() => electron.windows.length > 0 || electron.errorBoxes.length > 0, 'the window');
    expect(electron.errorBoxes).toEqual([]);
    expect(electron.trays).toHaveLength(1);
    expect(electron.windows[0]!.visible).toBe(true);
    expect(electron.windows[0]!.loaded).toEqual(['app://quotedesk/index.html']);
    // Windows toasts belong to the installed app and reach it after it quit.
    const windowsIdentity = electron.calls.filter((call) => call.api === 'app.setAppUserModelId' || call.api === 'app.setToastActivatorCLSID').map((call) => call.api);
    expect(windowsIdentity).toEqual(platform === 'win32' ? ['app.setAppUserModelId', 'app.setToastActivatorCLSID'] : []);

    // A packaged build: our own menu, with Quit and without developer tools.
    const template = electron.applicationMenu()!.template as Array<{ submenu?: Array<{ label?: string; role?: string; click?: () => void }> }>;
    const items = template.flatMap((menu) => menu.submenu ?? []);
    expect(items.map((item) => item.role)).toContain('copy');
    expect(items.map((item) => item.role)).not.toEqual(expect.arrayContaining(['toggleDevTools']));
    expect(items.some((item) => item.role === 'toggleDevTools' || item.role === 'forceReload' || item.role === 'reload')).toBe(false);

    // Spellcheck never reaches the network, and is off where it would need downloads (Linux).
    expect(electron.sessionCalls).toContainEqual({ api: 'setSpellCheckerDictionaryDownloadURL', args: [SPELLCHECK_DICTIONARY_URL] });
    expect((electron.windows[0]!.options as { webPreferences: { spellcheck: boolean } }).webPreferences.spellcheck).toBe(platform !== 'linux');

    // The Copy buttons may write to the clipboard from the app page; nothing else is granted.
    const ask = (permission: string, details: { isMainFrame: boolean; requestingUrl: string }) => {
      let granted: unknown;
      electron.permission.request?.({}, permission, (answer: boolean) => (granted = answer), details);
      return granted;
    };
    expect(ask('clipboard-sanitized-write', { isMainFrame: true, requestingUrl: 'app://quotedesk/index.html' })).toBe(true);
    expect(ask('clipboard-sanitized-write', { isMainFrame: false, requestingUrl: 'app://quotedesk/index.html' })).toBe(false);
    expect(ask('clipboard-read', { isMainFrame: true, requestingUrl: 'app://quotedesk/index.html' })).toBe(false);
    expect(ask('notifications', { isMainFrame: true, requestingUrl: 'app://quotedesk/index.html' })).toBe(false);

    // Quit in the app menu quits, with the window open.
    items.find((item) => item.label === 'Quit Quotedesk')!.click!();
    await until(() => electron.quitState() === 'quit', 'the quit');
    expect(electron.trays[0]!.destroyed).toBe(true);
    expect(electron.windows[0]!.isDestroyed()).toBe(true);
  });

  it('honours --no-sandbox when the person passes it, and sandboxes everything otherwise', async () => {
    expect((await start(platform, { argv: ['--no-sandbox'] })).calls.map((call) => call.api)).not.toContain('app.enableSandbox');
    expect((await start(platform)).calls.map((call) => call.api)).toContain('app.enableSandbox');
  });

  it('a start-up failure is shown with what failed and where the log is, then the app exits', async () => {
    const parent = await mkdtemp(join(tmpdir(), 'quotedesk-main-'));
    folders.push(parent);
    // The data folder's path is taken by a file: the folder cannot be made.
    const userData = join(parent, 'Quotedesk');
    await writeFile(userData, 'not a folder');
    const electron = await start(platform, { userData });
    electron.becomeReady();
    await until(() => electron.exitCode() !== null, 'the exit');
    expect(electron.exitCode()).toBe(1);
    expect(electron.errorBoxes).toHaveLength(1);
    expect(electron.errorBoxes[0]).toMatchObject({ title: 'Quotedesk could not start', shown: 'dialog' });
    expect(electron.errorBoxes[0]!.content).toContain('while preparing the data folder');
    expect(electron.errorBoxes[0]!.content).toContain(join(userData, 'logs', 'quotedesk.log'));
    expect(electron.windows).toEqual([]);
  });
});

describe.each(['linux', 'win32'] as NodeJS.Platform[])('staying in the tray on %s', (platform) => {
  it('closing the window hides it; the core keeps answering; a note says so once; Quit in the tray really quits', async () => {
    const electron = await startReady(platform);
    const window = electron.windows[0]!;
    expect(window.close()).toBe(false);
    expect(window.isDestroyed()).toBe(false);
    expect(window.isVisible()).toBe(false);
    expect(electron.quitState()).toBe('running');
    expect(electron.notifications.filter((note) => note.title === 'Quotedesk is still running')).toHaveLength(1);
    // Sync, notifications and the receiver live in the core: it still answers the window's page.
    expect(await electron.invoke('sync.status')).toMatchObject({ ok: true });
    expect(await electron.invoke('webhooks.status')).toMatchObject({ ok: true });
    // The tray opens the same window again; a second close hides it without a second note.
    electron.trays[0]!.menu.find((item) => item.label?.startsWith('Open Quotedesk'))!.click!();
    expect(window.isVisible()).toBe(true);
    window.close();
    expect(electron.notifications.filter((note) => note.title === 'Quotedesk is still running')).toHaveLength(1);
    expect(electron.windows).toHaveLength(1);
    quitItem(electron).click!();
    await until(() => electron.quitState() === 'quit', 'the quit');
    expect(window.isDestroyed()).toBe(true);
    expect(electron.calls.map((call) => call.api)).not.toContain('quit cancelled by a window');
  });

  it('the note is not shown again after a restart', async () => {
    const first = await startReady(platform);
    first.windows[0]!.close();
    await quitAndWait(first);
    const userData = folders.at(-1)!;
    const second = await startReady(platform, { userData });
    second.windows[0]!.close();
    expect(second.windows[0]!.isVisible()).toBe(false);
    expect(second.notifications.filter((note) => note.title === 'Quotedesk is still running')).toEqual([]);
  });

  it('started at login (--hidden) it waits in the tray; with "keep running" turned off, closing the window quits', async () => {
    const electron = await startReady(platform, { argv: ['--hidden'] });
    expect(electron.windows[0]!.isVisible()).toBe(false);
    expect(electron.trays).toHaveLength(1);
    expect(await electron.invoke('desktop.setPreferences', { resident: false })).toMatchObject({ ok: true, value: { resident: { supported: true, enabled: false } } });
    electron.trays[0]!.menu.find((item) => item.label?.startsWith('Open Quotedesk'))!.click!();
    expect(electron.windows[0]!.isVisible()).toBe(true);
    electron.windows[0]!.close();
    await until(() => electron.quitState() === 'quit', 'the quit');
  });
});

describe('the Windows Start menu shortcut', () => {
  it('is given the AppUserModelID and the toast activator CLSID at start, when the installer made one', async () => {
    const userData = await mkdtemp(join(tmpdir(), 'quotedesk-main-'));
    folders.push(userData);
    const shortcut = join(userData, 'app-data', 'Microsoft', 'Windows', 'Start Menu', 'Programs', 'Quotedesk.lnk');
    await mkdir(dirname(shortcut), { recursive: true });
    await writeFile(shortcut, 'lnk');
    const electron = await startReady('win32', { packaged: true, userData });
    const stamps = electron.calls.filter((call) => call.api === 'shell.writeShortcutLink');
    expect(stamps).toEqual([{ api: 'shell.writeShortcutLink', args: [shortcut, 'update', { target: '/opt/Quotedesk/quotedesk', appUserModelId: 'com.quotedesk.app', toastActivatorClsid: TOAST_ACTIVATOR_CLSID }] }]);
  });

  it('is left alone where there is none (an unpackaged or portable run)', async () => {
    const electron = await startReady('win32', { packaged: true });
    expect(electron.calls.some((call) => call.api === 'shell.writeShortcutLink')).toBe(false);
  });
});

describe('a second launch during start-up', () => {
  it('makes no window before the session is ready, and the one window opens shown', async () => {
    const electron = await start('win32', { argv: ['--hidden'] });
    electron.becomeReady();
    // Before the app's start-up has run: a window now would load app:// before it is served.
    (electron.module.app as { emit(event: string, ...args: unknown[]): void }).emit('second-instance', electronEvent(), ['C:\\Quotedesk\\Quotedesk.exe'], 'C:\\');
    expect(electron.windows).toEqual([]);
    await until(() => electron.windows.length > 0, 'the window');
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(electron.windows).toHaveLength(1);
    expect(electron.windows[0]!.isVisible()).toBe(true);
    const hardenedBeforeWindow = electron.sessionCalls.some((call) => call.api === 'protocol.handle');
    expect(hardenedBeforeWindow).toBe(true);
  });
});

describe('macOS keeps the dock convention', () => {
  it('closing the window closes it, the app and its tray stay, and the tray opens a new window', async () => {
    const electron = await startReady('darwin', { env: { QUOTEDESK_UPDATE_URL: 'https://updates.example.com/quotedesk/' } });
    const first = electron.windows[0]!;
    expect(first.close()).toBe(true);
    expect(first.isDestroyed()).toBe(true);
    expect(electron.quitState()).toBe('running');
    expect(electron.notifications).toEqual([]);
    electron.trays[0]!.menu.find((item) => item.label?.startsWith('Open Quotedesk'))!.click!();
    expect(electron.windows).toHaveLength(2);
    expect(electron.windows[1]!.isVisible()).toBe(true);
    // An unpackaged run does not update itself, even with a feed configured, and says so.
    expect(await electron.invoke('desktop.state')).toMatchObject({ ok: true, value: { platform: 'darwin', resident: { supported: false }, update: { phase: 'disabled', message: expect.stringContaining('no update feed') } } });
  });
});

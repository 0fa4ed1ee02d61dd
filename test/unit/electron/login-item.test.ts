// "Start Quotedesk when I log in" on each platform, and its one-time offer.
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { DesktopState } from '../../../preload/contract';
import { createMemorySettingsStore } from '../../../main/core/settings-and-secrets';
import { createSilentLogger } from '../../../main/core/log';
import type { UpdateService } from '../../../main/core/updates';
import { appMenuTemplate } from '../../../main/electron/app-menu';
import { createDesktopPreferenceStore } from '../../../main/electron/desktop-preferences';
import { createDesktopSettings } from '../../../main/electron/desktop-settings';
import { autostartEntry, autostartPath, createLoginItem, desktopExecArgument } from '../../../main/electron/login-item';

let home: string;
beforeEach(async () => {
  home = await mkdtemp(join(tmpdir(), 'quotedesk-login-'));
});
afterEach(async () => {
  await rm(home, { recursive: true, force: true });
});

function systemLoginItems() {
  const state = { openAtLogin: false, set: [] as unknown[] };
  return {
    state,
    app: {
      getLoginItemSettings: () => ({ openAtLogin: state.openAtLogin }) as never,
      setLoginItemSettings: (settings: { openAtLogin: boolean }) => {
        state.set.push(settings);
        state.openAtLogin = settings.openAtLogin;
      },
    },
  };
}

describe('the login item', () => {
  it('on Linux writes an XDG autostart entry that starts the AppImage (or the executable) in the tray, and removes it', async () => {
    const { app, state } = systemLoginItems();
    const item = createLoginItem({ app, platform: 'linux', executable: '/home/ann/Apps/Quotedesk 1.0.AppImage', env: { HOME: home }, logger: createSilentLogger() });
    expect(item.supported).toBe(true);
    expect(item.enabled()).toBe(false);
    item.set(true);
    const path = join(home, '.config', 'autostart', 'quotedesk.desktop');
    const text = await readFile(path, 'utf8');
    expect(text).toContain('[Desktop Entry]\nType=Application\nName=Quotedesk\n');
    expect(text).toContain('Exec="/home/ann/Apps/Quotedesk 1.0.AppImage" --hidden\n');
    expect(item.enabled()).toBe(true);
    item.set(false);
    expect(item.enabled()).toBe(false);
    await expect(readFile(path, 'utf8')).rejects.toMatchObject({ code: 'ENOENT' });
    expect(state.set).toEqual([]);
  });

  it('follows XDG_CONFIG_HOME and quotes Exec as the desktop entry spec says', () => {
    expect(autostartPath({ HOME: '/home/ann', XDG_CONFIG_HOME: '/home/ann/.cfg' })).toBe('/home/ann/.cfg/autostart/quotedesk.desktop');
    expect(autostartPath({ HOME: '/home/ann', XDG_CONFIG_HOME: 'relative' })).toBe('/home/ann/.config/autostart/quotedesk.desktop');
    expect(desktopExecArgument('/opt/Quotedesk/quotedesk')).toBe('/opt/Quotedesk/quotedesk');
    expect(desktopExecArgument('/home/a b/$x`"\\100%.AppImage')).toBe('"/home/a b/\\$x\\`\\"\\\\100%%.AppImage"');
    expect(autostartEntry('/opt/Quotedesk/quotedesk')).toContain('Exec=/opt/Quotedesk/quotedesk --hidden\n');
  });

  it('on Windows and macOS uses the system login items, Windows starting it with --hidden', () => {
    for (const platform of ['win32', 'darwin'] as const) {
      const { app, state } = systemLoginItems();
      const item = createLoginItem({ app, platform, executable: 'C:\\Quotedesk\\Quotedesk.exe', env: { HOME: home }, logger: createSilentLogger() });
      item.set(true);
      expect(item.enabled()).toBe(true);
      expect(state.set).toEqual([platform === 'win32' ? { openAtLogin: true, args: ['--hidden'] } : { openAtLogin: true }]);
    }
  });
});

function settingsFor(platform: NodeJS.Platform) {
  const { app } = systemLoginItems();
  const emitted: DesktopState[] = [];
  const preferences = createDesktopPreferenceStore(createMemorySettingsStore(), createSilentLogger());
  const switched: string[] = [];
  const updates = {
    state: () => ({ phase: 'disabled', channel: 'stable', currentVersion: '1.0.0', version: null, percent: null, checkedAt: null, message: null, waitingForDecision: false }),
    setChannel: async (channel: string) => void switched.push(channel),
  } as unknown as UpdateService;
  const settings = createDesktopSettings({
    platform,
    preferences,
    loginItem: createLoginItem({ app, platform, executable: '/opt/Quotedesk/quotedesk', env: { HOME: home }, logger: createSilentLogger() }),
    updates: () => updates,
    logger: createSilentLogger(),
    emit: (state) => emitted.push(state),
  });
  return { settings, emitted, preferences, switched };
}

describe('the login offer', () => {
  it('comes once, after the first real account, and is not asked again whatever the answer', async () => {
    const { settings, emitted } = settingsFor('linux');
    settings.accountsChanged([{ demo: true }]);
    expect(settings.state().loginOffer).toBe(false);
    settings.accountsChanged([{ demo: false }]);
    expect(settings.state().loginOffer).toBe(true);
    expect(emitted.at(-1)?.loginOffer).toBe(true);
    const answered = await settings.handlers['desktop.answerLoginOffer']({ startAtLogin: true });
    expect(answered).toMatchObject({ loginOffer: false, openAtLogin: { supported: true, enabled: true } });
    settings.accountsChanged([{ demo: false }, { demo: false }]);
    expect(settings.state().loginOffer).toBe(false);
  });

  it('"Not now" keeps Quotedesk out of the login items and the offer away', async () => {
    const { settings } = settingsFor('win32');
    settings.accountsChanged([{ demo: false }]);
    expect(await settings.handlers['desktop.answerLoginOffer']({ startAtLogin: false })).toMatchObject({ loginOffer: false, openAtLogin: { enabled: false } });
    settings.accountsChanged([{ demo: false }]);
    expect(settings.state().loginOffer).toBe(false);
  });

  it('keeping running in the tray is on by default on Windows and Linux, and absent on macOS', async () => {
    expect(settingsFor('win32').settings.state().resident).toEqual({ supported: true, enabled: true });
    expect(settingsFor('linux').settings.state().resident).toEqual({ supported: true, enabled: true });
    expect(settingsFor('darwin').settings.state().resident).toEqual({ supported: false, enabled: false });
    const { settings } = settingsFor('linux');
    expect(await settings.handlers['desktop.setPreferences']({ resident: false })).toMatchObject({ resident: { enabled: false } });
  });
});

describe('the update channel', () => {
  it('is kept in the desktop preferences and switches the updater', async () => {
    const { settings, preferences, switched } = settingsFor('win32');
    expect(preferences.get().updateChannel).toBe('stable');
    await settings.handlers['desktop.setPreferences']({ updateChannel: 'beta' });
    expect(preferences.get().updateChannel).toBe('beta');
    expect(switched).toEqual(['beta']);
  });
});

describe('the application menu', () => {
  const roles = (packaged: boolean, platform: NodeJS.Platform) =>
    appMenuTemplate({ platform, packaged, onQuit: () => undefined, onCheckForUpdates: () => undefined }).flatMap((menu) => (Array.isArray(menu.submenu) ? menu.submenu : [])).map((item) => item.role ?? item.label);

  it('has developer tools only in an unpackaged run, and Quit and Check for Updates on every platform', () => {
    for (const platform of ['linux', 'win32', 'darwin'] as const) {
      expect(roles(true, platform)).not.toContain('toggleDevTools');
      expect(roles(false, platform)).toContain('toggleDevTools');
      expect(roles(true, platform)).toEqual(expect.arrayContaining(['Quit Quotedesk', 'Check for Updates…', 'copy', 'paste']));
    }
  });
});

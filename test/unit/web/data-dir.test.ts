import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { defaultDataDir } from '../../../main/web/data-dir';

describe('default data folder', () => {
  it('follows each platform’s convention', () => {
    expect(defaultDataDir('linux', {}, '/home/ana')).toBe('/home/ana/.local/share/Quotedesk-browser');
    expect(defaultDataDir('linux', { XDG_DATA_HOME: '/data/ana' }, '/home/ana')).toBe('/data/ana/Quotedesk-browser');
    expect(defaultDataDir('darwin', {}, '/Users/ana')).toBe('/Users/ana/Library/Application Support/Quotedesk-browser');
    expect(defaultDataDir('win32', { APPDATA: 'C:/Users/ana/AppData/Roaming' }, 'C:/Users/ana')).toBe(join('C:/Users/ana/AppData/Roaming', 'Quotedesk-browser'));
  });

  it('never lands in the desktop app’s folder, whose secrets file has another format', () => {
    // Electron's userData for the app named "Quotedesk" (main/index.ts sets the name).
    const desktop = {
      linux: '/home/ana/.config/Quotedesk',
      darwin: '/Users/ana/Library/Application Support/Quotedesk',
      win32: join('C:/Users/ana/AppData/Roaming', 'Quotedesk'),
    };
    expect(defaultDataDir('linux', { XDG_DATA_HOME: '/home/ana/.config' }, '/home/ana').toLowerCase()).not.toBe(desktop.linux.toLowerCase());
    // Windows and macOS folders are case-insensitive: "quotedesk" would still be the same folder.
    expect(defaultDataDir('darwin', {}, '/Users/ana').toLowerCase()).not.toBe(desktop.darwin.toLowerCase());
    expect(defaultDataDir('win32', { APPDATA: 'C:/Users/ana/AppData/Roaming' }, 'C:/Users/ana').toLowerCase()).not.toBe(desktop.win32.toLowerCase());
  });

  it('ignores a relative XDG_DATA_HOME, as the XDG spec requires', () => {
    expect(defaultDataDir('linux', { XDG_DATA_HOME: 'relative/dir' }, '/home/ana')).toBe('/home/ana/.local/share/Quotedesk-browser');
  });
});

import { afterEach, describe, expect, it } from 'vitest';
import type { MenuItemConstructorOptions } from 'electron';
import { setLocale } from '../../../i18n/paraglide/runtime.js';
import { appMenuTemplate, withoutMnemonic } from '../../../main/electron/app-menu';

const menu = (platform: NodeJS.Platform, packaged = true) => appMenuTemplate({ platform, packaged, onQuit: () => undefined, onCheckForUpdates: () => undefined });
const items = (template: MenuItemConstructorOptions[]): MenuItemConstructorOptions[] =>
  template.flatMap((entry) => [entry, ...(Array.isArray(entry.submenu) ? items(entry.submenu) : [])]);

describe('the app menu', () => {
  afterEach(() => setLocale('en', { reload: false }));

  it.each(['darwin', 'win32', 'linux'] as const)('labels every item itself on %s, so no role falls back to the language Chromium started in', (platform) => {
    for (const packaged of [true, false]) {
      const unlabelled = items(menu(platform, packaged)).filter((item) => item.type !== 'separator' && !item.label);
      expect(unlabelled).toEqual([]);
    }
  });

  it('keeps English as the base language, with Alt letters only where there is an Alt key menu bar', () => {
    expect(menu('linux').map((entry) => entry.label)).toEqual(['&File', '&Edit', '&View', '&Window', '&Help']);
    expect(menu('darwin').map((entry) => entry.label)).toEqual(['Quotedesk', 'Edit', 'View', 'Window']);
  });

  it('speaks German on Windows and on macOS', () => {
    setLocale('de', { reload: false });
    expect(menu('win32').map((entry) => entry.label)).toEqual(['&Datei', '&Bearbeiten', '&Ansicht', '&Fenster', '&Hilfe']);
    const mac = items(menu('darwin'));
    expect(mac.map((item) => item.label)).toEqual(expect.arrayContaining(['Über Quotedesk', 'Nach Updates suchen…', 'Quotedesk beenden', 'Bearbeiten', 'Kopieren', 'Einfügen', 'Fenster']));
    expect(mac.find((item) => item.role === 'copy')!.label).toBe('Kopieren');
  });

  it('speaks Arabic and Japanese, with no English label left', () => {
    for (const locale of ['ar', 'ja'] as const) {
      setLocale(locale, { reload: false });
      const labels = items(menu('linux', false)).flatMap((item) => (item.label ? [item.label] : []));
      expect(labels.filter((label) => /[A-Za-z]{3,}/.test(label.replace(/Quotedesk/g, '')))).toEqual([]);
    }
    setLocale('ja', { reload: false });
    expect(menu('darwin')[1]!.label).toBe('編集');
    expect(menu('linux')[1]!.label).toBe('編集(&E)');
  });

  it('drops the Alt letter for macOS, in either way of writing it', () => {
    expect(withoutMnemonic('&Edit')).toBe('Edit');
    expect(withoutMnemonic('Fe&nêtre')).toBe('Fenêtre');
    expect(withoutMnemonic('ヘルプ(&H)')).toBe('ヘルプ');
  });
});

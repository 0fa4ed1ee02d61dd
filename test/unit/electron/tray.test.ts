import { readFileSync } from 'node:fs';
import { afterEach, describe, expect, it } from 'vitest';
import { setLocale } from '../../../i18n/paraglide/runtime.js';
import type { MenuItemConstructorOptions, NativeImage } from 'electron';
import { createAppTray } from '../../../main/electron/tray';
import type { TrayLike } from '../../../main/electron/tray';
import { TRAY_ICON_16, TRAY_ICON_32 } from '../../../main/electron/tray-icon';

/** Stand-ins for Tray, Menu, nativeImage and app that record what the tray shows. */
function setup(platform: NodeJS.Platform = 'linux') {
  const state = {
    toolTip: '',
    title: '',
    badge: [] as number[],
    menu: [] as MenuItemConstructorOptions[],
    representations: [] as Array<{ scaleFactor: number; buffer?: Buffer }>,
    listeners: new Map<string, () => void>(),
    calls: [] as string[],
  };
  const tray: TrayLike = {
    setToolTip: (text: string) => void (state.toolTip = text),
    setTitle: (text: string) => void (state.title = text),
    setContextMenu: (menu) => void (state.menu = (menu as unknown as { template: MenuItemConstructorOptions[] }).template),
    on: ((event: string, listener: () => void) => {
      state.listeners.set(event, listener);
      return tray;
    }) as TrayLike['on'],
    destroy: () => void state.calls.push('destroy'),
  };
  const appTray = createAppTray({
    createTray: () => tray,
    Menu: { buildFromTemplate: (template) => ({ template }) as never },
    nativeImage: { createEmpty: () => ({ addRepresentation: (representation: { scaleFactor: number; buffer?: Buffer }) => state.representations.push(representation) }) as unknown as NativeImage },
    app: { setBadgeCount: (count?: number) => (state.badge.push(count ?? 0), platform !== 'win32') },
    platform,
    onOpen: () => state.calls.push('open'),
    onPause: () => state.calls.push('pause'),
    onResume: () => state.calls.push('resume'),
    onQuit: () => state.calls.push('quit'),
    onRestartToUpdate: () => state.calls.push('restart-to-update'),
  });
  const click = (label: RegExp) => {
    const item = state.menu.find((candidate) => candidate.label && label.test(candidate.label));
    if (!item) throw new Error(`no menu item ${label}`);
    (item.click as () => void)();
  };
  return { appTray, state, click };
}

describe('the tray', () => {
  it('shows the unread count in its tooltip, menu and the badge, and offers open, pause for 1 hour and quit', () => {
    const { appTray, state, click } = setup();
    expect(state.toolTip).toBe('Quotedesk');
    appTray.update({ unread: 3, pausedUntil: null });
    expect(state.toolTip).toBe('Quotedesk: 3 unread quotes');
    expect(state.badge.at(-1)).toBe(3);
    expect(state.menu.map((item) => item.label ?? item.type)).toEqual(['Open Quotedesk (3 unread)', 'Pause notifications for 1 hour', 'separator', 'Quit Quotedesk']);
    click(/^Open/);
    click(/^Pause/);
    click(/^Quit/);
    expect(state.calls).toEqual(['open', 'pause', 'quit']);
    appTray.update({ unread: 1, pausedUntil: '15:30' });
    expect(state.toolTip).toBe('Quotedesk: 1 unread quote');
    click(/paused until 15:30/);
    expect(state.calls.at(-1)).toBe('resume');
  });

  it('opens the app on a click on Windows and Linux, and shows the count beside the icon on macOS', () => {
    const linux = setup('linux');
    linux.state.listeners.get('click')!();
    expect(linux.state.calls).toEqual(['open']);
    const mac = setup('darwin');
    expect(mac.state.listeners.has('click')).toBe(false);
    mac.appTray.update({ unread: 12, pausedUntil: null });
    expect(mac.state.title).toBe('12');
    mac.appTray.update({ unread: 0, pausedUntil: null });
    expect(mac.state.title).toBe('');
  });

  it('uses the app icon at both pixel densities, as the build resources have it', () => {
    const { state } = setup();
    expect(state.representations.map((r) => r.scaleFactor)).toEqual([1, 2]);
    expect(Buffer.from(TRAY_ICON_16, 'base64').equals(readFileSync('build/icons/16x16.png'))).toBe(true);
    expect(Buffer.from(TRAY_ICON_32, 'base64').equals(readFileSync('build/icons/32x32.png'))).toBe(true);
  });

  describe('in the app\'s language', () => {
    afterEach(() => setLocale('en', { reload: false }));

    it('speaks German, and follows a language switch when relabelled with the same count', () => {
      const { appTray, state } = setup();
      appTray.update({ unread: 3, pausedUntil: null, updateReady: '1.4.2' });
      setLocale('de', { reload: false });
      appTray.relabel();
      expect(state.toolTip).toBe('Quotedesk: 3 ungelesene Angebote');
      expect(state.menu.map((item) => item.label ?? item.type)).toEqual([
        'Quotedesk öffnen (3 ungelesen)',
        'Benachrichtigungen 1 Stunde pausieren',
        'separator',
        'Neu starten und aktualisieren (1.4.2)',
        'separator',
        'Quotedesk beenden',
      ]);
      appTray.update({ unread: 1, pausedUntil: '15:30' });
      expect(state.toolTip).toBe('Quotedesk: 1 ungelesenes Angebot');
      expect(state.menu[1]!.label).toBe('Benachrichtigungen bis 15:30 pausiert: fortsetzen');
    });

    it('speaks Arabic with its dual form, the time kept left to right inside the sentence', () => {
      const { appTray, state } = setup();
      setLocale('ar', { reload: false });
      appTray.update({ unread: 2, pausedUntil: '15:30' });
      expect(state.toolTip).toBe('Quotedesk: عرضا سعر غير مقروءين');
      expect(state.menu[1]!.label).toBe('الإشعارات متوقفة حتى \u206815:30\u2069: استئناف');
      expect(state.menu.some((item) => /Open|Quit|Pause/.test(item.label ?? ''))).toBe(false);
    });
  });
});

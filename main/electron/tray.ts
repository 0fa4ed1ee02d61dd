// The tray icon: the unread count at a glance (tooltip; the title beside the icon on macOS),
// and the three things a person wants from it: open the app, pause notifications for an hour,
// quit (and restart into a downloaded update). The dock/taskbar badge follows the same count where the system supports it.
import type { App, Menu, MenuItemConstructorOptions, NativeImage, Tray } from 'electron';
import { m } from '../../i18n/paraglide/messages.js';
import { isolate } from '../core/notify/isolate';
import { TRAY_ICON_16, TRAY_ICON_32 } from './tray-icon';

export type TrayLike = Pick<Tray, 'setToolTip' | 'setContextMenu' | 'on' | 'destroy'> & Partial<Pick<Tray, 'setTitle'>>;
export type MenuFactory = { buildFromTemplate(template: MenuItemConstructorOptions[]): Menu };
export interface NativeImageFactory {
  createEmpty(): NativeImage;
}

export interface AppTrayOptions {
  createTray(icon: NativeImage): TrayLike;
  Menu: MenuFactory;
  nativeImage: NativeImageFactory;
  app: Pick<App, 'setBadgeCount'>;
  platform: NodeJS.Platform;
  onOpen(): void;
  onPause(): void;
  onResume(): void;
  onQuit(): void;
  onRestartToUpdate(): void;
}

export interface TrayState {
  unread: number;
  pausedUntil: string | null;
  /** A downloaded update waiting for a restart; null when there is none. */
  updateReady?: string | null;
}

export interface AppTray {
  /** The unread total, until when notifications are paused, and a downloaded update's version (shown in the menu). */
  update(state: TrayState): void;
  /** The app's language changed: the tooltip and menu are written again in it. */
  relabel(): void;
  destroy(): void;
}

export function trayIcon(factory: NativeImageFactory): NativeImage {
  const image = factory.createEmpty();
  image.addRepresentation({ scaleFactor: 1, buffer: Buffer.from(TRAY_ICON_16, 'base64') });
  image.addRepresentation({ scaleFactor: 2, buffer: Buffer.from(TRAY_ICON_32, 'base64') });
  return image;
}

export function trayToolTip(unread: number): string {
  return unread === 0 ? 'Quotedesk' : m.main_tray_tooltip({ count: unread });
}

export function createAppTray(options: AppTrayOptions): AppTray {
  const tray = options.createTray(trayIcon(options.nativeImage));
  // Windows and Linux open the app on a plain click; macOS shows the menu.
  if (options.platform !== 'darwin') tray.on('click', () => options.onOpen());

  let shown: TrayState = { unread: 0, pausedUntil: null };
  function update(state: TrayState): void {
    shown = state;
    const { unread, pausedUntil, updateReady = null } = state;
    tray.setToolTip(trayToolTip(unread));
    if (options.platform === 'darwin') tray.setTitle?.(unread > 0 ? String(unread) : '');
    // Supported on macOS and on Linux desktops with a launcher badge (Unity); false elsewhere.
    options.app.setBadgeCount(unread);
    const pause: MenuItemConstructorOptions = pausedUntil
      ? { label: m.main_tray_resume({ time: isolate(pausedUntil) }), click: () => options.onResume() }
      : { label: m.main_tray_pause(), click: () => options.onPause() };
    tray.setContextMenu(
      options.Menu.buildFromTemplate([
        { label: unread > 0 ? m.main_tray_open_unread({ count: unread }) : m.main_tray_open(), click: () => options.onOpen() },
        pause,
        ...(updateReady ? ([{ type: 'separator' }, { label: m.main_tray_restart_update({ version: isolate(updateReady) }), click: () => options.onRestartToUpdate() }] as MenuItemConstructorOptions[]) : []),
        { type: 'separator' },
        { label: m.main_menu_quit(), click: () => options.onQuit() },
      ]),
    );
  }

  update({ unread: 0, pausedUntil: null });
  return { update, relabel: () => update(shown), destroy: () => tray.destroy() };
}

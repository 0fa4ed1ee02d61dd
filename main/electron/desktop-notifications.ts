// The desktop side of notifications: Electron's Notification as the core's Notifier, the
// tray (unread count, pause for an hour), and quotedesk:// links (from the OS, a second
// instance, or a notification click) routed to a view of the window.
import type { App, NativeImage, WebContents } from 'electron';
import type { Route } from '../../preload/contract';
import type { Core } from '../core/core';
import { parseDeepLink } from '../core/links/deep-links';
import type { Logger, Notifier } from '../core/ports';
import { createDeepLinkRouter, registerDeepLinks } from './deep-links';
import { createElectronNotifier } from './notifier';
import type { NotificationClassLike } from './notifier';
import { createAppTray } from './tray';
import type { AppTray, MenuFactory, NativeImageFactory, TrayLike } from './tray';
import { errorText } from '../core/errors';

/** What of the core the desktop side uses. */
export type DesktopCore = Pick<Core, 'accounts' | 'bus' | 'hub' | 'notifications'>;
/** The window a route is sent to. */
export interface RoutableWindow {
  webContents: Pick<WebContents, 'isLoading' | 'once'>;
}

export interface DesktopNotificationsOptions {
  app: Pick<App, 'setAppUserModelId' | 'setToastActivatorCLSID' | 'setAsDefaultProtocolClient' | 'on' | 'quit' | 'setBadgeCount'>;
  Notification: NotificationClassLike;
  createTray(icon: NativeImage): TrayLike;
  Menu: MenuFactory;
  nativeImage: NativeImageFactory;
  platform: NodeJS.Platform;
  argv: string[];
  defaultApp: boolean;
  execPath: string;
  logger: Logger;
  /** Shows (opening if needed) and focuses the main window. */
  showWindow(): RoutableWindow;
  /** A second instance was started: bring the existing window forward. */
  focusExisting(): void;
  /** The core, once created (routes are sent through its event hub). */
  core(): DesktopCore | null;
  /** The tray's "Restart to update". */
  restartToUpdate(): void;
}

export interface DesktopNotifications {
  /** Given to createCore. */
  notifier: Notifier;
  /** Once the core runs: the tray and the known accounts follow it. */
  attach(core: DesktopCore): Promise<void>;
  /** The window can take routes: links that arrived during start are opened now. */
  ready(): void;
  /** A downloaded update's version (the tray offers the restart), or null. */
  setUpdateReady(version: string | null): void;
  /** The app's language changed: the tray's tooltip and menu follow it. */
  relabel(): void;
  destroy(): void;
}

const PAUSE_MS = 60 * 60 * 1000;

/** electron-builder's appId: the installer's shortcuts carry it, and toasts belong to it. */
export const APP_USER_MODEL_ID = 'com.quotedesk.app';
/**
 * Fixed for good: Windows starts the app through this COM class when a toast left in the
 * Action Center is clicked after the app quit. build/installer.nsh puts the same one on the
 * Start menu shortcut (a unit test compares them); changing it orphans existing toasts.
 */
export const TOAST_ACTIVATOR_CLSID = '{6B0F3C1E-4D8A-4F5B-9E2C-7A1D3B5C9E40}';

export function createDesktopNotifications(options: DesktopNotificationsOptions): DesktopNotifications {
  const { app, logger } = options;
  // Toasts and their clicks belong to the app only under the installer's AppUserModelID
  // (electron-builder's appId), and reach it after it quit only through the activator CLSID.
  if (options.platform === 'win32') {
    app.setAppUserModelId(APP_USER_MODEL_ID);
    app.setToastActivatorCLSID(TOAST_ACTIVATOR_CLSID);
  }
  const knownAccounts = new Set<string>();
  let tray: AppTray | null = null;
  let attached: DesktopCore | null = null;
  let updateReady: string | null = null;

  const showRoute = (route: Route) => {
    const target = options.showWindow();
    // A window still loading has no listener yet: the route waits for the page.
    const send = () => options.core()?.hub.emit('app.navigate', route);
    if (target.webContents.isLoading()) target.webContents.once('did-finish-load', send);
    else send();
  };
  const router = createDeepLinkRouter({
    parse: (link) => parseDeepLink(link, { isKnownAccount: (id) => knownAccounts.has(id) }),
    navigate: showRoute,
    logger,
  });
  registerDeepLinks(app, router, {
    argv: options.argv,
    defaultApp: options.defaultApp,
    execPath: options.execPath,
    logger,
    onSecondInstance: options.focusExisting,
  });

  const refreshTray = () => {
    if (!tray || !attached) return;
    const until = attached.notifications.preferences.get().doNotDisturbUntil;
    const paused = until !== null && Date.parse(until) > Date.now();
    tray.update({
      unread: attached.notifications.unread.summary().total,
      pausedUntil: paused ? new Date(until).toLocaleTimeString([], { hour: '2-digit', minute: '2-digit' }) : null,
      updateReady,
    });
  };
  const changePause = (until: number | null) => {
    const preferences = attached?.notifications.preferences;
    try {
      if (until === null) preferences?.set({ ...preferences.get(), doNotDisturbUntil: null });
      else preferences?.pauseFor(until - Date.now(), Date.now());
    } catch (error) {
      logger.error('notifications could not be paused or resumed', { error: errorText(error) });
    }
    refreshTray();
    // The menu says "paused until"; it must stop saying so when the hour is over.
    if (until !== null) setTimeout(refreshTray, until - Date.now() + 1000);
  };

  return {
    notifier: createElectronNotifier({ Notification: options.Notification, platform: options.platform, onClick: (link) => router.open(link, 'notification'), logger }),
    async attach(core) {
      attached = core;
      for (const account of await core.accounts.list()) knownAccounts.add(account.id);
      core.bus.subscribe('accounts.changed', ({ accounts }) => {
        knownAccounts.clear();
        for (const account of accounts) knownAccounts.add(account.id);
      });
      core.notifications.unread.onChange(refreshTray);
      tray = createAppTray({
        createTray: options.createTray,
        Menu: options.Menu,
        nativeImage: options.nativeImage,
        app,
        platform: options.platform,
        onOpen: () => void options.showWindow(),
        onPause: () => changePause(Date.now() + PAUSE_MS),
        onResume: () => changePause(null),
        onQuit: () => app.quit(),
        onRestartToUpdate: () => options.restartToUpdate(),
      });
      logger.info('tray shown', { platform: options.platform });
      refreshTray();
    },
    ready: () => router.ready(),
    setUpdateReady(version) {
      if (version === updateReady) return;
      updateReady = version;
      refreshTray();
    },
    relabel: () => tray?.relabel(),
    destroy() {
      tray?.destroy();
      tray = null;
    },
  };
}

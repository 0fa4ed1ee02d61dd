// The Electron main process: adapters -> core -> transports -> windows.
import { copyFile } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { app, BrowserWindow, dialog, ipcMain, Menu, nativeImage, Notification, powerMonitor, protocol, safeStorage, session, shell, Tray } from 'electron';
import type { Route } from '../preload/contract';
import { createDispatcher } from './core/bridge/dispatcher';
import { createCore } from './core/core';
import type { Core } from './core/core';
import { parseDeepLink } from './core/links/deep-links';
import { createFileLogger } from './core/log';
import { createJsonSettingsStore } from './core/node';
import { createNotifications } from './core/notify';
import type { Notifications } from './core/notify';
import { systemClock } from './core/ports';
import { prepareDataFolder } from './core/storage';
import { handleAppScheme, registerAppScheme } from './electron/app-protocol-handler';
import { createDeepLinkRouter, registerDeepLinks } from './electron/deep-links';
import { registerBridgeIpc } from './electron/ipc';
import { createElectronNotifier } from './electron/notifier';
import { createShellOpener } from './electron/opener';
import { createSafeStorageSecretStore } from './electron/secret-store';
import { createAppTray } from './electron/tray';
import type { AppTray } from './electron/tray';
import { createMainWindow, focusExistingWindow, hardenSession, lockDownContents } from './electron/window';
import { startDemo } from './simulator/demo';

const preloadPath = fileURLToPath(new URL('../preload/index.cjs', import.meta.url));
// The built renderer folder, served as app://quotedesk/ (never loaded over file://).
const rendererDir = fileURLToPath(new URL('../renderer/', import.meta.url));

app.enableSandbox();
registerAppScheme(protocol);
// userData is <appData>/<app name>, and the name would otherwise come from package.json
// ("quotedesk", no productName) unpackaged but may differ once packaged: one fixed name
// gives one folder in every run. Must come before anything reads userData.
app.setName('Quotedesk');
// A separate profile for tests and side-by-side runs; must be set before anything reads userData.
if (process.env.QUOTEDESK_USER_DATA) app.setPath('userData', resolve(process.env.QUOTEDESK_USER_DATA));

if (!app.requestSingleInstanceLock()) {
  app.quit();
} else {
  let core: Core | null = null;
  let window: BrowserWindow | null = null;
  const userData = app.getPath('userData');
  const logger = createFileLogger(join(userData, 'logs', 'quotedesk.log'));
  const opener = createShellOpener(shell, { accountBaseUrls: async () => (core ? (await core.accounts.list()).map((account) => account.baseUrl) : []) });

  app.on('web-contents-created', (_event, contents) => lockDownContents(contents, { opener, logger }));

  const openWindow = () => {
    window = createMainWindow({ preloadPath });
    window.on('closed', () => {
      window = null;
    });
  };

  // Notifications, tray and quotedesk:// links. Toasts and their clicks belong to the app
  // only under the installer's AppUserModelID (electron-builder's appId).
  if (process.platform === 'win32') app.setAppUserModelId('com.quotedesk.app');
  let notifications: Notifications | null = null;
  let tray: AppTray | null = null;
  const knownAccounts = new Set<string>();
  const showWindow = (): BrowserWindow => {
    if (!window || window.isDestroyed()) openWindow();
    focusExistingWindow(window);
    return window!;
  };
  const showRoute = (route: Route) => {
    const target = showWindow();
    // A window still loading has no listener yet: the route waits for the page.
    const send = () => core?.hub.emit('app.navigate', route);
    if (target.webContents.isLoading()) target.webContents.once('did-finish-load', send);
    else send();
  };
  const router = createDeepLinkRouter({
    parse: (link) => parseDeepLink(link, { isKnownAccount: (id) => knownAccounts.has(id) }),
    navigate: showRoute,
    logger,
  });
  registerDeepLinks(app, router, {
    argv: process.argv,
    defaultApp: process.defaultApp === true,
    execPath: process.execPath,
    logger,
    onSecondInstance: () => focusExistingWindow(window),
  });
  const PAUSE_MS = 60 * 60 * 1000;
  const refreshTray = () => {
    if (!tray || !notifications) return;
    const until = notifications.preferences.get().doNotDisturbUntil;
    const paused = until !== null && Date.parse(until) > Date.now();
    tray.update({
      unread: notifications.unread.summary().total,
      pausedUntil: paused ? new Date(until).toLocaleTimeString([], { hour: '2-digit', minute: '2-digit' }) : null,
    });
  };
  const changePause = (until: number | null) => {
    try {
      if (until === null) notifications?.preferences.set({ ...notifications.preferences.get(), doNotDisturbUntil: null });
      else notifications?.preferences.pauseFor(until - Date.now(), Date.now());
    } catch (error) {
      logger.error('notifications could not be paused or resumed', { error: error instanceof Error ? error.message : String(error) });
    }
    refreshTray();
    // The menu says "paused until"; it must stop saying so when the hour is over.
    if (until !== null) setTimeout(refreshTray, until - Date.now() + 1000);
  };

  app
    .whenReady()
    .then(async () => {
      hardenSession(session.defaultSession);
      handleAppScheme(session.defaultSession.protocol, { rendererDir, logger });
      prepareDataFolder(userData, logger);
      const settings = createJsonSettingsStore({ folder: userData, logger });
      core = createCore({
        settings,
        secrets: await createSafeStorageSecretStore({ safeStorage, path: join(userData, 'secrets.json'), platform: process.platform, logger }),
        clock: systemClock,
        logger,
        host: 'electron',
        version: app.getVersion(),
        paths: { userData },
        // A quote's PDF opens in the system's viewer; "Save as…" copies the cached file where the person chooses.
        deliverPdf: async ({ path, fileName, mode }) => {
          if (mode === 'open') {
            await opener.openPath(path);
          } else {
            const target = await dialog.showSaveDialog({ defaultPath: join(app.getPath('downloads'), fileName), filters: [{ name: 'PDF', extensions: ['pdf'] }] });
            if (!target.canceled && target.filePath) await copyFile(path, target.filePath);
          }
          return { kind: 'opened' };
        },
      });
      // After sleep every account catches up at once rather than at its next interval. The
      // main process has no network-change event; an offline account retries by itself
      // (5 s doubling to 2 minutes), which covers the network coming back.
      powerMonitor.on('resume', () => {
        void core?.reconcile().catch((error: unknown) => logger.warn('sync after resume failed', { error: error instanceof Error ? error.message : String(error) }));
      });
      await core.startDemoIfNoAccounts(() => startDemo(), { force: process.argv.includes('--demo') });
      for (const account of await core.accounts.list()) knownAccounts.add(account.id);
      core.bus.subscribe('accounts.changed', ({ accounts }) => {
        knownAccounts.clear();
        for (const account of accounts) knownAccounts.add(account.id);
      });
      notifications = createNotifications({
        settings,
        clock: systemClock,
        logger,
        folder: userData,
        notifier: createElectronNotifier({ Notification, platform: process.platform, onClick: (link) => router.open(link, 'notification'), logger }),
        accountExists: async (id) => knownAccounts.has(id),
      });
      notifications.connect(core.bus, core.hub);
      notifications.unread.onChange(refreshTray);
      tray = createAppTray({
        createTray: (icon) => new Tray(icon),
        Menu,
        nativeImage,
        app,
        platform: process.platform,
        onOpen: () => void showWindow(),
        onPause: () => changePause(Date.now() + PAUSE_MS),
        onResume: () => changePause(null),
        onQuit: () => app.quit(),
      });
      refreshTray();
      registerBridgeIpc({
        ipcMain,
        // The notifications namespace joins the core's handlers here until createCore builds it.
        dispatcher: createDispatcher({ handlers: { ...core.handlers, ...notifications.handlers }, logger }),
        hub: core.hub,
        logger,
        trusted: () =>
          window && !window.isDestroyed()
            ? { webContentsId: window.webContents.id, mainFrame: window.webContents.mainFrame }
            : null,
        send: (channel, payload) => {
          if (window && !window.isDestroyed()) window.webContents.send(channel, payload);
        },
      });
      openWindow();
      router.ready();
      app.on('activate', () => {
        if (BrowserWindow.getAllWindows().length === 0) openWindow();
      });
    })
    .catch((error: unknown) => {
      logger.error('Quotedesk could not start', { error: error instanceof Error ? error.message : String(error) });
      app.exit(1);
    });

  app.on('window-all-closed', () => {
    if (process.platform !== 'darwin') app.quit();
  });

  // Closing the core stops the demo service and any pending work before the process ends.
  let closed = false;
  app.on('will-quit', (event) => {
    if (closed || !core) return;
    event.preventDefault();
    const closing = core;
    core = null;
    tray?.destroy();
    tray = null;
    Promise.all([closing.close(), notifications?.close()])
      .catch((error: unknown) => logger.error('shutdown failed', { error: error instanceof Error ? error.message : String(error) }))
      .finally(() => {
        closed = true;
        void logger.close().finally(() => app.quit());
      });
  });
}

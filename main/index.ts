// The Electron main process: adapters -> core -> transports -> windows.
import { copyFile } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { app, BrowserWindow, dialog, ipcMain, Menu, nativeImage, Notification, powerMonitor, protocol, safeStorage, session, shell, Tray } from 'electron';
import { createCore } from './core/core';
import type { Core } from './core/core';
import { createFileLogger } from './core/log';
import { createJsonSettingsStore } from './core/node';
import { systemClock } from './core/ports';
import { prepareDataFolder, tryLockDataFolder } from './core/storage';
import { handleAppScheme, registerAppScheme } from './electron/app-protocol-handler';
import { createDesktopNotifications } from './electron/desktop-notifications';
import { registerBridgeIpc } from './electron/ipc';
import { createShellOpener } from './electron/opener';
import { createSafeStorageSecretStore } from './electron/secret-store';
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

// Then the data-folder lock browser mode and the command line take too (released on exit).
if (!app.requestSingleInstanceLock() || !tryLockDataFolder(app.getPath('userData'), 'desktop', (message) => dialog.showErrorBox('Quotedesk cannot start', message))) {
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

  const showWindow = (): BrowserWindow => {
    if (!window || window.isDestroyed()) openWindow();
    focusExistingWindow(window);
    return window!;
  };
  // Notifications, tray and quotedesk:// links.
  const desktop = createDesktopNotifications({
    app,
    Notification,
    createTray: (icon) => new Tray(icon),
    Menu,
    nativeImage,
    platform: process.platform,
    argv: process.argv,
    defaultApp: process.defaultApp === true,
    execPath: process.execPath,
    logger,
    showWindow,
    focusExisting: () => focusExistingWindow(window),
    core: () => core,
  });

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
        notifier: desktop.notifier,
      });
      // After sleep every account catches up at once rather than at its next interval. The
      // main process has no network-change event; an offline account retries by itself
      // (5 s doubling to 2 minutes), which covers the network coming back.
      powerMonitor.on('resume', () => {
        void core?.reconcile().catch((error: unknown) => logger.warn('sync after resume failed', { error: error instanceof Error ? error.message : String(error) }));
      });
      await core.startDemoIfNoAccounts(() => startDemo(), { force: process.argv.includes('--demo') });
      await desktop.attach(core);
      registerBridgeIpc({
        ipcMain,
        dispatcher: core.dispatcher,
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
      desktop.ready();
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
    desktop.destroy();
    closing
      .close()
      .catch((error: unknown) => logger.error('shutdown failed', { error: error instanceof Error ? error.message : String(error) }))
      .finally(() => {
        closed = true;
        void logger.close().finally(() => app.quit());
      });
  });
}

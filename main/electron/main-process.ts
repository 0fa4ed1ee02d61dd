// The Electron main process put together: adapters -> core -> transports -> windows. It
// reads the process's facts (platform, arguments, environment) from its caller, so the unit
// tests run it on each platform under a stand-in of the electron module.
import { existsSync } from 'node:fs';
import { copyFile } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import type { BrowserWindow } from 'electron';
import { app, dialog, ipcMain, Menu, nativeImage, Notification, powerMonitor, protocol, safeStorage, session, shell, Tray } from 'electron';
import electronUpdater from 'electron-updater';
import type { DesktopState } from '../../preload/contract';
import { createCore } from '../core/core';
import type { Core } from '../core/core';
import { createFileLogger } from '../core/log';
import { createJsonSettingsStore } from '../core/settings-and-secrets';
import { systemClock } from '../core/ports';
import { lockDataFolder, prepareDataFolder, writeFileAtomic } from '../core/data-files';
import type { FolderLock } from '../core/data-files';
import { createUpdateService, updateFeedUrlFrom } from '../core/updates';
import type { UpdateEngine, UpdateService } from '../core/updates';
import { startDemo } from '../simulator/demo';
import { appMenuTemplate } from './app-menu';
import { handleAppScheme, registerAppScheme } from './app-protocol-handler';
import { createDesktopNotifications } from './desktop-notifications';
import { createDesktopPreferenceStore } from './desktop-preferences';
import type { DesktopPreferenceStore } from './desktop-preferences';
import { createDesktopSettings } from './desktop-settings';
import type { DesktopSettings } from './desktop-settings';
import { registerBridgeIpc } from './ipc';
import { createLoginItem, HIDDEN_ARGUMENT } from './login-item';
import { createShellOpener } from './opener';
import { createResidency, residentNote } from './residency';
import { createSafeStorageSecretStore } from './secret-store';
import { reportStartupFailure } from './startup-failure';
import type { StartStep } from './startup-failure';
import { onRelabel, relabelShell } from './relabel';
import { createUpdateEngine } from './update-engine';
import { createMainWindow, focusExistingWindow, hardenSession, lockDownContents } from './window';
import { stampStartMenuShortcut } from './windows-shortcut';
import { errorText } from '../core/errors';
import { m } from '../../i18n/paraglide/messages.js';
import { withPageLanguage } from '../core/hosting/page-language';

/** What the main process learns from Node's process object (given, so tests choose the platform). */
export interface ProcessFacts {
  platform: NodeJS.Platform;
  argv: string[];
  env: Record<string, string | undefined>;
  /** True when run as `electron .` (unpackaged). */
  defaultApp: boolean;
  execPath: string;
  /** Where a packaged app's resources are (app-update.yml from electron-builder's publish). */
  resourcesPath: string;
}

export interface BuiltFiles {
  preloadPath: string;
  /** The built renderer folder, served as app://quotedesk/ (never loaded over file://). */
  rendererDir: string;
}

/** The person started Chromium without its sandbox (the AppImage on Ubuntu 24.04+ needs it, see docs/desktop.md). */
export const sandboxDisabledByPerson = (argv: readonly string[]) => argv.includes('--no-sandbox');

export function runDesktopApp(facts: ProcessFacts, files: BuiltFiles): void {
  const { platform, argv, env } = facts;
  // enableSandbox() would override a --no-sandbox the person passed: it is honoured (and logged below).
  const noSandbox = sandboxDisabledByPerson(argv);
  if (!noSandbox) app.enableSandbox();
  registerAppScheme(protocol);
  // userData is <appData>/<app name>, and the name would otherwise come from package.json
  // ("quotedesk", no productName) unpackaged but may differ once packaged: one fixed name
  // gives one folder in every run. Must come before anything reads userData.
  app.setName('Quotedesk');
  // A separate profile for tests and side-by-side runs; must be set before anything reads userData.
  if (env.QUOTEDESK_USER_DATA) app.setPath('userData', resolve(env.QUOTEDESK_USER_DATA));

  if (!app.requestSingleInstanceLock()) {
    app.quit();
    return;
  }
  let core: Core | null = null;
  let window: BrowserWindow | null = null;
  let preferences: DesktopPreferenceStore | null = null;
  let settings: DesktopSettings | null = null;
  let updates: UpdateService | null = null;
  const startHidden = argv.includes(HIDDEN_ARGUMENT);
  const userData = app.getPath('userData');
  const logPath = join(userData, 'logs', 'quotedesk.log');
  const logger = createFileLogger(logPath);
  if (noSandbox) logger.warn('running without the Chromium sandbox because --no-sandbox was given');
  const opener = createShellOpener(shell, { accountBaseUrls: async () => (core ? (await core.accounts.list()).map((account) => account.baseUrl) : []) });

  app.on('web-contents-created', (_event, contents) => lockDownContents(contents, { opener, logger }));

  const residency = createResidency({
    app,
    platform,
    resident: () => settings?.resident() ?? false,
    onHidden: () => {
      if (!preferences || preferences.get().residentNoteShown) return;
      desktop.notifier.notify(residentNote(platform));
      try {
        preferences.update({ residentNoteShown: true });
      } catch (error) {
        logger.warn('the note about staying in the tray could not be recorded', { error: errorText(error) });
      }
    },
  });

  const openWindow = (show: boolean) => {
    const opened = createMainWindow({ preloadPath: files.preloadPath, spellcheck: platform !== 'linux', showWhenReady: show });
    window = opened;
    residency.attach(opened);
    opened.on('closed', () => {
      if (window === opened) window = null;
    });
  };
  // A second launch during start-up must not make a window before the session and app:// are
  // ready: it is remembered, and the window opens shown when start-up gets there.
  let windowsAllowed = false;
  let shownDuringStart = false;
  const bringBack = () => {
    if (windowsAllowed) showWindow();
    else shownDuringStart = true;
  };
  const showWindow = (): BrowserWindow => {
    if (!window || window.isDestroyed()) openWindow(true);
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
    platform,
    argv,
    defaultApp: facts.defaultApp,
    execPath: facts.execPath,
    logger,
    showWindow,
    focusExisting: bringBack,
    core: () => core,
    restartToUpdate: () => void updates?.restart(),
  });

  const updateEngine = (): UpdateEngine | null => {
    const feed = updateFeedUrlFrom(env);
    if (feed.url === null && feed.problem) logger.warn(feed.problem);
    // An unpackaged run (npm start) is not what an installer replaces.
    if (!app.isPackaged) return null;
    const packagedConfig = existsSync(join(facts.resourcesPath, 'app-update.yml'));
    if (feed.url === null && !packagedConfig) return null;
    return createUpdateEngine({
      updater: electronUpdater.autoUpdater,
      feed: feed.url ? { url: feed.url, configPath: join(userData, 'update-feed.yml'), packagedConfig } : null,
      logger,
      beforeInstall: () => residency.allowQuit(),
    });
  };

  let stopRelabelling = () => {};
  let step: StartStep = 'electron';
  let folderLock: FolderLock | null = null;
  app
    .whenReady()
    .then(async () => {
      step = 'session';
      hardenSession(session.defaultSession);
      // The page opens in the language main resolved (the stored choice, else the OS's languages).
      const page = (html: string) => (core ? withPageLanguage(html, { ...core.language.state(), resolvesSystem: 'host' }) : html);
      handleAppScheme(session.defaultSession.protocol, { rendererDir: files.rendererDir, logger, page });
      if (platform === 'win32' && app.isPackaged) stampStartMenuShortcut({ shell, appData: app.getPath('appData'), target: facts.execPath, logger });
      step = 'data-folder';
      // The lock browser mode and the command line take too: a refusal names the process
      // that holds the folder, shown like any start-up failure.
      folderLock = lockDataFolder(userData, { kind: 'desktop' });
      prepareDataFolder(userData, logger);
      step = 'settings';
      const settingsStore = createJsonSettingsStore({ folder: userData, logger });
      const store = createDesktopPreferenceStore(settingsStore, logger);
      preferences = store;
      step = 'credentials';
      const secrets = await createSafeStorageSecretStore({ safeStorage, path: join(userData, 'secrets.json'), platform, logger });
      const emitState = (state: DesktopState) => core?.hub.emit('desktop.changed', state);
      settings = createDesktopSettings({
        platform,
        preferences: store,
        loginItem: createLoginItem({ app, platform, executable: env.APPIMAGE ?? facts.execPath, env, logger }),
        updates: () => updates!,
        logger,
        emit: emitState,
      });
      step = 'core';
      const started = createCore({
        settings: settingsStore,
        secrets,
        clock: systemClock,
        logger,
        host: 'electron',
        version: app.getVersion(),
        paths: { userData },
        // The OS's languages in order (the UI's, not the region's): "system" resolves against them.
        language: { systemLanguages: () => app.getPreferredSystemLanguages?.() ?? [], env, systemFrom: 'host', onSpoken: relabelShell },
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
        // An export goes where the person chooses in the save dialog, written whole or not at all.
        deliverExport: async ({ bytes, fileName, extension }) => {
          const filters = [extension === 'csv' ? { name: 'CSV', extensions: ['csv'] } : { name: m.main_save_excel_workbook(), extensions: ['xlsx'] }];
          const target = await dialog.showSaveDialog({ defaultPath: join(app.getPath('downloads'), fileName), filters });
          if (target.canceled || !target.filePath) return { kind: 'cancelled' };
          await writeFileAtomic(target.filePath, bytes);
          return { kind: 'saved' };
        },
        notifier: desktop.notifier,
        desktop: settings.handlers,
      });
      core = started;
      step = 'updates';
      updates = createUpdateService({
        engine: updateEngine(),
        currentVersion: app.getVersion(),
        channel: { get: () => store.get().updateChannel, set: (channel) => void store.update({ updateChannel: channel }) },
        decisions: started.decisionsInFlight,
        logger,
        now: () => Date.now(),
        onChange: (state) => {
          desktop.setUpdateReady(state.phase === 'ready' ? state.version : null);
          settings?.changed();
        },
      });
      const setAppMenu = () =>
        Menu.setApplicationMenu(
          Menu.buildFromTemplate(appMenuTemplate({ platform, packaged: app.isPackaged, onQuit: () => app.quit(), onCheckForUpdates: () => void updates?.check() })),
        );
      setAppMenu();
      // A language chosen in Settings reaches the native menu bar and tray too.
      stopRelabelling = onRelabel(() => {
        setAppMenu();
        desktop.relabel();
      });
      // After sleep every account catches up at once rather than at its next interval. The
      // main process has no network-change event; an offline account retries by itself
      // (5 s doubling to 2 minutes), which covers the network coming back.
      powerMonitor.on('resume', () => {
        void core?.reconcile().catch((error: unknown) => logger.warn('sync after resume failed', { error: errorText(error) }));
      });
      step = 'demo';
      await started.startDemoIfNoAccounts(() => startDemo(), { force: argv.includes('--demo') });
      step = 'tray';
      await desktop.attach(started);
      const desktopSettings = settings;
      started.bus.subscribe('accounts.changed', ({ accounts }) => desktopSettings.accountsChanged(accounts));
      desktopSettings.accountsChanged(await started.accounts.list());
      registerBridgeIpc({
        ipcMain,
        dispatcher: started.dispatcher,
        hub: started.hub,
        logger,
        trusted: () =>
          window && !window.isDestroyed()
            ? { webContentsId: window.webContents.id, mainFrame: window.webContents.mainFrame }
            : null,
        send: (channel, payload) => {
          if (window && !window.isDestroyed()) window.webContents.send(channel, payload);
        },
      });
      step = 'window';
      // Started at login: the window is made (links and IPC have somewhere to go) but stays in
      // the tray, unless Quotedesk was launched again meanwhile.
      if (!window || window.isDestroyed()) openWindow(!startHidden || shownDuringStart);
      else if (shownDuringStart) showWindow();
      windowsAllowed = true;
      desktop.ready();
      updates.start();
      app.on('activate', bringBack);
    })
    .catch((error: unknown) => reportStartupFailure({ dialog, app, logger, flushLog: () => logger.close(), logPath }, step, error));

  // Closing the core stops the demo service and any pending work before the process ends.
  let closed = false;
  app.on('will-quit', (event) => {
    if (closed || !core) {
      folderLock?.release();
      return;
    }
    event.preventDefault();
    const closing = core;
    core = null;
    updates?.stop();
    stopRelabelling();
    desktop.destroy();
    closing
      .close()
      .catch((error: unknown) => logger.error('shutdown failed', { error: errorText(error) }))
      .finally(() => {
        closed = true;
        folderLock?.release();
        void logger.close().finally(() => app.quit());
      });
  });
}

// A recording stand-in for the electron module, strict where Electron is: APIs that only
// work before 'ready' (enableSandbox, registerSchemesAsPrivileged, setPath for userData)
// throw after it, APIs that need 'ready' (windows, trays, notifications, sessions,
// safeStorage, powerMonitor) throw before it, and platform-only APIs exist only on their
// platform (app.setAppUserModelId on Windows, app.dock on macOS...). Quitting runs
// Electron's sequence: before-quit, each window's close (preventable), will-quit
// (preventable), quit; a window closed by the person ends in window-all-closed, and with
// no listener for it the app quits, as Electron does.
import { EventEmitter } from 'node:events';

export interface Recorded {
  api: string;
  args: unknown[];
}

type Listener = (...args: unknown[]) => void;

class Emitter {
  private readonly emitter = new EventEmitter();
  on(event: string, listener: Listener) {
    this.emitter.on(event, listener);
    return this;
  }
  once(event: string, listener: Listener) {
    this.emitter.once(event, listener);
    return this;
  }
  off(event: string, listener: Listener) {
    this.emitter.off(event, listener);
    return this;
  }
  removeListener(event: string, listener: Listener) {
    return this.off(event, listener);
  }
  listenerCount(event: string) {
    return this.emitter.listenerCount(event);
  }
  emit(event: string, ...args: unknown[]) {
    return this.emitter.emit(event, ...args);
  }
}

/** An Electron event: preventDefault() is remembered. */
export function electronEvent() {
  return {
    defaultPrevented: false,
    preventDefault() {
      this.defaultPrevented = true;
    },
  };
}

export function createElectronStandIn(options: { platform: NodeJS.Platform; userData: string; packaged?: boolean; encryption?: 'available' | 'unavailable' }) {
  const { platform } = options;
  const calls: Recorded[] = [];
  const record = (api: string, ...args: unknown[]) => void calls.push({ api, args });
  let ready = false;
  let quitState: 'running' | 'quitting' | 'quit' = 'running';
  let exitCode: number | null = null;
  let resolveReady: () => void = () => undefined;
  const readyPromise = new Promise<void>((resolve) => (resolveReady = resolve));
  const mustBeReady = (api: string) => {
    if (!ready) throw new Error(`${api} cannot be used before the app is ready`);
  };
  const mustNotBeReady = (api: string) => {
    if (ready) throw new Error(`${api} must be called before the app is ready`);
  };
  const paths = new Map<string, string>([
    ['userData', options.userData],
    ['downloads', `${options.userData}/downloads`],
    ['appData', `${options.userData}/app-data`],
  ]);
  let pathsRead = false;

  // ---- windows ----
  let nextId = 1;
  const windows: StandInWindow[] = [];
  class StandInWebContents extends Emitter {
    readonly id = nextId++;
    readonly mainFrame = { processId: 7, routingId: this.id, url: 'app://quotedesk/index.html', parent: null };
    readonly sent: Array<{ channel: string; payload: unknown }> = [];
    loading = true;
    isLoading() {
      return this.loading;
    }
    send(channel: string, payload: unknown) {
      this.sent.push({ channel, payload });
    }
    setWindowOpenHandler() {}
  }
  class StandInWindow extends Emitter {
    readonly webContents = new StandInWebContents();
    visible = false;
    destroyed = false;
    loaded: string[] = [];
    constructor(readonly options: Record<string, unknown>) {
      super();
      mustBeReady('new BrowserWindow');
      record('new BrowserWindow', options);
      windows.push(this);
      app.emit('web-contents-created', electronEvent(), this.webContents);
    }
    static getAllWindows() {
      return windows.filter((window) => !window.destroyed);
    }
    async loadURL(url: string) {
      this.loaded.push(url);
      this.webContents.loading = false;
      this.emit('ready-to-show');
      this.webContents.emit('did-finish-load');
    }
    show() {
      this.visible = true;
    }
    hide() {
      this.visible = false;
    }
    focus() {}
    restore() {}
    isMinimized() {
      return false;
    }
    isVisible() {
      return this.visible;
    }
    isDestroyed() {
      return this.destroyed;
    }
    /** What the close button does: 'close' (preventable), then the window is gone. */
    close() {
      const event = electronEvent();
      this.emit('close', event);
      if (event.defaultPrevented) return false;
      this.destroy();
      if (quitState === 'running' && StandInWindow.getAllWindows().length === 0) {
        if (app.listenerCount('window-all-closed') === 0) app.quit();
        else app.emit('window-all-closed');
      }
      return true;
    }
    destroy() {
      if (this.destroyed) return;
      this.destroyed = true;
      this.visible = false;
      this.emit('closed');
    }
  }

  // ---- app ----
  class StandInApp extends Emitter {
    readonly commandLine = {
      appendSwitch: (name: string, value?: string) => {
        mustNotBeReady('app.commandLine.appendSwitch');
        record('app.commandLine.appendSwitch', name, value);
      },
      hasSwitch: () => false,
    };
    isPackaged = options.packaged ?? false;
    enableSandbox() {
      mustNotBeReady('app.enableSandbox');
      record('app.enableSandbox');
    }
    setName(name: string) {
      if (pathsRead) throw new Error('app.setName after userData was read: the data folder would differ between runs');
      record('app.setName', name);
    }
    setPath(name: string, path: string) {
      if (name === 'userData') mustNotBeReady("app.setPath('userData')");
      paths.set(name, path);
      record('app.setPath', name, path);
    }
    getPath(name: string) {
      pathsRead = true;
      const path = paths.get(name);
      if (!path) throw new Error(`no stand-in path for ${name}`);
      return path;
    }
    getVersion() {
      return '1.0.0';
    }
    requestSingleInstanceLock() {
      return true;
    }
    whenReady() {
      return readyPromise;
    }
    isReady() {
      return ready;
    }
    setAsDefaultProtocolClient(...args: unknown[]) {
      record('app.setAsDefaultProtocolClient', ...args);
      return true;
    }
    setBadgeCount(count: number) {
      return platform !== 'win32' && count >= 0;
    }
    getLoginItemSettings(args?: unknown) {
      record('app.getLoginItemSettings', args);
      return { openAtLogin: loginItem.openAtLogin };
    }
    setLoginItemSettings(settings: { openAtLogin: boolean; args?: string[] }) {
      // Electron documents login items for macOS and Windows only.
      if (platform === 'linux') throw new Error('app.setLoginItemSettings does nothing on Linux: use an autostart entry');
      record('app.setLoginItemSettings', settings);
      loginItem.openAtLogin = settings.openAtLogin;
    }
    quit() {
      if (quitState !== 'running') return;
      record('app.quit');
      const before = electronEvent();
      this.emit('before-quit', before);
      if (before.defaultPrevented) return;
      quitState = 'quitting';
      for (const window of StandInWindow.getAllWindows()) {
        const closing = electronEvent();
        window.emit('close', closing);
        if (closing.defaultPrevented) {
          // A window that refuses to close cancels the quit, as in Electron.
          record('quit cancelled by a window');
          quitState = 'running';
          return;
        }
        window.destroy();
      }
      const will = electronEvent();
      this.emit('will-quit', will);
      if (will.defaultPrevented) {
        quitState = 'running';
        return;
      }
      quitState = 'quit';
      this.emit('quit', electronEvent(), 0);
    }
    exit(code = 0) {
      record('app.exit', code);
      exitCode = code;
      quitState = 'quit';
    }
  }
  const loginItem = { openAtLogin: false };
  const app = new StandInApp() as StandInApp & Record<string, unknown>;
  if (platform === 'win32') {
    app.setAppUserModelId = (id: string) => record('app.setAppUserModelId', id);
    app.setToastActivatorCLSID = (id: string) => record('app.setToastActivatorCLSID', id);
  }
  if (platform === 'darwin') app.dock = { setBadge: () => undefined, hide: () => undefined, show: () => undefined };

  // ---- the rest ----
  const trays: StandInTray[] = [];
  class StandInTray extends Emitter {
    toolTip = '';
    menu: Array<{ label?: string; type?: string; click?: () => void }> = [];
    destroyed = false;
    constructor() {
      super();
      mustBeReady('new Tray');
      trays.push(this);
    }
    setToolTip(text: string) {
      this.toolTip = text;
    }
    setTitle() {}
    setContextMenu(menu: { template: StandInTray['menu'] }) {
      this.menu = menu.template;
    }
    destroy() {
      this.destroyed = true;
    }
  }
  const notifications: Array<{ title: string; body: string }> = [];
  class StandInNotification extends Emitter {
    constructor(readonly options: { title: string; body: string }) {
      super();
      mustBeReady('new Notification');
    }
    show() {
      notifications.push({ title: this.options.title, body: this.options.body });
    }
    static isSupported() {
      return true;
    }
    static handleActivation() {}
  }
  let applicationMenu: { template: unknown[] } | null = null;
  const Menu = {
    buildFromTemplate: (template: unknown[]) => ({ template }),
    setApplicationMenu: (menu: { template: unknown[] } | null) => {
      mustBeReady('Menu.setApplicationMenu');
      applicationMenu = menu;
    },
  };
  const errorBoxes: Array<{ title: string; content: string; shown: 'dialog' | 'stderr' }> = [];
  const dialog = {
    // The one dialog allowed before ready; on Linux it then only reaches stderr.
    showErrorBox: (title: string, content: string) => errorBoxes.push({ title, content, shown: !ready && platform === 'linux' ? 'stderr' : 'dialog' }),
    showSaveDialog: async () => {
      mustBeReady('dialog.showSaveDialog');
      return { canceled: true };
    },
  };
  const sessionCalls: Recorded[] = [];
  const permission = { request: null as null | Listener, check: null as null | ((...args: unknown[]) => boolean) };
  const defaultSession = {
    setPermissionRequestHandler: (handler: Listener) => void (permission.request = handler),
    setPermissionCheckHandler: (handler: (...args: unknown[]) => boolean) => void (permission.check = handler),
    setSpellCheckerDictionaryDownloadURL: (url: string) => sessionCalls.push({ api: 'setSpellCheckerDictionaryDownloadURL', args: [url] }),
    webRequest: { onHeadersReceived: () => undefined },
    protocol: { handle: (scheme: string) => sessionCalls.push({ api: 'protocol.handle', args: [scheme] }) },
  };
  const encryptionAvailable = (options.encryption ?? 'available') === 'available';
  const safeStorage = {
    isAsyncEncryptionAvailable: async () => {
      mustBeReady('safeStorage');
      return encryptionAvailable;
    },
    encryptStringAsync: async (text: string) => Buffer.from(`enc:${text}`),
    decryptStringAsync: async (blob: Buffer) => ({ result: blob.toString().replace(/^enc:/, ''), shouldReEncrypt: false }),
    getSelectedStorageBackend: () => 'gnome_libsecret',
  };
  const ipcHandlers = new Map<string, (event: unknown, input?: unknown) => unknown>();
  const module = {
    app,
    BrowserWindow: StandInWindow,
    Tray: StandInTray,
    Notification: StandInNotification,
    Menu,
    dialog,
    nativeImage: { createEmpty: () => ({ addRepresentation: () => undefined }) },
    protocol: {
      registerSchemesAsPrivileged: (schemes: unknown) => {
        mustNotBeReady('protocol.registerSchemesAsPrivileged');
        record('protocol.registerSchemesAsPrivileged', schemes);
      },
    },
    get session() {
      return {
        get defaultSession() {
          mustBeReady('session.defaultSession');
          return defaultSession;
        },
      };
    },
    safeStorage,
    powerMonitor: {
      on: (event: string) => {
        mustBeReady('powerMonitor');
        record('powerMonitor.on', event);
      },
    },
    ipcMain: {
      handle: (channel: string, handler: (event: unknown, input?: unknown) => unknown) => void ipcHandlers.set(channel, handler),
      removeHandler: (channel: string) => void ipcHandlers.delete(channel),
    },
    shell: {
      openPath: async () => '',
      openExternal: async () => undefined,
      ...(platform === 'win32'
        ? {
            writeShortcutLink: (path: string, operation: string, details: unknown) => {
              mustBeReady('shell.writeShortcutLink');
              record('shell.writeShortcutLink', path, operation, details);
              return true;
            },
          }
        : {}),
    },
  };

  return {
    module,
    calls,
    windows,
    trays,
    notifications,
    errorBoxes,
    sessionCalls,
    permission,
    ipcHandlers,
    loginItem,
    applicationMenu: () => applicationMenu,
    /** Electron finished starting: 'ready' fires and whenReady() resolves. */
    becomeReady() {
      ready = true;
      app.emit('ready');
      resolveReady();
    },
    quitState: () => quitState,
    exitCode: () => exitCode,
    /** Calls a bridge method the way the app window's page does. */
    async invoke(method: string, input?: unknown) {
      const handler = ipcHandlers.get(method);
      const window = StandInWindow.getAllWindows()[0];
      if (!handler || !window) throw new Error(`no handler or window for ${method}`);
      return handler({ sender: { id: window.webContents.id }, senderFrame: window.webContents.mainFrame }, input) as Promise<{ ok: boolean; value?: unknown; error?: unknown }>;
    },
  };
}

export type ElectronStandIn = ReturnType<typeof createElectronStandIn>;

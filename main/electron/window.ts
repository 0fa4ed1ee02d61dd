import { BrowserWindow } from 'electron';
import type { Session, WebContents } from 'electron';
import type { Logger, Opener } from '../core/ports';
import { APP_CSP, APP_ENTRY_URL } from './app-protocol';
import { navigationDecision } from './navigation';

/**
 * The session's defaults: every permission (camera, notifications, geolocation…) refused
 * unless a later feature asks for one by name, and the CSP on every response, whatever
 * served it (app:// sets it too; this also covers anything else the session loads).
 */
export function hardenSession(session: Pick<Session, 'setPermissionRequestHandler' | 'setPermissionCheckHandler' | 'webRequest'>): void {
  session.setPermissionRequestHandler((_contents, _permission, callback) => callback(false));
  session.setPermissionCheckHandler(() => false);
  session.webRequest.onHeadersReceived((details, callback) => {
    callback({ responseHeaders: { ...details.responseHeaders, 'Content-Security-Policy': [APP_CSP] } });
  });
}

type LockableContents = Pick<WebContents, 'on' | 'setWindowOpenHandler'>;

/**
 * No web contents may leave the app's page, open windows or attach webviews; https links go
 * to the system browser. Reloading the app's own page (app://quotedesk/index.html) is allowed.
 */
export function lockDownContents(contents: LockableContents, deps: { opener: Opener; logger: Logger }): void {
  const leave = (url: string) => {
    if (navigationDecision(url) === 'open-externally') {
      deps.opener.openExternal(url).catch((error: unknown) => {
        deps.logger.warn('external link could not be opened', { error: error instanceof Error ? error.message : String(error) });
      });
    } else {
      deps.logger.warn('navigation refused', { url });
    }
  };
  contents.on('will-navigate', (event, url) => {
    if (navigationDecision(url) === 'stay') return;
    event.preventDefault();
    leave(url);
  });
  contents.on('will-redirect', (event) => event.preventDefault());
  contents.on('will-attach-webview', (event) => event.preventDefault());
  contents.setWindowOpenHandler(({ url }) => {
    leave(url);
    return { action: 'deny' };
  });
}

/**
 * The app window, showing the renderer from app://quotedesk/ (never file://). Every setting
 * is in this one literal, so electronegativity's static checks see them and a unit test
 * asserts each: no Node, sandboxed in its own JavaScript world, only the preload's
 * window.quotedesk, no middle-click windows (Auxclick), no webviews, no insecure content.
 */
export function createMainWindow(options: { preloadPath: string }): BrowserWindow {
  const window = new BrowserWindow({
    width: 1280,
    height: 820,
    minWidth: 900,
    minHeight: 600,
    show: false,
    title: 'Quotedesk',
    webPreferences: {
      preload: options.preloadPath,
      sandbox: true,
      contextIsolation: true,
      nodeIntegration: false,
      nodeIntegrationInWorker: false,
      nodeIntegrationInSubFrames: false,
      webSecurity: true,
      allowRunningInsecureContent: false,
      experimentalFeatures: false,
      disableBlinkFeatures: 'Auxclick',
      webviewTag: false,
      navigateOnDragDrop: false,
      safeDialogs: true,
      spellcheck: true,
    },
  });
  window.once('ready-to-show', () => window.show());
  void window.loadURL(APP_ENTRY_URL);
  return window;
}

/** A second launch hands over to the running app: its window comes back to the front. */
export function focusExistingWindow(window: Pick<BrowserWindow, 'isMinimized' | 'restore' | 'show' | 'focus'> | null): void {
  if (!window) return;
  if (window.isMinimized()) window.restore();
  window.show();
  window.focus();
}

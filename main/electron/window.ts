import { BrowserWindow } from 'electron';
import type { Session, WebContents } from 'electron';
import type { Logger, Opener } from '../core/ports';
import { APP_CSP, APP_ENTRY_URL, APP_ORIGIN, isAppPage } from './app-protocol';
import { navigationDecision } from './navigation';
import { errorText } from '../core/errors';

/** The one permission the app's page has: writing to the clipboard (the Copy buttons), from its own main frame. */
const ALLOWED_TO_THE_APP = new Set(['clipboard-sanitized-write']);

/**
 * Spellcheck dictionaries would be downloaded from Google's CDN (Linux; and Windows or macOS
 * when a language has no system dictionary). They are asked of the discard port on this
 * machine instead, where the request fails at once and never leaves it: Windows and macOS
 * keep their own system spellcheckers, Linux goes without (its window has spellcheck off).
 */
export const SPELLCHECK_DICTIONARY_URL = 'http://127.0.0.1:9/';

/**
 * The session's defaults: every permission (camera, notifications, geolocation…) refused
 * but clipboard-sanitized-write for the app's own page in its main frame, the CSP on every
 * response whatever served it (app:// sets it too), and no spellcheck dictionary downloads.
 */
export function hardenSession(session: Pick<Session, 'setPermissionRequestHandler' | 'setPermissionCheckHandler' | 'webRequest' | 'setSpellCheckerDictionaryDownloadURL'>): void {
  session.setPermissionRequestHandler((_contents, permission, callback, details) => {
    callback(ALLOWED_TO_THE_APP.has(permission) && details.isMainFrame && isAppPage(details.requestingUrl));
  });
  session.setPermissionCheckHandler((_contents, permission, requestingOrigin, details) => {
    if (!ALLOWED_TO_THE_APP.has(permission) || !details.isMainFrame) return false;
    if (details.requestingUrl !== undefined) return isAppPage(details.requestingUrl);
    // Without a document URL only the origin is named; app:// has an opaque one in URL terms, so it is compared as text.
    return requestingOrigin === APP_ORIGIN || requestingOrigin === `${APP_ORIGIN}/`;
  });
  session.setSpellCheckerDictionaryDownloadURL(SPELLCHECK_DICTIONARY_URL);
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
        deps.logger.warn('external link could not be opened', { error: errorText(error) });
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
 * Spellcheck is off on Linux, where it would need downloaded dictionaries (see hardenSession).
 */
export function createMainWindow(options: { preloadPath: string; spellcheck: boolean; showWhenReady?: boolean }): BrowserWindow {
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
      spellcheck: options.spellcheck,
    },
  });
  // Started at login (--hidden) the app waits in the tray: the window is made, not shown.
  if (options.showWhenReady !== false) window.once('ready-to-show', () => window.show());
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

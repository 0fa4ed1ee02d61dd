import { BrowserWindow } from 'electron';
import type { Session, WebContents } from 'electron';
import type { Logger, Opener } from '../core/ports';
import { ELECTRON_CSP, navigationDecision } from './navigation';

/**
 * The session's defaults: every permission (camera, notifications, geolocation…) refused
 * unless a later feature asks for one by name, and the CSP on every response.
 */
export function hardenSession(session: Session): void {
  session.setPermissionRequestHandler((_contents, _permission, callback) => callback(false));
  session.setPermissionCheckHandler(() => false);
  session.webRequest.onHeadersReceived((details, callback) => {
    callback({ responseHeaders: { ...details.responseHeaders, 'Content-Security-Policy': [ELECTRON_CSP] } });
  });
}

/** No web contents may navigate away, open windows or attach webviews; https links go to the system browser. */
export function lockDownContents(contents: WebContents, deps: { opener: Opener; logger: Logger }): void {
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

export function createMainWindow(options: { preloadPath: string; rendererPath: string }): BrowserWindow {
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
      nodeIntegrationInSubFrames: false,
      webSecurity: true,
      allowRunningInsecureContent: false,
      webviewTag: false,
      navigateOnDragDrop: false,
      spellcheck: true,
    },
  });
  window.once('ready-to-show', () => window.show());
  void window.loadFile(options.rendererPath);
  return window;
}

import { describe, expect, it, vi } from 'vitest';
import { createRecordingLogger } from '../../helpers/recording-logger';

// window.ts constructs a BrowserWindow; Electron's binary is not here, so a stand-in records
// what the app window was built with and what it loaded.
const created: Array<{ options: unknown; loaded: string[] }> = [];
vi.mock('electron', () => ({
  BrowserWindow: class {
    loaded: string[] = [];
    constructor(options: unknown) {
      created.push({ options, loaded: this.loaded });
    }
    once() {}
    show() {}
    async loadURL(url: string) {
      this.loaded.push(url);
    }
    async loadFile(path: string) {
      this.loaded.push(`file:${path}`);
    }
  },
}));

const { createMainWindow, focusExistingWindow, hardenSession, lockDownContents, SPELLCHECK_DICTIONARY_URL } = await import('../../../main/electron/window');
const { APP_CSP } = await import('../../../main/electron/app-protocol');

describe('the app window', () => {
  it('runs the page sandboxed and isolated, without Node, with the preload as its only bridge, from app://quotedesk/', () => {
    createMainWindow({ preloadPath: '/app/out/preload/index.cjs', spellcheck: true });
    const window = created.at(-1);
    expect(window?.loaded).toEqual(['app://quotedesk/index.html']);
    const { webPreferences, show } = window?.options as { webPreferences: Record<string, unknown>; show: boolean };
    expect(show).toBe(false);
    expect(webPreferences).toEqual({
      preload: '/app/out/preload/index.cjs',
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
    });
  });

  it('a second launch restores and focuses the existing window', () => {
    const calls: string[] = [];
    const window = { isMinimized: () => true, restore: () => calls.push('restore'), show: () => calls.push('show'), focus: () => calls.push('focus') };
    focusExistingWindow(window);
    expect(calls).toEqual(['restore', 'show', 'focus']);
    expect(() => focusExistingWindow(null)).not.toThrow();
  });
});

describe('the session', () => {
  function hardened() {
    let request: ((contents: unknown, permission: string, callback: (granted: boolean) => void, details: { isMainFrame: boolean; requestingUrl: string }) => void) | undefined;
    let check: ((contents: unknown, permission: string, origin: string, details: { isMainFrame: boolean; requestingUrl?: string }) => boolean) | undefined;
    let headers: ((details: { responseHeaders?: Record<string, string[]> }, callback: (response: unknown) => void) => void) | undefined;
    const dictionaryUrls: string[] = [];
    hardenSession({
      setPermissionRequestHandler: (fn: never) => (request = fn),
      setPermissionCheckHandler: (fn: never) => (check = fn),
      setSpellCheckerDictionaryDownloadURL: (url: string) => void dictionaryUrls.push(url),
      webRequest: { onHeadersReceived: (fn: never) => (headers = fn) },
    } as never);
    const ask = (permission: string, details: { isMainFrame: boolean; requestingUrl: string }) => {
      let granted: boolean | undefined;
      request?.({}, permission, (answer) => (granted = answer), details);
      return granted;
    };
    return { ask, check: check!, headers: headers!, dictionaryUrls };
  }
  const appMainFrame = { isMainFrame: true, requestingUrl: 'app://quotedesk/index.html#/settings' };

  it('refuses every permission but clipboard writes, and puts the CSP on every response', () => {
    const { ask, check, headers } = hardened();
    for (const permission of ['media', 'notifications', 'geolocation', 'clipboard-read', 'openExternal', 'fullscreen']) {
      expect(ask(permission, appMainFrame), permission).toBe(false);
      expect(check({}, permission, 'app://quotedesk', appMainFrame), permission).toBe(false);
    }
    let answered: unknown;
    headers({ responseHeaders: { 'Content-Type': ['text/html'], 'Content-Security-Policy': ['default-src *'] } }, (response) => (answered = response));
    expect(answered).toEqual({ responseHeaders: { 'Content-Type': ['text/html'], 'Content-Security-Policy': [APP_CSP] } });
  });

  it("lets the app's own main frame write to the clipboard (the Copy buttons), and nothing else", () => {
    const { ask, check } = hardened();
    expect(ask('clipboard-sanitized-write', appMainFrame)).toBe(true);
    expect(check({}, 'clipboard-sanitized-write', 'app://quotedesk', appMainFrame)).toBe(true);
    expect(check({}, 'clipboard-sanitized-write', 'app://quotedesk', { isMainFrame: true })).toBe(true);
    for (const details of [
      { isMainFrame: false, requestingUrl: 'app://quotedesk/index.html' },
      { isMainFrame: true, requestingUrl: 'https://example.com/' },
      { isMainFrame: true, requestingUrl: 'app://quotedesk/assets/evil.html' },
      { isMainFrame: true, requestingUrl: 'app://other/index.html' },
      { isMainFrame: true, requestingUrl: 'file:///etc/passwd' },
    ]) {
      expect(ask('clipboard-sanitized-write', details), JSON.stringify(details)).toBe(false);
      expect(check({}, 'clipboard-sanitized-write', new URL(details.requestingUrl).protocol === 'app:' ? 'app://quotedesk' : details.requestingUrl, details), JSON.stringify(details)).toBe(
        details.isMainFrame && details.requestingUrl === 'app://quotedesk/index.html',
      );
    }
    expect(check({}, 'clipboard-sanitized-write', 'https://example.com', { isMainFrame: true })).toBe(false);
  });

  it('points spellcheck dictionary downloads at a closed port on this machine', () => {
    const { dictionaryUrls } = hardened();
    expect(dictionaryUrls).toEqual([SPELLCHECK_DICTIONARY_URL]);
    const url = new URL(SPELLCHECK_DICTIONARY_URL);
    expect(url.hostname).toBe('127.0.0.1');
  });
});

describe('web contents lockdown', () => {
  function lockedContents() {
    const listeners = new Map<string, (event: { preventDefault(): void; prevented?: boolean }, url?: string) => void>();
    let openHandler: ((details: { url: string }) => { action: string }) | undefined;
    const opened: string[] = [];
    const logger = createRecordingLogger();
    lockDownContents(
      {
        on: ((name: string, fn: never) => listeners.set(name, fn)) as never,
        setWindowOpenHandler: ((fn: never) => (openHandler = fn)) as never,
      },
      { opener: { openExternal: async (url) => void opened.push(url), openPath: async () => {} }, logger },
    );
    const fire = (name: string, url?: string) => {
      const event = { prevented: false, preventDefault() { this.prevented = true; } };
      listeners.get(name)?.(event, url);
      return event.prevented;
    };
    return { fire, open: (url: string) => openHandler?.({ url }), opened, logger };
  }

  it('lets the window reload the app page and stops every other navigation', () => {
    const { fire, opened, logger } = lockedContents();
    expect(fire('will-navigate', 'app://quotedesk/index.html#/accounts')).toBe(false);
    expect(fire('will-navigate', 'app://quotedesk/assets/index.js')).toBe(true);
    expect(fire('will-navigate', 'file:///etc/passwd')).toBe(true);
    expect(fire('will-navigate', 'http://example.com/')).toBe(true);
    expect(fire('will-navigate', 'https://docs.example.com/')).toBe(true);
    expect(fire('will-redirect', 'app://quotedesk/index.html')).toBe(true);
    expect(fire('will-attach-webview')).toBe(true);
    expect(opened).toEqual(['https://docs.example.com/']);
    expect(logger.text()).toContain('navigation refused');
  });

  it('denies every new window, sending https links to the system browser', async () => {
    const { open, opened } = lockedContents();
    for (const url of ['https://example.com/help', 'app://quotedesk/index.html', 'file:///etc/passwd', 'javascript:alert(1)']) {
      expect(open(url), url).toEqual({ action: 'deny' });
    }
    await Promise.resolve();
    expect(opened).toEqual(['https://example.com/help']);
  });
});

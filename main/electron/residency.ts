// Staying resident: on Windows and Linux closing the window hides it, and the tray, the
// webhook receiver, sync and notifications keep running. Quit (tray, app menu, Ctrl+Q, the
// updater, the OS ending the session) really quits: 'before-quit' raises a flag first, and
// a window closing while that flag is up is let go. macOS keeps its own convention (the
// window closes, the app stays in the dock and the tray).
import type { App, BrowserWindow } from 'electron';
import { m } from '../../i18n/paraglide/messages.js';

export type ResidentWindow = Pick<BrowserWindow, 'on' | 'hide'>;

export interface ResidencyOptions {
  app: Pick<App, 'on' | 'quit'>;
  platform: NodeJS.Platform;
  /** The person's setting (Windows and Linux); read at each close. */
  resident(): boolean;
  /** The window was hidden instead of closed (the caller shows its one-time note). */
  onHidden(): void;
}

export interface Residency {
  /** Whether a quit is under way. */
  quitting(): boolean;
  /** Before a quit that does not start with 'before-quit' (electron-updater closes windows first). */
  allowQuit(): void;
  /** Hides the window on close unless the app is quitting. */
  attach(window: ResidentWindow): void;
}

export function createResidency(options: ResidencyOptions): Residency {
  const { app, platform } = options;
  let quitting = false;
  const keepsRunning = () => platform !== 'darwin' && options.resident();
  app.on('before-quit', () => {
    quitting = true;
  });
  // Without a listener Electron quits when the last window is gone. The window is hidden, not
  // closed, on Windows and Linux when resident; it may still be destroyed (a crash of its page).
  app.on('window-all-closed', () => {
    if (platform !== 'darwin' && !keepsRunning()) app.quit();
  });
  return {
    quitting: () => quitting,
    allowQuit() {
      quitting = true;
    },
    attach(window) {
      window.on('close', (event) => {
        if (quitting || !keepsRunning()) return;
        event.preventDefault();
        window.hide();
        options.onHidden();
      });
      // Windows ends the session (log off, shut down): a hidden close would hold it up.
      if (platform === 'win32') window.on('session-end', () => void (quitting = true));
    },
  };
}

/** The one-time note, shown the first time the window hides. */
export function residentNote(platform: NodeJS.Platform): { title: string; body: string } {
  return {
    title: m.main_resident_title(),
    body: platform === 'win32' ? m.main_resident_body_windows() : m.main_resident_body_linux(),
  };
}

// Windows: the Start menu shortcut the installer made carries the app's AppUserModelID
// (electron-builder's installer sets it) and, written here at each start, the toast activator
// CLSID. With both on the shortcut, Windows can start Quotedesk for a click on a toast left in
// the Action Center after the app quit. NSIS has no command for the CLSID property, Electron
// has one (shell.writeShortcutLink), so the app stamps it; 'update' leaves the rest as it is.
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import type { Shell } from 'electron';
import type { Logger } from '../core/ports';
import { APP_USER_MODEL_ID, TOAST_ACTIVATOR_CLSID } from './desktop-notifications';

/** Where a per-user NSIS install puts its Start menu shortcut (electron-builder: `<productName>.lnk`). */
export function startMenuShortcutPath(appData: string): string {
  return join(appData, 'Microsoft', 'Windows', 'Start Menu', 'Programs', 'Quotedesk.lnk');
}

/** `target` is the running executable: the installer's shortcut points at it already. */
export function stampStartMenuShortcut(options: { shell: Pick<Shell, 'writeShortcutLink'>; appData: string; target: string; logger: Logger; exists?: (path: string) => boolean }): boolean {
  const path = startMenuShortcutPath(options.appData);
  // An unpackaged run, or a portable copy, has no shortcut: nothing to do.
  if (!(options.exists ?? existsSync)(path)) return false;
  const written = options.shell.writeShortcutLink(path, 'update', { target: options.target, appUserModelId: APP_USER_MODEL_ID, toastActivatorClsid: TOAST_ACTIVATOR_CLSID });
  if (!written) options.logger.warn('the Start menu shortcut could not be given the notification activator', { path });
  return written;
}

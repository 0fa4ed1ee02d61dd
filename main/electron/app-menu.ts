// The application menu: ours instead of Electron's default, which ships "Toggle Developer
// Tools" and "Force Reload". A packaged build has neither; an unpackaged run (npm start) keeps
// them for development. Quit quits for real (the close button only hides on Windows/Linux).
import type { MenuItemConstructorOptions } from 'electron';

export interface AppMenuOptions {
  platform: NodeJS.Platform;
  packaged: boolean;
  onQuit(): void;
  onCheckForUpdates(): void;
}

export function appMenuTemplate(options: AppMenuOptions): MenuItemConstructorOptions[] {
  const mac = options.platform === 'darwin';
  const quit: MenuItemConstructorOptions = { label: 'Quit Quotedesk', accelerator: 'CmdOrCtrl+Q', click: () => options.onQuit() };
  const checkForUpdates: MenuItemConstructorOptions = { label: 'Check for Updates…', click: () => options.onCheckForUpdates() };
  const view: MenuItemConstructorOptions[] = [
    { role: 'resetZoom' },
    { role: 'zoomIn' },
    { role: 'zoomOut' },
    { type: 'separator' },
    { role: 'togglefullscreen' },
    ...(options.packaged ? [] : ([{ type: 'separator' }, { role: 'reload' }, { role: 'forceReload' }, { role: 'toggleDevTools' }] as MenuItemConstructorOptions[])),
  ];
  return [
    ...(mac
      ? [{ label: 'Quotedesk', submenu: [{ role: 'about' }, checkForUpdates, { type: 'separator' }, { role: 'hide' }, { role: 'hideOthers' }, { role: 'unhide' }, { type: 'separator' }, quit] } as MenuItemConstructorOptions]
      : [{ label: '&File', submenu: [{ role: 'close', label: 'Close Window' }, { type: 'separator' }, quit] } as MenuItemConstructorOptions]),
    // Copy and paste need the Edit roles on macOS (the shortcuts go through the menu there).
    { label: mac ? 'Edit' : '&Edit', submenu: [{ role: 'undo' }, { role: 'redo' }, { type: 'separator' }, { role: 'cut' }, { role: 'copy' }, { role: 'paste' }, { role: 'selectAll' }] },
    { label: mac ? 'View' : '&View', submenu: view },
    { label: mac ? 'Window' : '&Window', role: 'windowMenu' },
    ...(mac ? [] : [{ label: '&Help', submenu: [checkForUpdates] } as MenuItemConstructorOptions]),
  ];
}

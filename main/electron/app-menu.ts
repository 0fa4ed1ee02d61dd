// The application menu: ours instead of Electron's default, which ships "Toggle Developer
// Tools" and "Force Reload". A packaged build has neither; an unpackaged run (npm start) keeps
// them for development. Quit quits for real (the close button only hides on Windows/Linux).
// Every item is labelled from the catalogue in the app's language: Electron's role labels
// follow the language Chromium started in, not the one chosen in Settings.
import type { MenuItemConstructorOptions } from 'electron';
import { m } from '../../i18n/paraglide/messages.js';

export interface AppMenuOptions {
  platform: NodeJS.Platform;
  packaged: boolean;
  onQuit(): void;
  onCheckForUpdates(): void;
}

/** macOS menus have no Alt letters: "&Edit" reads "Edit", "編集(&E)" reads "編集". */
export function withoutMnemonic(label: string): string {
  return label.replace(/\(&.\)/u, '').replace(/&(.)/u, '$1');
}

export function appMenuTemplate(options: AppMenuOptions): MenuItemConstructorOptions[] {
  const mac = options.platform === 'darwin';
  const top = (label: string) => (mac ? withoutMnemonic(label) : label);
  const quit: MenuItemConstructorOptions = { label: m.main_menu_quit(), accelerator: 'CmdOrCtrl+Q', click: () => options.onQuit() };
  const checkForUpdates: MenuItemConstructorOptions = { label: m.main_menu_check_updates(), click: () => options.onCheckForUpdates() };
  const closeWindow: MenuItemConstructorOptions = { role: 'close', label: m.main_menu_close_window() };
  const view: MenuItemConstructorOptions[] = [
    { role: 'resetZoom', label: m.main_menu_actual_size() },
    { role: 'zoomIn', label: m.main_menu_zoom_in() },
    { role: 'zoomOut', label: m.main_menu_zoom_out() },
    { type: 'separator' },
    { role: 'togglefullscreen', label: m.main_menu_full_screen() },
    ...(options.packaged
      ? []
      : ([
          { type: 'separator' },
          { role: 'reload', label: m.main_menu_reload() },
          { role: 'forceReload', label: m.main_menu_force_reload() },
          { role: 'toggleDevTools', label: m.main_menu_dev_tools() },
        ] as MenuItemConstructorOptions[])),
  ];
  // Given its own items, the Window menu still gets macOS's list of open windows.
  const windowItems: MenuItemConstructorOptions[] = mac
    ? [{ role: 'minimize', label: m.main_menu_minimize() }, { role: 'zoom', label: m.main_menu_zoom_window() }, { type: 'separator' }, { role: 'front', label: m.main_menu_bring_to_front() }]
    : [{ role: 'minimize', label: m.main_menu_minimize() }, closeWindow];
  return [
    ...(mac
      ? [
          {
            label: 'Quotedesk',
            submenu: [
              { role: 'about', label: m.main_menu_about() },
              checkForUpdates,
              { type: 'separator' },
              { role: 'hide', label: m.main_menu_hide() },
              { role: 'hideOthers', label: m.main_menu_hide_others() },
              { role: 'unhide', label: m.main_menu_show_all() },
              { type: 'separator' },
              quit,
            ],
          } as MenuItemConstructorOptions,
        ]
      : [{ label: top(m.main_menu_file()), submenu: [closeWindow, { type: 'separator' }, quit] } as MenuItemConstructorOptions]),
    // Copy and paste need the Edit roles on macOS (the shortcuts go through the menu there).
    {
      label: top(m.main_menu_edit()),
      submenu: [
        { role: 'undo', label: m.main_menu_undo() },
        { role: 'redo', label: m.main_menu_redo() },
        { type: 'separator' },
        { role: 'cut', label: m.main_menu_cut() },
        { role: 'copy', label: m.main_menu_copy() },
        { role: 'paste', label: m.main_menu_paste() },
        { role: 'selectAll', label: m.main_menu_select_all() },
      ],
    },
    { label: top(m.main_menu_view()), submenu: view },
    { label: top(m.main_menu_window()), role: 'windowMenu', submenu: windowItems },
    ...(mac ? [] : [{ label: top(m.main_menu_help()), submenu: [checkForUpdates] } as MenuItemConstructorOptions]),
  ];
}

// "Start Quotedesk when I log in": the system's login items on macOS and Windows, an XDG
// autostart entry (~/.config/autostart/quotedesk.desktop) on Linux. Started at login, the app
// opens in the tray (--hidden) rather than putting a window in front of the person.
import { existsSync, readFileSync, rmSync } from 'node:fs';
import { homedir } from 'node:os';
import { join } from 'node:path';
import type { App } from 'electron';
import type { Logger } from '../core/ports';
import { writeFileAtomicSync } from '../core/data-files';

export const HIDDEN_ARGUMENT = '--hidden';

export interface LoginItem {
  supported: boolean;
  enabled(): boolean;
  set(enabled: boolean): void;
}

export interface LoginItemOptions {
  app: Pick<App, 'getLoginItemSettings' | 'setLoginItemSettings'>;
  platform: NodeJS.Platform;
  /** The program the login starts: the AppImage file when run from one (its mount point changes each run), else the executable. */
  executable: string;
  env: Record<string, string | undefined>;
  logger: Logger;
}

/** Quotes one argument of a desktop entry's Exec key (freedesktop Desktop Entry spec, "The Exec key"). */
export function desktopExecArgument(value: string): string {
  const escaped = value.replace(/[\\"`$]/g, (c) => `\\${c}`).replace(/%/g, '%%');
  return /^[A-Za-z0-9/._+-]+$/.test(value) ? escaped : `"${escaped}"`;
}

export function autostartEntry(executable: string): string {
  return [
    '[Desktop Entry]',
    'Type=Application',
    'Name=Quotedesk',
    'Comment=Quotes from your localisation provider, on your desktop',
    `Exec=${desktopExecArgument(executable)} ${HIDDEN_ARGUMENT}`,
    'Icon=quotedesk',
    'Terminal=false',
    'X-GNOME-Autostart-enabled=true',
    '',
  ].join('\n');
}

export function autostartPath(env: Record<string, string | undefined>): string {
  const configHome = env.XDG_CONFIG_HOME && env.XDG_CONFIG_HOME.startsWith('/') ? env.XDG_CONFIG_HOME : join(env.HOME ?? homedir(), '.config');
  return join(configHome, 'autostart', 'quotedesk.desktop');
}

export function createLoginItem(options: LoginItemOptions): LoginItem {
  const { app, platform, logger } = options;
  if (platform === 'darwin' || platform === 'win32') {
    // Windows passes args to the started program; macOS has no arguments for login items.
    const args = platform === 'win32' ? [HIDDEN_ARGUMENT] : undefined;
    return {
      supported: true,
      enabled: () => app.getLoginItemSettings(args ? { args } : undefined).openAtLogin,
      set: (enabled) => app.setLoginItemSettings({ openAtLogin: enabled, ...(args ? { args } : {}) }),
    };
  }
  if (platform !== 'linux') return { supported: false, enabled: () => false, set: () => undefined };
  const path = autostartPath(options.env);
  return {
    supported: true,
    enabled() {
      try {
        return readFileSync(path, 'utf8').includes(`Exec=${desktopExecArgument(options.executable)} `);
      } catch {
        return false;
      }
    },
    set(enabled) {
      if (enabled) {
        writeFileAtomicSync(path, autostartEntry(options.executable), { mode: 0o644 });
        logger.info('Quotedesk starts at login', { entry: path });
      } else if (existsSync(path)) {
        rmSync(path, { force: true });
      }
    },
  };
}

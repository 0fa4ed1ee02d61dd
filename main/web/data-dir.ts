import { join } from 'node:path';

/**
 * The per-user folder for settings, secrets and logs when no --data-dir is given: the
 * platform's usual place for application data, in a 'Quotedesk' folder (as Electron's
 * userData would be).
 */
export function defaultDataDir(platform: NodeJS.Platform, env: NodeJS.ProcessEnv, home: string): string {
  if (platform === 'win32') return join(env.APPDATA ?? join(home, 'AppData', 'Roaming'), 'Quotedesk');
  if (platform === 'darwin') return join(home, 'Library', 'Application Support', 'Quotedesk');
  const xdg = env.XDG_DATA_HOME;
  // The XDG spec says a relative value is invalid and must be ignored.
  return join(xdg && xdg.startsWith('/') ? xdg : join(home, '.local', 'share'), 'Quotedesk');
}

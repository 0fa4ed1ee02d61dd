import { join } from 'node:path';

const BROWSER_FOLDER = 'Quotedesk-browser';

/**
 * The per-user folder for settings, secrets and logs when no --data-dir is given: the
 * platform's usual place for application data, in a 'Quotedesk-browser' folder.
 *
 * Deliberately not the desktop app's folder (Electron's userData, '<appData>/Quotedesk'):
 * the two keep incompatible files under the same names. The desktop app stores secrets.json
 * encrypted with the OS keychain (safeStorage); browser mode has no keychain and keeps
 * secrets.json as a plain 0600 file. Sharing one folder would make each app misread the
 * other's secrets. On Windows and macOS the base folder is the
 * same as Electron's appData, so only the folder name keeps them apart.
 */
export function defaultDataDir(platform: NodeJS.Platform, env: NodeJS.ProcessEnv, home: string): string {
  if (platform === 'win32') return join(env.APPDATA ?? join(home, 'AppData', 'Roaming'), BROWSER_FOLDER);
  if (platform === 'darwin') return join(home, 'Library', 'Application Support', BROWSER_FOLDER);
  const xdg = env.XDG_DATA_HOME;
  // The XDG spec says a relative value is invalid and must be ignored.
  return join(xdg && xdg.startsWith('/') ? xdg : join(home, '.local', 'share'), BROWSER_FOLDER);
}

import { existsSync, renameSync } from 'node:fs';
import { join } from 'node:path';
import Store from 'electron-store';
import type { Logger, SettingsStore } from '../core/ports';

/**
 * Plain settings in userData through electron-store (the same file format as conf in
 * browser mode). A file that cannot be parsed is moved aside for recovery and a fresh one
 * started, so a damaged file never keeps the app from opening.
 */
export function createElectronSettingsStore(options: { userData: string; logger: Logger }): SettingsStore {
  const open = () => new Store<Record<string, unknown>>({ name: 'settings', cwd: options.userData, accessPropertiesByDotNotation: false });
  let store: Store<Record<string, unknown>>;
  try {
    store = open();
  } catch (error) {
    const path = join(options.userData, 'settings.json');
    if (!existsSync(path)) throw error;
    const aside = `${path}.corrupt-${Date.now()}`;
    renameSync(path, aside);
    options.logger.error('settings file was unreadable; moved aside and started afresh', { path, movedTo: aside });
    store = open();
  }
  return {
    get: <T>(key: string) => store.get(key) as T | undefined,
    set: (key, value) => store.set(key, value),
    delete: (key) => store.delete(key),
    problems: () => [],
  };
}

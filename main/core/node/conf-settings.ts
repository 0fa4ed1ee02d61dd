import { existsSync, renameSync } from 'node:fs';
import { join } from 'node:path';
import Conf from 'conf';
import { createSilentLogger } from '../log/logger';
import type { Logger, SettingsStore } from '../ports';

export interface ConfSettingsOptions {
  /** The folder holding the settings file. */
  cwd: string;
  /** The file name without extension. Default 'settings'. */
  configName?: string;
  logger?: Logger;
}

/**
 * Plain settings in a JSON file through `conf` (what electron-store is built on). Keys are
 * literal: a dot in a key is not a path. A file that is not valid JSON is moved aside
 * (kept for the person or support to recover) and a fresh one is started, so a damaged
 * file never stops the app.
 */
export function createConfSettingsStore(options: ConfSettingsOptions): SettingsStore & { readonly path: string } {
  const logger = options.logger ?? createSilentLogger();
  const configName = options.configName ?? 'settings';
  const make = () =>
    new Conf<Record<string, unknown>>({
      cwd: options.cwd,
      configName,
      accessPropertiesByDotNotation: false,
      configFileMode: 0o600,
      projectName: 'quotedesk',
    });

  let conf = openOrRecover();

  function openOrRecover(): Conf<Record<string, unknown>> {
    try {
      const opened = make();
      void opened.store; // reads and parses the file now, not at the first get
      return opened;
    } catch (error) {
      const path = join(options.cwd, `${configName}.json`);
      if (!existsSync(path)) throw error;
      const aside = `${path}.corrupt-${Date.now()}`;
      renameSync(path, aside);
      logger.error('settings file was unreadable; moved aside and started afresh', {
        path,
        movedTo: aside,
        error: error instanceof Error ? error.message : String(error),
      });
      return make();
    }
  }

  return {
    get path() {
      return conf.path;
    },
    get<T>(key: string): T | undefined {
      try {
        return conf.get(key) as T | undefined;
      } catch (error) {
        // Damaged between reads (edited by hand, disk trouble): recover the same way.
        logger.error('settings could not be read', { key, error: error instanceof Error ? error.message : String(error) });
        conf = openOrRecover();
        return conf.get(key) as T | undefined;
      }
    },
    set(key, value) {
      conf.set(key, value);
    },
    delete(key) {
      conf.delete(key);
    },
    problems: () => [],
  };
}

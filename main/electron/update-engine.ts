// electron-updater as the core's UpdateEngine: a generic feed (latest.yml / beta.yml beside
// the installers, as electron-builder writes them), downloads verified against the sha512
// in that metadata, and the platform's installer run on "Restart to update". The policy
// (when, which channel, not during a decision) is the core's: main/core/updates.
import type { AppUpdater, Logger as UpdaterLogger, ProgressInfo, Provider, UpdateInfo } from 'electron-updater';
import type { Logger } from '../core/ports';
import { writeFileAtomicSync } from '../core/data-files';
import type { UpdateEngine } from '../core/updates';
import { errorText } from '../core/errors';

/** The folder electron-updater downloads into, under the system's cache folder. */
export const UPDATER_CACHE_FOLDER = 'quotedesk-updater';

export interface UpdateEngineOptions {
  /** electron-updater's updater for this platform (autoUpdater in the app; a real one on a test adapter in tests). */
  updater: AppUpdater;
  /**
   * A feed from configuration (QUOTEDESK_UPDATE_URL); null: the packaged app-update.yml
   * (electron-builder's publish) names it. With a packaged app-update.yml the override only
   * replaces the address: the rest of that file stays in force (on Windows its publisherName,
   * against which electron-updater checks the installer's signature). Without one, a config
   * of our own is written at configPath.
   */
  feed: { url: string; configPath: string; packagedConfig: boolean } | null;
  logger: Logger;
  /** Called right before the installer takes over: the window must not hide instead of closing. */
  beforeInstall(): void;
}

/**
 * The addresses electron-updater will download the release's files from, resolved by its own
 * provider exactly as its download does (a file may name any absolute URL), so the core can
 * refuse one that is not https. electron-updater keeps what it found in a protected field.
 */
function installerUrlsOf(updater: AppUpdater): string[] {
  const found = (updater as unknown as { updateInfoAndProvider: { info: UpdateInfo; provider: Provider<UpdateInfo> } | null }).updateInfoAndProvider;
  return found ? found.provider.resolveFiles(found.info).map((file) => file.url.href) : [];
}

/** electron-updater logs through this: its lines join ours, never the console. */
function updaterLogger(logger: Logger): UpdaterLogger {
  return {
    info: (message) => logger.info('updater', { message: errorText(message) }),
    warn: (message) => logger.warn('updater', { message: errorText(message) }),
    error: (message) => logger.warn('updater', { message: errorText(message) }),
  };
}

export function createUpdateEngine(options: UpdateEngineOptions): UpdateEngine {
  const { updater } = options;
  // The core decides when to download and when to install: nothing happens on its own,
  // not even at quit (a quit may come while a decision is being sent).
  updater.autoDownload = false;
  updater.autoInstallOnAppQuit = false;
  updater.logger = updaterLogger(options.logger);
  if (options.feed?.packagedConfig) {
    updater.setFeedURL({ provider: 'generic', url: options.feed.url });
  } else if (options.feed) {
    // What electron-builder writes into the package (app-update.yml): the provider and the
    // cache folder's name, which electron-updater reads for every download. JSON is YAML.
    writeFileAtomicSync(options.feed.configPath, `${JSON.stringify({ provider: 'generic', url: options.feed.url, updaterCacheDirName: UPDATER_CACHE_FOLDER }, null, 2)}\n`);
    updater.updateConfigPath = options.feed.configPath;
  }
  // electron-updater emits 'error' besides rejecting; without a listener an EventEmitter would throw.
  updater.on('error', () => undefined);

  return {
    async check(channel) {
      updater.channel = channel === 'beta' ? 'beta' : 'latest';
      // Setting a channel allows downgrades: never. A beta build moves to stable only forward,
      // to a stable release newer than itself (the core's offer rule holds to it as well).
      updater.allowDowngrade = false;
      const result = await updater.checkForUpdates();
      return result?.isUpdateAvailable ? { version: result.updateInfo.version, installerUrls: installerUrlsOf(updater) } : null;
    },
    async download(onProgress) {
      const listener = (progress: ProgressInfo) => onProgress(progress.percent);
      updater.on('download-progress', listener);
      try {
        await updater.downloadUpdate();
      } finally {
        updater.off('download-progress', listener);
      }
    },
    install() {
      options.beforeInstall();
      // Not silent (Windows shows its installer's progress), and the app starts again after.
      updater.quitAndInstall(false, true);
    },
  };
}

// The offline settings a person can change in Settings: how often sync runs and how much
// room cached PDFs may take. Kept in the plain settings store; a value outside the bounds
// (a hand-edited file) is logged and the default used, so it cannot make sync hammer the
// service, stop it, or fill the disk.
import { PDF_LIMIT_MEGABYTES, SYNC_INTERVAL_MINUTES } from '../../../preload/contract/plain/offline-limits';
import type { Logger, SettingsStore } from '../ports';

/** Settings key: minutes between two complete sync passes of an account. */
export const SYNC_INTERVAL_SETTING = 'sync.intervalMinutes';
/** Settings key: megabytes of cached PDFs before the least recently used are deleted. */
export const PDF_LIMIT_SETTING = 'cache.pdfLimitMegabytes';

export interface OfflineSettings {
  intervalMinutes: number;
  pdfLimitMegabytes: number;
}

const MEGABYTE = 1024 * 1024;

function read(settings: Pick<SettingsStore, 'get'>, logger: Logger, key: string, bounds: { min: number; max: number; default: number }): number {
  const value = settings.get<unknown>(key);
  if (value === undefined) return bounds.default;
  if (typeof value === 'number' && Number.isFinite(value) && value >= bounds.min && value <= bounds.max) return value;
  logger.warn(`the setting ${key} is not a number from ${bounds.min} to ${bounds.max}; using the default`, { key });
  return bounds.default;
}

export function readOfflineSettings(settings: Pick<SettingsStore, 'get'>, logger: Logger): OfflineSettings {
  return {
    intervalMinutes: read(settings, logger, SYNC_INTERVAL_SETTING, SYNC_INTERVAL_MINUTES),
    pdfLimitMegabytes: read(settings, logger, PDF_LIMIT_SETTING, PDF_LIMIT_MEGABYTES),
  };
}

/** Writes the changed values (the contract checked their bounds); throws when the settings file cannot be written. */
export function writeOfflineSettings(settings: Pick<SettingsStore, 'set'>, change: Partial<OfflineSettings>): void {
  if (change.intervalMinutes !== undefined) settings.set(SYNC_INTERVAL_SETTING, change.intervalMinutes);
  if (change.pdfLimitMegabytes !== undefined) settings.set(PDF_LIMIT_SETTING, change.pdfLimitMegabytes);
}

/** The refresh interval from the settings, in ms. */
export function syncIntervalMs(settings: Pick<SettingsStore, 'get'>, logger: Logger): number {
  return Math.round(readOfflineSettings(settings, logger).intervalMinutes * 60_000);
}

/** Room for cached PDFs from the settings, in bytes. */
export function pdfLimitBytes(settings: Pick<SettingsStore, 'get'>, logger: Logger): number {
  return Math.round(readOfflineSettings(settings, logger).pdfLimitMegabytes * MEGABYTE);
}

import type { Logger, SettingsStore } from '../ports';
import { DEFAULT_SYNC_OPTIONS } from './engine';

/** Settings key: minutes between two complete sync passes of an account. */
export const SYNC_INTERVAL_SETTING = 'sync.intervalMinutes';
const MIN_MINUTES = 1;
const MAX_MINUTES = 24 * 60;

/**
 * The refresh interval from the settings, in ms. Absent means the default (5 minutes); a
 * value that is not a number of minutes from 1 to 1440 is logged and the default used,
 * so a hand-edited settings file cannot make sync hammer the service or stop.
 */
export function syncIntervalMs(settings: Pick<SettingsStore, 'get'>, logger: Logger): number {
  const value = settings.get<unknown>(SYNC_INTERVAL_SETTING);
  if (value === undefined) return DEFAULT_SYNC_OPTIONS.intervalMs;
  if (typeof value === 'number' && Number.isFinite(value) && value >= MIN_MINUTES && value <= MAX_MINUTES) return Math.round(value * 60_000);
  logger.warn('the sync interval setting is not a number of minutes from 1 to 1440; using the default', { key: SYNC_INTERVAL_SETTING });
  return DEFAULT_SYNC_OPTIONS.intervalMs;
}

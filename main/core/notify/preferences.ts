// Who may be interrupted, for what, and when. Preferences live in the settings store (the
// SettingsStore port), checked by the same zod schema the bridge uses; a stored value that no
// longer reads is replaced by the defaults with a warning, never a crash.
import { DEFAULT_GROUPS, NotificationPreferences } from '../../../preload/contract';
import type { NotificationGroup, QuietHours } from '../../../preload/contract';
import type { Logger, SettingsStore } from '../ports';

export const PREFERENCES_KEY = 'notifications.preferences';

export function defaultPreferences(): NotificationPreferences {
  return NotificationPreferences.parse({});
}

/** Whether this kind of change, for this account, is one the person wants to hear about. */
export function wantsKind(preferences: NotificationPreferences, accountId: string, group: NotificationGroup, kind: string): boolean {
  const account = preferences.accounts[accountId];
  if (account && !account.enabled) return false;
  // The most specific switch wins: the account's type, the app's type, the account's group, the app's group.
  return account?.types[kind] ?? preferences.types[kind] ?? account?.groups[group] ?? preferences.groups[group] ?? DEFAULT_GROUPS[group];
}

const minutesOf = (time: string) => Number(time.slice(0, 2)) * 60 + Number(time.slice(3, 5));

/** Whether `minutes` after local midnight falls in the window; a window may cross midnight (22:00-07:00). */
export function inQuietHours(quietHours: QuietHours, minutes: number): boolean {
  if (!quietHours.enabled) return false;
  const start = minutesOf(quietHours.start);
  const end = minutesOf(quietHours.end);
  if (start === end) return false;
  return start < end ? minutes >= start && minutes < end : minutes >= start || minutes < end;
}

/** Minutes since local midnight, in the machine's time zone. */
export function localMinutes(now: number): number {
  const date = new Date(now);
  return date.getHours() * 60 + date.getMinutes();
}

export type Silence = 'muted' | 'do-not-disturb' | 'quiet-hours' | null;

/** Why nothing should pop up right now, or null when it may. */
export function silenceAt(preferences: NotificationPreferences, now: number, minutesAfterMidnight = localMinutes(now)): Silence {
  if (preferences.muted) return 'muted';
  if (preferences.doNotDisturbUntil && Date.parse(preferences.doNotDisturbUntil) > now) return 'do-not-disturb';
  if (inQuietHours(preferences.quietHours, minutesAfterMidnight)) return 'quiet-hours';
  return null;
}

export interface PreferencesStore {
  get(): NotificationPreferences;
  /** Stores valid preferences; throws the settings store's clear error when they could not be written. */
  set(preferences: NotificationPreferences): NotificationPreferences;
  /** Do not disturb for `ms` from `now` (the tray's "Pause for 1 hour"). */
  pauseFor(ms: number, now: number): NotificationPreferences;
  /** Drops an account's overrides (the account was removed). */
  forgetAccount(accountId: string): void;
}

export function createPreferencesStore(settings: SettingsStore, logger: Logger): PreferencesStore {
  function get(): NotificationPreferences {
    const stored = settings.get<unknown>(PREFERENCES_KEY);
    if (stored === undefined) return defaultPreferences();
    const parsed = NotificationPreferences.safeParse(stored);
    if (parsed.success) return parsed.data;
    logger.warn('notification preferences could not be read; using the defaults');
    return defaultPreferences();
  }
  function set(preferences: NotificationPreferences): NotificationPreferences {
    const valid = NotificationPreferences.parse(preferences);
    settings.set(PREFERENCES_KEY, valid);
    return valid;
  }
  return {
    get,
    set,
    pauseFor: (ms, now) => set({ ...get(), doNotDisturbUntil: new Date(now + ms).toISOString() }),
    forgetAccount(accountId) {
      const preferences = get();
      if (!(accountId in preferences.accounts)) return;
      const { [accountId]: _removed, ...accounts } = preferences.accounts;
      set({ ...preferences, accounts });
    },
  };
}

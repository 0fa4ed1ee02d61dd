/**
 * How the person left the window: row density, the reading pane, All accounts or one, and
 * the view. Window preferences, not app data: they live in the browser's storage (as the
 * theme and the selected account do) and never cross the bridge. Storage can be missing or
 * refuse writes (private modes, quotas): the app then starts with the defaults.
 */
export type Density = 'comfortable' | 'compact';
/** The views worth coming back to; a quote is not one (it may be gone by the next launch). */
export type RememberedView = 'inbox' | 'settings' | 'activity' | 'insights';

export interface UiPreferences {
  density: Density;
  /** The list and the selected quote side by side where the window is wide enough. */
  readingPane: boolean;
  allAccounts: boolean;
  view: RememberedView;
}

export const DEFAULT_PREFERENCES: Readonly<UiPreferences> = { density: 'comfortable', readingPane: true, allAccounts: false, view: 'inbox' };

export interface PreferenceStorage {
  read(): UiPreferences;
  write(preferences: UiPreferences): void;
}

const KEY = 'quotedesk.preferences';

/** Whatever was stored, as far as it is still valid; a bad or old entry falls back to the default for that field only. */
export function parsePreferences(text: string | null): UiPreferences {
  let stored: Record<string, unknown> = {};
  try {
    const parsed: unknown = text === null ? null : JSON.parse(text);
    if (parsed !== null && typeof parsed === 'object' && !Array.isArray(parsed)) stored = parsed as Record<string, unknown>;
  } catch {
    // Unreadable: the defaults.
  }
  return {
    density: stored.density === 'compact' ? 'compact' : 'comfortable',
    readingPane: typeof stored.readingPane === 'boolean' ? stored.readingPane : DEFAULT_PREFERENCES.readingPane,
    allAccounts: stored.allAccounts === true,
    view: stored.view === 'settings' || stored.view === 'activity' || stored.view === 'insights' ? stored.view : 'inbox',
  };
}

export function localPreferenceStorage(storage: Pick<Storage, 'getItem' | 'setItem'> | undefined = globalThis.localStorage): PreferenceStorage {
  return {
    read() {
      try {
        return parsePreferences(storage?.getItem(KEY) ?? null);
      } catch {
        return { ...DEFAULT_PREFERENCES };
      }
    },
    write(preferences) {
      try {
        storage?.setItem(KEY, JSON.stringify(preferences));
      } catch {
        // Not remembering is harmless: the choice holds until the window closes.
      }
    },
  };
}

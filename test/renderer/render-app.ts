import { render } from '@testing-library/svelte';
import App from '../../renderer/src/app.svelte';
import type { SelectionStorage } from '../../renderer/src/lib/selection-storage';
import { DEFAULT_PREFERENCES, type PreferenceStorage, type UiPreferences } from '../../renderer/src/lib/preferences';
import type { MediaMatcher } from '../../renderer/src/lib/state/layout.svelte';
import type { FakeBridge } from './fake-bridge';

export function memoryStorage(initial: string | null = null): SelectionStorage & { value: string | null } {
  return {
    value: initial,
    read() {
      return this.value;
    },
    write(id) {
      this.value = id;
    },
  };
}

/** Window preferences kept in memory: each test starts from the defaults unless it says otherwise. */
export function memoryPreferences(initial: Partial<UiPreferences> = {}): PreferenceStorage & { value: UiPreferences } {
  return {
    value: { ...DEFAULT_PREFERENCES, ...initial },
    read() {
      return { ...this.value };
    },
    write(preferences) {
      this.value = { ...preferences };
    },
  };
}

/** A window of a fixed width for the reading pane's media query. */
export function fixedWidth(width: number): MediaMatcher {
  return (query) => {
    const min = /min-width:\s*(\d+)px/.exec(query);
    return { matches: min ? width >= Number(min[1]) : false, addEventListener: () => {}, removeEventListener: () => {} };
  };
}

/** Renders the whole app over a fake bridge, with a fixed locale so formats are known (narrow, no reading pane, unless told). */
export function renderApp(fake: FakeBridge, options: { storage?: SelectionStorage; preferences?: PreferenceStorage; width?: number } = {}) {
  const storage = options.storage ?? memoryStorage();
  const preferences = options.preferences ?? memoryPreferences();
  const result = render(App, {
    props: { api: fake.api, locale: 'en-US', storage, preferences, media: fixedWidth(options.width ?? 1000) },
  });
  return { ...result, storage, preferences };
}

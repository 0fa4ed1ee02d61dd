import { untrack } from 'svelte';
import type { PreferenceStorage } from '../preferences';
import type { InboxState } from './inbox.svelte';
import type { LayoutState } from './layout.svelte';
import type { NavigationState } from './navigation.svelte';

/**
 * Back where the person left (All accounts or one; the inbox, Settings or Activity), and
 * each later move remembered. Call while the app component is created: it sets up an effect.
 */
export function rememberPlace(navigation: NavigationState, preferences: PreferenceStorage): void {
  untrack(() => {
    const remembered = preferences.read();
    navigation.allAccounts = remembered.allAccounts;
    if (remembered.view === 'activity') navigation.toggleActivity();
    else navigation.view = remembered.view;
  });
  $effect(() => {
    const view = navigation.view === 'quote' ? 'inbox' : navigation.view;
    const allAccounts = navigation.allAccounts;
    untrack(() => preferences.write({ ...preferences.read(), allAccounts, view }));
  });
}

/** A short pause lets j held down pass over rows without reading each of them. */
const PREVIEW_DELAY_MS = 120;

/**
 * The reading pane follows the selected row (a click, j/k) while the list and the pane stand
 * side by side; with no row selected it empties. Call while the app component is created.
 */
export function followSelectionInPane(layout: Pick<LayoutState, 'split'>, inbox: Pick<InboxState, 'activeRow' | 'rowAt'>, navigation: NavigationState): void {
  $effect(() => {
    if (!layout.split || navigation.view !== 'inbox') return;
    const index = inbox.activeRow;
    if (index < 0) {
      untrack(() => navigation.clearPreview());
      return;
    }
    const row = inbox.rowAt(index);
    if (!row) return;
    const timer = setTimeout(() => navigation.previewRow(row), PREVIEW_DELAY_MS);
    return () => clearTimeout(timer);
  });
}

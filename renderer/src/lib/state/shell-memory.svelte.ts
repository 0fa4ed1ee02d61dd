import { m } from '../../../../i18n/paraglide/messages.js';
import { untrack } from 'svelte';
import type { PreferenceStorage } from '../preferences';
import { currentQuery } from './views.svelte';
import type { ViewsState } from './views.svelte';
import type { AccountsState } from './accounts.svelte';
import type { InboxState } from './inbox.svelte';
import type { LayoutState } from './layout.svelte';
import type { NavigationState } from './navigation.svelte';
import type { QuoteState } from './quote.svelte';
import type { InboxRow } from '../inbox-bridge';

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
    const view = navigation.view === 'quote' || navigation.view === 'snoozed' ? 'inbox' : navigation.view;
    const allAccounts = navigation.allAccounts;
    untrack(() => preferences.write({ ...preferences.read(), allAccounts, view }));
  });
}

/**
 * The inbox back as it was left (the account or All accounts, search, status, filters and
 * order), from main's settings, once the accounts were read: a view naming an account must
 * find it. Until then nothing is remembered, so a window whose accounts could not be read
 * (Retry, a host reconnecting) leaves the last view for when they are. `tell` says when its
 * account was removed and All accounts shows instead. Call while the app component is created.
 */
export function restoreInboxView(
  navigation: NavigationState,
  views: ViewsState,
  accounts: Pick<AccountsState, 'loading' | 'loadError'>,
  tell: (message: string) => void,
): void {
  let started = false;
  $effect(() => {
    if (started || accounts.loading || accounts.loadError !== null) return;
    started = true;
    void views.load().then((last) =>
      untrack(() => {
        // A move made meanwhile (an account chosen, a notification or a link followed) wins over the last view.
        if (last && navigation.moves === 0) {
          const { fellBack } = navigation.openView(last, { restoring: true });
          if (fellBack) tell(m.shell_view_account_gone());
        }
        views.restored = true;
      }),
    );
  });
}

/**
 * Each change of the inbox's view written down (through main: browser mode's page storage
 * is new at every launch), once the last one was put back. Call while the app component is created.
 */
export function rememberInboxView(inbox: Pick<InboxState, 'accountId' | 'team' | 'searchInput' | 'stages' | 'needsAction' | 'expiringSoon' | 'sort' | 'facetFilters'>, views: ViewsState): void {
  $effect(() => {
    const query = currentQuery(inbox);
    if (!views.restored) return;
    untrack(() => views.remember(query));
  });
}

/** A short pause lets j held down pass over rows without marking each of them read. */
const PREVIEW_DELAY_MS = 120;

/**
 * The reading pane follows the person's moves of the active row (a click, j/k, a decision's
 * advance) while the list and the pane stand side by side; with no row selected it empties.
 * The list read again (quotes arriving above, a quote leaving) is no move: the pane keeps its
 * quote. Call while the app component is created.
 */
export function followSelectionInPane(
  layout: Pick<LayoutState, 'split'>,
  inbox: Pick<InboxState, 'activeRow' | 'activeMoves' | 'rowAt'>,
  navigation: NavigationState,
  quote: Pick<QuoteState, 'readAhead'>,
): void {
  // The move the pane shows, and whether its quote was read yet (after the pause).
  let followed: { moves: number; quoteId: string; read: boolean } | null = null;
  $effect(() => {
    if (!layout.split || navigation.view !== 'inbox') {
      followed = null;
      return;
    }
    const index = inbox.activeRow;
    const moves = inbox.activeMoves;
    if (index < 0) {
      followed = null;
      untrack(() => navigation.clearPreview());
      return;
    }
    const row = inbox.rowAt(index);
    if (!row) return;
    if (followed?.moves !== moves) {
      followed = { moves, quoteId: row.quoteId, read: false };
      // Shown at once from the cache; marked read (and its neighbours read ahead) once j stops on it.
      untrack(() => navigation.glanceRow(row));
    } else if (followed.read || followed.quoteId !== row.quoteId) return;
    const shown = followed;
    const timer = setTimeout(() => {
      shown.read = true;
      navigation.previewRow(row);
      quote.readAhead([inbox.rowAt(index - 1), inbox.rowAt(index + 1)].filter((near): near is InboxRow => near !== undefined));
    }, PREVIEW_DELAY_MS);
    return () => clearTimeout(timer);
  });
}

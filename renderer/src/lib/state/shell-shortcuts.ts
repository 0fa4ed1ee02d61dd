import type { ShortcutContext } from '../app-shortcuts';
import type { AppState } from './app-state.svelte';
import { snoozeTargetOf } from './snooze.svelte';

/** The parts of the app the window's shortcuts read and act on. */
export type ShortcutSources = Pick<AppState, 'dialogOpen' | 'navigation' | 'accounts' | 'inbox' | 'accountActions' | 'read' | 'layout' | 'outbox' | 'toasts' | 'snooze'> & Partial<Pick<AppState, 'team'>>;

/** The window's shortcut map, as the app is at the moment of the key press (app-shortcuts.ts reads it). */
export function shellShortcuts(app: ShortcutSources): ShortcutContext {
  const { navigation, accounts, inbox, accountActions, read, layout } = app;
  return {
    dialogOpen: app.dialogOpen,
    inboxView: navigation.view === 'inbox',
    scopeChosen: accounts.selected !== null || navigation.allAccounts,
    inbox,
    showHelp: () => accountActions.showShortcuts(),
    openPalette: () => accountActions.showPalette(),
    selectAccountAt: (index) => {
      const account = accounts.accounts[index];
      if (account) navigation.selectAccount(account.id);
    },
    selectAllAccounts: () => navigation.selectAllAccounts(),
    // Beside the list the reading pane takes the confirmation: the full view must not open behind it.
    decide: (row, intent) => (layout.split ? navigation.decideInPane(row, intent) : navigation.openRow(row, intent)),
    toggleRead: (row) => void read.toggle(row),
    undoDecision: app.outbox.latestUndoable ? () => void app.outbox.undoLatest().then((said) => said && app.toasts.show('info', said)) : null,
    snooze: (row) => app.snooze.open(snoozeTargetOf(row)),
    assign: app.team?.admitted && app.team.thread ? () => app.team?.askAssign() : null,
  };
}

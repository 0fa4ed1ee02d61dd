import { SEARCH_INPUT_ID, isInQuoteTable, isInReadingPane } from './dom-anchors';
import type { InboxRow } from './inbox-bridge';
import { hasModifier, isControlKey, isTypingTarget } from './keyboard';
import type { InboxState } from './state/inbox.svelte';

/** What the window-wide shortcuts read and act on, as the app is at the moment of the key press. */
export interface ShortcutContext {
  /** A dialog the app opened is showing. */
  dialogOpen: boolean;
  /** The main area shows the inbox (not a quote, Settings or the activity log). */
  inboxView: boolean;
  /** An account is selected, or every account is: there is an inbox to act on. */
  scopeChosen: boolean;
  inbox: Pick<InboxState, 'activeRow' | 'rowAt' | 'moveRow' | 'refresh' | 'searchInput' | 'clearSearch'>;
  showHelp: () => void;
  /** Ctrl/Cmd+K: the command palette. */
  openPalette: () => void;
  /** Ctrl/Cmd+1..9: the n-th account of the sidebar (0-based here). */
  selectAccountAt: (index: number) => void;
  /** Ctrl/Cmd+0: every account's quotes. */
  selectAllAccounts: () => void;
  /** Opens the quote's accept or decline confirmation: over the reading pane beside the list, else in the full view. */
  decide: (row: InboxRow, intent: 'accept' | 'decline') => void;
  toggleRead: (row: InboxRow) => void;
  /** Ctrl/Cmd+Z: undoes the latest decision still in its undo window; null when there is none. */
  undoDecision?: (() => void) | null;
  /** `s`: the snooze dialog for the quote. */
  snooze: (row: InboxRow) => void;
  /** `=`: the team's assignee picker of the quote on screen; absent when not on a team. */
  assign?: (() => void) | null;
}

/** An open menu or dialog owns the keyboard; no shortcut acts behind it. */
function keyboardOwnedElsewhere(app: ShortcutContext): boolean {
  return app.dialogOpen || document.querySelector('[role="menu"], [aria-modal="true"]') !== null;
}

function activeRow(inbox: ShortcutContext['inbox']): InboxRow | undefined {
  return inbox.activeRow < 0 ? undefined : inbox.rowAt(inbox.activeRow);
}

/** `a` and `d` on the focused inbox row that awaits a decision, or in the reading pane showing it (Enter is the table's own). */
function decisionShortcut(event: KeyboardEvent, app: ShortcutContext): (() => void) | null {
  if (!app.inboxView || (event.key !== 'a' && event.key !== 'd')) return null;
  if (!isInQuoteTable(event.target) && !isInReadingPane(event.target)) return null;
  const row = activeRow(app.inbox);
  if (!row?.needsAction) return null;
  const intent = event.key === 'a' ? 'accept' : 'decline';
  return () => app.decide(row, intent);
}

/** `s` on the focused inbox row, or in the reading pane showing it: the snooze dialog. */
function snoozeShortcut(event: KeyboardEvent, app: ShortcutContext): (() => void) | null {
  if (!app.inboxView || event.key !== 's') return null;
  if (!isInQuoteTable(event.target) && !isInReadingPane(event.target)) return null;
  const row = activeRow(app.inbox);
  return row ? () => app.snooze(row) : null;
}

/** `=`: assign the quote on screen to a teammate (its thread opens the picker). */
function assignShortcut(event: KeyboardEvent, app: ShortcutContext): (() => void) | null {
  return event.key === '=' && app.assign ? app.assign : null;
}

function inboxShortcut(event: KeyboardEvent, app: ShortcutContext): (() => void) | null {
  if (!app.inboxView || !app.scopeChosen) return null;
  const { inbox } = app;
  // The inbox reads the local cache: refused credentials do not stop searching what is known.
  switch (event.key) {
    case 'j':
      return () => inbox.moveRow(1);
    case 'k':
      return () => inbox.moveRow(-1);
    // Arrows (and Home/End) keep scrolling the page unless the user is moving through the quote rows.
    case 'Home':
      return isInQuoteTable(event.target) ? () => inbox.moveRow(-Infinity) : null;
    case 'End':
      return isInQuoteTable(event.target) ? () => inbox.moveRow(Infinity) : null;
    case 'ArrowDown':
      return isInQuoteTable(event.target) ? () => inbox.moveRow(1) : null;
    case 'ArrowUp':
      return isInQuoteTable(event.target) ? () => inbox.moveRow(-1) : null;
    case '/':
      return () => document.getElementById(SEARCH_INPUT_ID)?.focus();
    case 'r':
      return () => void inbox.refresh();
    case 'u':
      return () => {
        const row = activeRow(inbox);
        if (row) app.toggleRead(row);
      };
    case 'Escape':
      return inbox.searchInput === '' ? null : () => inbox.clearSearch();
    default:
      return null;
  }
}

/** Ctrl (Cmd on a Mac) with K or a digit: they act even from the search field, as in other apps. */
function modifiedShortcut(event: KeyboardEvent, app: ShortcutContext): (() => void) | null {
  if (!(event.ctrlKey || event.metaKey) || event.altKey || event.shiftKey) return null;
  if (event.key === 'k' || event.key === 'K') return () => app.openPalette();
  if (/^[1-9]$/.test(event.key)) return () => app.selectAccountAt(Number(event.key) - 1);
  if (event.key === '0') return () => app.selectAllAccounts();
  return null;
}

function undoShortcut(event: KeyboardEvent, app: ShortcutContext): (() => void) | null {
  if (!(event.ctrlKey || event.metaKey) || event.altKey || event.shiftKey || event.key.toLowerCase() !== 'z') return null;
  if (isTypingTarget(event.target)) return null;
  return app.undoDecision ?? null;
}

/**
 * The window's keyboard shortcuts (the help dialog lists them): a key that is one here has
 * its default prevented and acts. Keys that belong to the focused control, carry a modifier,
 * or arrive while a menu or dialog is open are left alone.
 */
export function handleAppShortcut(event: KeyboardEvent, app: ShortcutContext): void {
  if (event.defaultPrevented) return;
  // Undo of a decision works in its result dialog as well; a text field keeps Ctrl/Cmd+Z for its own text.
  const undo = undoShortcut(event, app);
  if (undo) {
    event.preventDefault();
    undo();
    return;
  }
  if (keyboardOwnedElsewhere(app)) return;
  const modified = modifiedShortcut(event, app);
  if (modified) {
    event.preventDefault();
    modified();
    return;
  }
  if (hasModifier(event) || isControlKey(event.target, event.key)) return;
  const action = event.key === '?' ? () => app.showHelp() : (decisionShortcut(event, app) ?? snoozeShortcut(event, app) ?? assignShortcut(event, app) ?? inboxShortcut(event, app));
  if (!action) return;
  event.preventDefault();
  action();
}

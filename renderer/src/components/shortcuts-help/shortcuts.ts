import { MOD } from '../../lib/keyboard';

/** The inbox's keyboard shortcuts, as the help dialog lists them. */
export const SHORTCUTS: readonly { keys: readonly string[]; action: string }[] = [
  { keys: ['/'], action: 'Search quotes' },
  { keys: ['Esc'], action: 'Clear the selection, then the search' },
  { keys: ['j', '↓'], action: 'Next quote' },
  { keys: ['k', '↑'], action: 'Previous quote' },
  { keys: ['Home', 'End'], action: 'First or last quote' },
  { keys: ['Enter'], action: 'Open the quote (Esc goes back)' },
  { keys: ['a'], action: 'Accept the quote…' },
  { keys: ['d'], action: 'Decline the quote…' },
  { keys: ['u'], action: 'Mark the quote read or unread' },
  { keys: ['s'], action: 'Snooze the quote (on a row or in the reading pane)' },
  { keys: ['='], action: 'Assign the quote on screen to a teammate (on a team)' },
  { keys: ['x'], action: 'Select or unselect the quote (Shift-click: a range, Ctrl/⌘-click: one more)' },
  { keys: [`${MOD}A`], action: 'Select every quote in view' },
  { keys: ['r'], action: 'Refresh' },
  { keys: [`${MOD}K`], action: 'Command palette: quotes, accounts, commands' },
  { keys: [`${MOD}1…9`], action: 'Switch to the first to ninth account' },
  { keys: [`${MOD}0`], action: 'All accounts' },
  { keys: [`${MOD}Z`], action: 'Undo the latest decision while it waits to be sent' },
  { keys: ['?'], action: 'Show this help' },
];

import { m } from '../../../../i18n/paraglide/messages.js';
import { MOD } from '../../lib/keyboard';

/** The inbox's keyboard shortcuts, as the help dialog lists them; the keys stay the same in every language. */
export const SHORTCUTS: readonly { keys: readonly string[]; action: () => string }[] = [
  { keys: ['/'], action: () => m.shell_shortcut_search() },
  { keys: ['Esc'], action: () => m.shell_shortcut_escape() },
  { keys: ['j', '↓'], action: () => m.shell_shortcut_next() },
  { keys: ['k', '↑'], action: () => m.shell_shortcut_previous() },
  { keys: ['Home', 'End'], action: () => m.shell_shortcut_first_last() },
  { keys: ['Enter'], action: () => m.shell_shortcut_open() },
  { keys: ['a'], action: () => m.shell_shortcut_accept() },
  { keys: ['d'], action: () => m.shell_shortcut_decline() },
  { keys: ['u'], action: () => m.shell_shortcut_read() },
  { keys: ['s'], action: () => m.shell_shortcut_snooze() },
  { keys: ['='], action: () => m.shell_shortcut_assign() },
  { keys: ['x'], action: () => m.shell_shortcut_select() },
  { keys: [`${MOD}A`], action: () => m.shell_shortcut_select_all() },
  { keys: ['r'], action: () => m.shell_shortcut_refresh() },
  { keys: [`${MOD}K`], action: () => m.shell_shortcut_palette() },
  { keys: [`${MOD}1…9`], action: () => m.shell_shortcut_switch_account() },
  { keys: [`${MOD}0`], action: () => m.shell_all_accounts() },
  { keys: [`${MOD}Z`], action: () => m.shell_shortcut_undo() },
  { keys: ['?'], action: () => m.shell_shortcut_help() },
];

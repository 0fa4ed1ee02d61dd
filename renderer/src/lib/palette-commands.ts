import { m } from '../../../i18n/paraglide/messages.js';
import { MOD } from './keyboard';
import { quoteCommands } from './quote-commands';
import type { QuoteCommandSources } from './quote-commands';
import type { AccountActions } from './state/account-actions.svelte';
import type { InboxState } from './state/inbox.svelte';
import type { LayoutState } from './state/layout.svelte';
import type { NavigationState } from './state/navigation.svelte';
import type { ReadActions } from './state/read-actions.svelte';
import type { SnoozeState } from './state/snooze.svelte';
import type { TeamState } from './state/team.svelte';
import type { ThemeChoice } from './theme.svelte';

/** Something the command palette does besides going to a quote, an account or a view. */
export interface PaletteCommand {
  label: string;
  /** A second, quieter line: words, or data when `detailIsData` (an account's name, a quote number). */
  detail?: string;
  /** The detail is the person's or the service's data: never translated. */
  detailIsData?: boolean;
  /** The keys that do the same ("Ctrl+0", "?"), shown as keys. */
  shortcut?: string;
  run: () => void;
}

/** A saved view of the inbox, as the palette offers it. */
export interface PaletteView {
  id: string;
  name: string;
  /** What it shows, or how many quotes it holds. */
  detail?: string;
}

function themeWords(choice: ThemeChoice): string {
  switch (choice) {
    case 'light':
      return m.shell_cmd_theme_light();
    case 'dark':
      return m.shell_cmd_theme_dark();
    case 'system':
      return m.shell_cmd_theme_system();
  }
}

/** Light, dark or the system's theme, as Settings → Appearance offers them; the current one says so. */
export function themeCommands(theme: { choice: ThemeChoice; set: (choice: ThemeChoice) => void }): PaletteCommand[] {
  return (['light', 'dark', 'system'] as const).map((choice) => ({
    label: themeWords(choice),
    detail: theme.choice === choice ? m.shell_cmd_in_use() : m.shell_cmd_appearance(),
    run: () => theme.set(choice),
  }));
}

/** The parts of the app the palette's commands act on. */
export interface PaletteCommandSources extends QuoteCommandSources {
  inbox: Pick<InboxState, 'syncNow'>;
  navigation: Pick<NavigationState, 'view' | 'toggleSettings' | 'toggleActivity' | 'toggleInsights' | 'selectAllAccounts' | 'askDecision' | 'toggleSnoozed'>;
  snooze: Pick<SnoozeState, 'open'>;
  layout: Pick<LayoutState, 'density' | 'setDensity'>;
  accountActions: Pick<AccountActions, 'add' | 'showShortcuts' | 'dismiss'>;
  read: Pick<ReadActions, 'scopeAccount' | 'markScopeRead' | 'markUnread'>;
  theme: { choice: ThemeChoice; set: (choice: ThemeChoice) => void };
  /** The team desk, when the window has one. */
  team?: Pick<TeamState, 'admitted' | 'thread' | 'askAssign' | 'askApproval' | 'decide'>;
}

/** Assigning, asking for and giving an approval of the quote whose team thread is on screen. */
function teamCommands(app: PaletteCommandSources): PaletteCommand[] {
  const { team, quote } = app;
  const ref = quote.ref;
  const shown = team?.thread;
  if (!team?.admitted || !ref || !shown || shown.quoteId !== ref.quoteId) return [];
  const commands: PaletteCommand[] = [
    { label: m.shell_cmd_assign(), shortcut: '=', run: () => team.askAssign() },
    { label: m.shell_cmd_request_approval(), detail: m.shell_cmd_team(), run: () => team.askApproval() },
  ];
  if (shown.thread.awaitingMe) commands.push({ label: m.shell_cmd_approve(), detail: m.shell_cmd_team(), run: () => void team.decide(ref, true, '') });
  return commands;
}

/** Snoozing the quote on screen (none without one), and the Snoozed view. */
function snoozeCommands(app: PaletteCommandSources): PaletteCommand[] {
  const { quote, snooze, accountActions } = app;
  const ref = quote.ref;
  const view = quote.view;
  if (!ref || !view || view.quoteId !== ref.quoteId) return [];
  const quoteNumber = view.details?.quoteNumber ?? view.list?.quoteNumber ?? null;
  const validUntil = view.list?.validUntil ?? view.details?.validUntil ?? null;
  return [
    {
      label: m.shell_cmd_snooze(),
      detail: quoteNumber ?? m.shell_cmd_this_quote(),
      detailIsData: quoteNumber !== null,
      run: () => {
        accountActions.dismiss();
        snooze.open({ accountId: ref.accountId, quoteId: ref.quoteId, quoteNumber, validUntil });
      },
    },
  ];
}

/** What the command palette offers besides quotes, views and accounts, as the app is now: the quote on screen's commands first. */
export function paletteCommands(app: PaletteCommandSources): PaletteCommand[] {
  const { inbox, navigation, layout, accountActions, read, theme } = app;
  const compact = layout.density === 'compact';
  return [
    ...quoteCommands(app),
    ...snoozeCommands(app),
    ...teamCommands(app),
    { label: m.shell_sync_now(), detail: m.shell_cmd_sync_detail(), run: () => void inbox.syncNow() },
    { label: m.shell_cmd_open_settings(), run: () => navigation.view !== 'settings' && navigation.toggleSettings() },
    { label: m.shell_cmd_mark_all_read(), detail: read.scopeAccount?.name ?? m.shell_cmd_every_account(), detailIsData: read.scopeAccount !== null, run: () => void read.markScopeRead() },
    { label: m.shell_cmd_show_all_accounts(), shortcut: `${MOD}0`, run: () => navigation.selectAllAccounts() },
    { label: m.shell_cmd_open_activity(), run: () => navigation.view !== 'activity' && navigation.toggleActivity() },
    { label: m.shell_cmd_open_snoozed(), detail: m.shell_cmd_snoozed_detail(), run: () => navigation.view !== 'snoozed' && navigation.toggleSnoozed() },
    { label: m.shell_cmd_open_insights(), run: () => navigation.view !== 'insights' && navigation.toggleInsights() },
    { label: compact ? m.shell_cmd_comfortable_rows() : m.shell_cmd_compact_rows(), run: () => layout.setDensity(compact ? 'comfortable' : 'compact') },
    { label: m.shell_add_account(), run: () => accountActions.add() },
    { label: m.shell_shortcuts_title(), shortcut: '?', run: () => accountActions.showShortcuts() },
    ...themeCommands(theme),
  ];
}

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
  detail?: string;
  run: () => void;
}

/** A saved view of the inbox, as the palette offers it. */
export interface PaletteView {
  id: string;
  name: string;
  /** What it shows, or how many quotes it holds. */
  detail?: string;
}

const THEME_WORDS: Record<ThemeChoice, string> = { light: 'Light theme', dark: 'Dark theme', system: 'Theme same as the system' };

/** Light, dark or the system's theme, as Settings → Appearance offers them; the current one says so. */
export function themeCommands(theme: { choice: ThemeChoice; set: (choice: ThemeChoice) => void }): PaletteCommand[] {
  return (['light', 'dark', 'system'] as const).map((choice) => ({
    label: THEME_WORDS[choice],
    detail: theme.choice === choice ? 'In use' : 'Appearance',
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
    { label: 'Assign this quote…', detail: '=', run: () => team.askAssign() },
    { label: 'Request approval for this quote…', detail: 'Team', run: () => team.askApproval() },
  ];
  if (shown.thread.awaitingMe) commands.push({ label: 'Approve this quote', detail: 'Team', run: () => void team.decide(ref, true, '') });
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
      label: 'Snooze this quote…',
      detail: quoteNumber ?? 'This quote',
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
    { label: 'Sync now', detail: 'Ask the Quoting Service for what changed', run: () => void inbox.syncNow() },
    { label: 'Open Settings', run: () => navigation.view !== 'settings' && navigation.toggleSettings() },
    { label: 'Mark all read', detail: read.scopeAccount?.name ?? 'Every account', run: () => void read.markScopeRead() },
    { label: 'Show All accounts', detail: `${MOD}0`, run: () => navigation.selectAllAccounts() },
    { label: 'Open Activity', run: () => navigation.view !== 'activity' && navigation.toggleActivity() },
    { label: 'Open Snoozed', detail: 'Quotes put away until a time', run: () => navigation.view !== 'snoozed' && navigation.toggleSnoozed() },
    { label: 'Open Insights', run: () => navigation.view !== 'insights' && navigation.toggleInsights() },
    { label: compact ? 'Comfortable rows' : 'Compact rows', run: () => layout.setDensity(compact ? 'comfortable' : 'compact') },
    { label: 'Add account', run: () => accountActions.add() },
    { label: 'Keyboard shortcuts', detail: '?', run: () => accountActions.showShortcuts() },
    ...themeCommands(theme),
  ];
}

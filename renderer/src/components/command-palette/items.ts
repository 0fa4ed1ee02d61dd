import type { AccountView } from '../../../../preload/contract';
import { m } from '../../../../i18n/paraglide/messages.js';
import type { InboxRow } from '../../lib/inbox-bridge';
import { MOD } from '../../lib/keyboard';
import type { PaletteCommand, PaletteView } from '../../lib/palette-commands';

/** One thing the palette can do: a command, an account to go to, or a quote to open. */
export interface PaletteItem {
  id: string;
  kind: 'Command' | 'View' | 'Account' | 'Quote';
  label: string;
  /** A second, quieter line: words, or data (the quote's number and account) when `detailIsData`. */
  detail?: string;
  detailIsData?: boolean;
  /** The keys that do the same ("Ctrl+1"), shown as keys. */
  shortcut?: string;
  run: () => void;
}

/** The small word before an item in the list, in the window's language. */
export function kindLabel(kind: PaletteItem['kind']): string {
  switch (kind) {
    case 'Command':
      return m.shell_palette_kind_command();
    case 'View':
      return m.shell_palette_kind_view();
    case 'Account':
      return m.shell_palette_kind_account();
    case 'Quote':
      return m.shell_palette_kind_quote();
  }
}

/** The words typed match when each of them is in the label (any order, any case). */
export function matches(text: string, query: string): boolean {
  const words = query.toLowerCase().split(/\s+/).filter(Boolean);
  const haystack = text.toLowerCase();
  return words.every((word) => haystack.includes(word));
}

/** Commands, saved views and accounts whose names match, in that order; all of them for an empty query. */
export function localItems(
  query: string,
  commands: readonly PaletteCommand[],
  accounts: readonly AccountView[],
  goTo: (account: AccountView) => void,
  views: readonly PaletteView[] = [],
  openView: (id: string) => void = () => {},
): PaletteItem[] {
  const commandItems = commands
    .filter((command) => matches(command.label, query))
    .map((command, index): PaletteItem => ({ ...command, id: `command-${index}`, kind: 'Command' }));
  // The shortcut is the account's place in the whole list (what Ctrl+digit opens), not in the filtered one.
  const accountItems = accounts
    .map((account, place) => ({ account, place }))
    .filter(({ account }) => matches(`${account.name} ${kindLabel('Account')}`, query))
    .map(({ account, place }): PaletteItem => ({
      id: `account-${account.id}`,
      kind: 'Account',
      label: account.name,
      ...(place < 9 ? { shortcut: `${MOD}${place + 1}` } : {}),
      run: () => goTo(account),
    }));
  // "view" finds every saved view, as "account" finds every account (in the window's language).
  const viewItems = views
    .filter((view) => matches(`${view.name} ${m.shell_palette_view_keywords()}`, query))
    .map((view): PaletteItem => ({ id: `view-${view.id}`, kind: 'View', label: view.name, ...(view.detail ? { detail: view.detail } : {}), run: () => openView(view.id) }));
  return [...commandItems, ...viewItems, ...accountItems];
}

export function quoteItem(row: InboxRow, accountName: string, open: (row: InboxRow) => void): PaletteItem {
  return {
    id: `quote-${row.accountId}-${row.quoteId}`,
    kind: 'Quote',
    label: row.projectName ?? m.shell_untitled_project(),
    // A company named like its account is said once.
    detail: [...new Set([row.quoteNumber ?? m.shell_not_numbered(), row.companyName, accountName].filter(Boolean))].join(' · '),
    detailIsData: true,
    run: () => open(row),
  };
}

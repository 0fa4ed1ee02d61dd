import { m } from '../../../../i18n/paraglide/messages.js';
import { tick } from 'svelte';
import type { AccountView } from '../../../../preload/contract';
import { focusSidebarAccount } from '../dom-anchors';
import type { MenuAction } from '../menu-action';
import { describeFailure, plainMessage } from '../error-words';
import type { AccountsState } from './accounts.svelte';
import type { InboxState } from './inbox.svelte';
import type { ToastsState } from './toasts.svelte';

/**
 * The one dialog the shell shows. The shortcuts help shares the slot with the account
 * dialogs because only one dialog is ever open: opening any of them replaces the other.
 */
export type ShellDialog =
  | { kind: 'add' }
  | { kind: 'edit'; account: AccountView; focus: 'name' | 'credentials' }
  | { kind: 'remove'; account: AccountView }
  | { kind: 'shortcuts' }
  | { kind: 'palette' };

/**
 * What the sidebar's account menus, Settings and the banners do with an account: open its
 * dialogs, test its connection and remove it, each saying how it went in a toast.
 */
export class AccountActions {
  dialog = $state<ShellDialog | null>(null);

  readonly #accounts: AccountsState;
  readonly #toasts: ToastsState;
  readonly #inbox: Pick<InboxState, 'refresh'>;

  constructor(accounts: AccountsState, toasts: ToastsState, inbox: Pick<InboxState, 'refresh'>) {
    this.#accounts = accounts;
    this.#toasts = toasts;
    this.#inbox = inbox;
  }

  add(): void {
    this.dialog = { kind: 'add' };
  }

  edit(account: AccountView, focus: 'name' | 'credentials' = 'name'): void {
    this.dialog = { kind: 'edit', account, focus };
  }

  confirmRemove(account: AccountView): void {
    this.dialog = { kind: 'remove', account };
  }

  showShortcuts(): void {
    this.dialog = { kind: 'shortcuts' };
  }

  showPalette(): void {
    this.dialog = { kind: 'palette' };
  }

  /** Closes whatever dialog is open, as a route that takes the screen elsewhere does. */
  dismiss(): void {
    this.dialog = null;
  }

  /** The dialog closed itself (saved or cancelled). */
  close(): void {
    const closing = this.dialog;
    this.dialog = null;
    // A saved edit may have changed an account's name or status: the rows on screen say so.
    if (closing?.kind === 'edit') void this.#inbox.refresh();
  }

  async test(account: AccountView): Promise<void> {
    // One test per account at a time: the running one's answer is on its way.
    if (this.#accounts.isTesting(account.id)) return;
    const result = await this.#accounts.test(account.id);
    if (!result.ok) {
      this.#toasts.error(m.shell_account_says({ name: account.name, message: describeFailure(result.error).message }));
    } else if (result.value.ok) {
      const { latencyMs } = result.value;
      this.#toasts.success(latencyMs === null ? m.shell_test_ok() : m.shell_test_ok_latency({ milliseconds: String(Math.round(latencyMs)) }));
    } else {
      this.#toasts.error(m.shell_account_says({ name: account.name, message: plainMessage(result.value.message) ?? m.shell_test_failed() }));
    }
  }

  async remove(account: AccountView): Promise<void> {
    const listed = this.#accounts.accounts;
    const index = listed.findIndex((candidate) => candidate.id === account.id);
    const result = await this.#accounts.remove(account.id);
    if (result.ok) {
      this.#toasts.success(m.shell_account_removed({ name: account.name }));
      // The removal went ahead; what it could not tidy up (a webhook left at the service) is said.
      for (const note of result.value.notes) this.#toasts.show('info', m.shell_account_says({ name: account.name, message: note }));
      this.dialog = null;
      // The removed account's controls are gone: focus goes to its neighbour in the list
      // (the next one, else the one before), or to "Add account" when none is left.
      const neighbour = listed[index + 1] ?? listed[index - 1] ?? null;
      await tick();
      focusSidebarAccount(neighbour && neighbour.id !== account.id ? neighbour.id : null);
    } else {
      this.#toasts.error(m.shell_account_remove_failed({ name: account.name, reason: describeFailure(result.error).message }));
    }
  }

  /** The account's menu in the sidebar. */
  menuFor(account: AccountView): MenuAction[] {
    return [
      { label: m.shell_menu_edit_account(), icon: 'pencil', run: () => this.edit(account) },
      {
        label: m.shell_menu_test_connection(),
        busyLabel: m.shell_menu_testing_connection(),
        busy: this.#accounts.isTesting(account.id),
        icon: 'plug',
        run: () => void this.test(account),
      },
      { label: m.shell_remove_account(), icon: 'trash', danger: true, run: () => this.confirmRemove(account) },
    ];
  }
}

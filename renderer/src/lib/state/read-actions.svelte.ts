import { m } from '../../../../i18n/paraglide/messages.js';
import type { AccountView } from '../../../../preload/contract';
import { describeFailure } from '../error-words';
import type { InboxRow } from '../inbox-bridge';
import type { AccountsState } from './accounts.svelte';
import type { NavigationState } from './navigation.svelte';
import type { NotificationsState } from './notifications.svelte';
import type { ToastsState } from './toasts.svelte';

export interface ReadActionsParts {
  notifications: Pick<NotificationsState, 'isUnread' | 'markRead' | 'markUnread' | 'unread'>;
  toasts: Pick<ToastsState, 'error'>;
  navigation: Pick<NavigationState, 'allAccounts'>;
  accounts: Pick<AccountsState, 'selected'>;
}

/**
 * Marking quotes read or unread by hand (`u` on a row, the inbox's "Mark all read", the
 * palette's command), each failure said in a toast.
 */
export class ReadActions {
  readonly #parts: ReadActionsParts;

  constructor(parts: ReadActionsParts) {
    this.#parts = parts;
  }

  /** The account "Mark all read" is about: null for every account (All accounts, or none chosen). */
  get scopeAccount(): AccountView | null {
    const { navigation, accounts } = this.#parts;
    return navigation.allAccounts ? null : accounts.selected;
  }

  async toggle(row: InboxRow): Promise<void> {
    const { notifications, toasts } = this.#parts;
    const unread = notifications.isUnread(row.accountId, row.quoteId);
    const failure = unread ? await notifications.markRead(row.accountId, [row.quoteId]) : await notifications.markUnread(row.accountId, [row.quoteId]);
    if (failure) toasts.error((unread ? m.shell_read_failed : m.shell_unread_failed)({ reason: describeFailure(failure).message }));
  }

  /** One quote marked unread (the palette's command on the quote on screen). */
  async markUnread(accountId: string, quoteId: string): Promise<void> {
    const failure = await this.#parts.notifications.markUnread(accountId, [quoteId]);
    if (failure) this.#parts.toasts.error(m.shell_unread_failed({ reason: describeFailure(failure).message }));
  }

  /** The scope's unread quotes, all marked read. */
  async markScopeRead(): Promise<void> {
    const { notifications, toasts } = this.#parts;
    const scope = this.scopeAccount;
    const accountIds = scope ? [scope.id] : notifications.unread.accounts.map((unread) => unread.accountId);
    const failures = (await Promise.all(accountIds.map((accountId) => notifications.markRead(accountId)))).filter((failure) => failure !== null);
    if (failures[0]) toasts.error(m.shell_all_read_failed({ reason: describeFailure(failures[0]).message }));
  }
}

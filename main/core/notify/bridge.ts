// The notifications namespace of the bridge: preferences, unread state, and the projection
// of notification events to the renderer, answered by the notifications feature (feature.ts).
import type { AccountsService } from '../accounts/types';
import type { EventHub } from '../bridge/events';
import { saidError } from '../errors';
import { m } from '../../../i18n/paraglide/messages.js';
import type { Handlers } from '../../../preload/contract';
import type { NotificationCenter } from './notification-center';
import type { PreferencesStore } from './preferences';
import { sameServiceAccounts } from '../accounts/same-service';
import type { UnreadState } from './unread';

export type NotificationMethod =
  | 'notifications.preferences'
  | 'notifications.setPreferences'
  | 'notifications.unread'
  | 'notifications.markRead'
  | 'notifications.markUnread';
export type NotificationHandlers = Pick<Handlers, NotificationMethod>;

export interface NotificationHandlerDeps {
  preferences: PreferencesStore;
  unread: UnreadState;
  /** The configured accounts: which exist, and which share a service. */
  accounts: Pick<AccountsService, 'list'>;
}

export function createNotificationHandlers(deps: NotificationHandlerDeps): NotificationHandlers {
  /** The other accounts on the account's service; throws when the account is gone. */
  async function requireAccount(accountId: string): Promise<string[]> {
    const sameService = sameServiceAccounts(await deps.accounts.list(), accountId);
    if (!sameService) throw saidError('account-not-found', m.main_account_gone());
    return sameService;
  }
  return {
    'notifications.preferences': async () => deps.preferences.get(),
    'notifications.setPreferences': async (preferences) => deps.preferences.set(preferences),
    'notifications.unread': async () => deps.unread.summary(),
    // The person looked at the quote: it is read wherever else the same service shows it.
    // "Mark all read" reads what is unread in this account; a quote only another account
    // shows (a company this key cannot see) stays unread there. Marking unread stays here.
    'notifications.markRead': async ({ accountId, quoteIds }) => {
      const sameService = await requireAccount(accountId);
      return deps.unread.markRead(accountId, quoteIds, sameService);
    },
    'notifications.markUnread': async ({ accountId, quoteIds }) => {
      await requireAccount(accountId);
      return deps.unread.markUnread(accountId, quoteIds);
    },
  };
}

/**
 * Unread counts and shown notifications, pushed to the renderer as contract events (the
 * browser host shows the latter as toasts). Returns the function that stops the projection.
 */
export function projectNotificationEvents(sources: { center: NotificationCenter; unread: UnreadState }, hub: EventHub): () => void {
  const stops = [
    sources.unread.onChange((summary) => hub.emit('notifications.unreadChanged', summary)),
    sources.center.onShown(({ title, body, link, route }) => hub.emit('notifications.shown', { title, body, link, route })),
  ];
  return () => {
    for (const stop of stops) stop();
  };
}

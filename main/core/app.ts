import type { AppInfo, Handlers } from '../../preload/contract';
import type { AccountsService } from './accounts/types';
import { AppError } from './errors';
import type { DecisionHandlers } from './handlers/decisions';
import type { NotificationHandlers } from './handlers/notifications';
import type { ExportHandlers, InboxHandlers, LogoHandlers, SyncHandlers } from './handlers';
import type { WebhookHandlers } from './handlers/webhooks';
import { NO_DESKTOP_HANDLERS } from './updates';
import type { DesktopHandlers } from './updates';
import type { RelayHandlers } from './handlers/relay';
import type { ViewHandlers } from './handlers/views';

export interface AppHandlerDeps {
  accounts: AccountsService;
  appInfo: () => Promise<AppInfo>;
  /** From createNotificationHandlers (main/core/handlers/notifications.ts); a host without them answers that notifications are unavailable. */
  notifications?: NotificationHandlers;
  /** The inbox over the offline cache, quote details and PDFs. */
  inbox: InboxHandlers;
  /** Exports of the inbox's view and of a quote's pricing (main/core/handlers/export.ts). */
  exports: ExportHandlers;
  /** Company logos of cached quotes (main/core/handlers/logos.ts). */
  logos: LogoHandlers;
  sync: SyncHandlers;
  /** From createDecisionHandlers (main/core/handlers/decisions.ts). */
  decisions: DecisionHandlers;
  /** From createWebhookHandlers (main/core/handlers/webhooks.ts); without them webhooks are unavailable. */
  webhooks?: WebhookHandlers;
  /** The desktop app's settings and updates (main/electron); other hosts answer that they are desktop-only. */
  desktop?: DesktopHandlers;
  /** From createRelayHandlers (main/core/handlers/relay.ts); without them the team relay is unavailable. */
  relay?: RelayHandlers;
  /** From createViewHandlers (main/core/handlers/views.ts); without them saved views are unavailable. */
  views?: ViewHandlers;
}

const notificationsUnavailable = async (): Promise<never> => {
  throw new AppError('internal', 'Notifications are not available in this version of Quotedesk.');
};
const NO_NOTIFICATIONS: NotificationHandlers = {
  'notifications.preferences': notificationsUnavailable,
  'notifications.setPreferences': notificationsUnavailable,
  'notifications.unread': notificationsUnavailable,
  'notifications.markRead': notificationsUnavailable,
  'notifications.markUnread': notificationsUnavailable,
};

const webhooksUnavailable = async (): Promise<never> => {
  throw new AppError('internal', 'Webhooks are not available in this version of Quotedesk.');
};
const NO_WEBHOOKS: WebhookHandlers = {
  'webhooks.status': webhooksUnavailable,
  'webhooks.setTunnel': webhooksUnavailable,
  'webhooks.register': webhooksUnavailable,
  'webhooks.unregister': webhooksUnavailable,
  'webhooks.activity': webhooksUnavailable,
  'webhooks.check': webhooksUnavailable,
  'webhooks.replay': webhooksUnavailable,
};

const relayUnavailable = async (): Promise<never> => {
  throw new AppError('internal', 'The team relay is not available in this version of Quotedesk.');
};
const NO_RELAY: RelayHandlers = { 'relay.status': relayUnavailable, 'relay.configure': relayUnavailable, 'relay.test': relayUnavailable, 'relay.forget': relayUnavailable };

const viewsUnavailable = async (): Promise<never> => {
  throw new AppError('internal', 'Saved views are not available in this version of Quotedesk.');
};
const NO_VIEWS: ViewHandlers = {
  'views.list': async () => ({ views: [], last: null }),
  'views.save': viewsUnavailable,
  'views.rename': viewsUnavailable,
  'views.remove': viewsUnavailable,
  'views.remember': async () => undefined,
};

/** The use cases the bridge exposes, one per contract method. */
export function createAppHandlers(deps: AppHandlerDeps): Handlers {
  const { accounts } = deps;
  return {
    'app.info': () => deps.appInfo(),

    'accounts.list': () => accounts.list(),
    'accounts.add': (draft) => accounts.add(draft),
    'accounts.update': (update) => accounts.update(update),
    'accounts.remove': ({ id }) => accounts.remove(id),
    'accounts.test': ({ id }) => accounts.test(id),
    'accounts.testDraft': (draft) => accounts.testDraft(draft),


    ...(deps.notifications ?? NO_NOTIFICATIONS),
    ...deps.inbox,
    ...deps.exports,
    ...deps.logos,
    ...deps.sync,
    ...deps.decisions,
    ...(deps.webhooks ?? NO_WEBHOOKS),
    ...(deps.desktop ?? NO_DESKTOP_HANDLERS),
    ...(deps.relay ?? NO_RELAY),
    ...(deps.views ?? NO_VIEWS),
  };
}

// Notifications: what the cache stored and what webhooks said, turned into notifications
// (the pipeline), the notifications.* methods, and unread counts and shown notifications
// pushed to the renderer.
import type { AccountsService } from '../accounts/types';
import type { QuoteCache } from '../cache';
import type { DomainBus } from '../events';
import { createNotificationHandlers, projectNotificationEvents } from '../handlers/notifications';
import { connectNotificationPipeline, createNotifications } from '../notify';
import type { Notifications, NotificationsOptions } from '../notify';
import type { Logger } from '../ports';
import type { Recovery } from '../sync';
import type { Feature } from './feature';

export interface NotificationsFeatureDeps extends NotificationsOptions {
  accounts: AccountsService;
  cache: QuoteCache;
  bus: DomainBus;
  recovery: Recovery;
  logger: Logger;
}

export function createNotificationsFeature(deps: NotificationsFeatureDeps): Feature & { notifications: Notifications } {
  const notifications = createNotifications(deps);
  const { center, unread, preferences } = notifications;
  const pipeline = connectNotificationPipeline({ bus: deps.bus, center, cache: deps.cache, accounts: deps.accounts, recovery: deps.recovery, logger: deps.logger });
  const stopForgetting = deps.bus.subscribe('account.removed', ({ accountId }) => center.forgetAccount(accountId));
  return {
    name: 'notifications',
    notifications,
    handlers: createNotificationHandlers({ preferences, unread, accounts: deps.accounts }),
    project: (hub) => projectNotificationEvents({ center, unread }, hub),
    async close() {
      pipeline.stop();
      stopForgetting();
      await notifications.close();
    },
  };
}

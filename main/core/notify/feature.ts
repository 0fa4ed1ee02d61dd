// Notifications: what the cache stored and what webhooks said, turned into notifications
// (the pipeline), the notifications.* methods, and unread counts and shown notifications
// pushed to the renderer.
import { serviceOf } from '../accounts/same-service';
import type { AccountsService } from '../accounts/types';
import { stopAll } from '../inbox/projection';
import type { QuoteCache } from '../cache';
import type { DomainBus } from '../events';
import { createNotificationHandlers, projectNotificationEvents } from './bridge';
import { connectNotificationPipeline, createNotifications } from '.';
import type { Notifications, NotificationsOptions } from '.';
import type { Logger } from '../ports';
import type { Recovery } from '../sync';
import type { Feature } from '../bridge/feature';

export interface NotificationsFeatureDeps extends NotificationsOptions {
  accounts: AccountsService;
  cache: QuoteCache;
  bus: DomainBus;
  recovery: Recovery;
  logger: Logger;
}

export function createNotificationsFeature(deps: NotificationsFeatureDeps): Feature & { notifications: Notifications } {
  // Which service each account is on, for the unread total: kept from the accounts' changes (read synchronously by the count).
  const services = new Map<string, string>();
  let changes = 0;
  const learnServices = (accounts: readonly { id: string; baseUrl: string }[]) => {
    changes += 1;
    services.clear();
    for (const account of accounts) services.set(account.id, serviceOf(account.baseUrl));
  };
  const notifications = createNotifications({ ...deps, serviceOf: (accountId) => services.get(accountId) ?? accountId });
  const { center, unread, preferences } = notifications;
  const { ownDecisions } = notifications;
  const pipeline = connectNotificationPipeline({ bus: deps.bus, center, cache: deps.cache, accounts: deps.accounts, recovery: deps.recovery, ownDecisions, logger: deps.logger });
  const stopListening = stopAll([
    deps.bus.subscribe('accounts.changed', ({ accounts }) => learnServices(accounts)),
    deps.bus.subscribe('account.removed', ({ accountId }) => center.forgetAccount(accountId)),
    // The decisions made from here: their echo (webhook or sync) notifies no one here.
    deps.bus.subscribe('quote.deciding', ({ quoteId }) => ownDecisions.deciding(quoteId)),
    deps.bus.subscribe('quote.decided', ({ quoteId, decision }) => ownDecisions.decided(quoteId, decision)),
    deps.bus.subscribe('quote.decisionEnded', ({ quoteId }) => ownDecisions.ended(quoteId)),
  ]);
  return {
    name: 'notifications',
    notifications,
    handlers: createNotificationHandlers({ preferences, unread, accounts: deps.accounts }),
    project: (hub) => projectNotificationEvents({ center, unread }, hub),
    async start() {
      const seen = changes;
      const accounts = await deps.accounts.list();
      // A change heard meanwhile is newer than this read.
      if (changes === seen) learnServices(accounts);
    },
    async close() {
      pipeline.stop();
      stopListening();
      await notifications.close();
    },
  };
}

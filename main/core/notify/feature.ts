// Notifications: what the cache stored and what webhooks said, turned into notifications
// (the pipeline), the notifications.* methods, and unread counts and shown notifications
// pushed to the renderer.
import type { AccountsService } from '../accounts/types';
import { stopAll } from '../bridge/feature';
import type { QuoteCache } from '../cache';
import type { DomainBus } from '../events';
import { createNotificationHandlers, projectNotificationEvents } from './bridge';
import { connectNotificationPipeline, notifyWebhookEvent } from './pipeline';
import { notifySnoozeEnded } from './snooze-ended';
import { notifyDecisionAtStart } from './decision-at-start';
import { notifyTeamNotices } from './team-notify';
import type { TeamNotices } from './team-notice';
import type { EndedSnooze, SnoozeEndReason } from './snooze-ended';
import { errorText } from '../errors';
import { createNotifications } from './notifications';
import { forgetUnreadOfMissingAccounts } from './unread-orphans';
import type { Notifications, NotificationsOptions } from './notifications';
import type { Logger } from '../ports';
import type { Recovery } from '../sync';
import type { ReceivedWebhook } from '../webhooks/events';
import type { Feature } from '../bridge/feature';

export interface NotificationsFeatureDeps extends NotificationsOptions {
  accounts: AccountsService;
  cache: QuoteCache;
  bus: DomainBus;
  recovery: Recovery;
  logger: Logger;
}

export interface NotificationsFeature extends Feature {
  notifications: Notifications;
  /** A webhook event about something the cache does not hold (a project, a job, an unknown type), to the notification policy; says what it caused. */
  notifyWebhook(event: ReceivedWebhook): Promise<string>;
  /** A snoozed quote is back (its time came, or it changed): a notification, and the quote unread. */
  notifySnoozeEnded(snooze: EndedSnooze, reason: SnoozeEndReason): void;
  /** The team desk's notices now (assigned to me, asked to approve, my request decided, mentioned): each told once. */
  notifyTeam(batch: TeamNotices): void;
}

export function createNotificationsFeature(deps: NotificationsFeatureDeps): NotificationsFeature {
  // Which service each account is on, for the unread total: the cache's (read synchronously by the count).
  const notifications = createNotifications({ ...deps, serviceOf: (accountId) => deps.cache.services().get(accountId) ?? accountId });
  const { center, unread, preferences } = notifications;
  const { ownDecisions } = notifications;
  const pipeline = connectNotificationPipeline({ bus: deps.bus, center, cache: deps.cache, accounts: deps.accounts, recovery: deps.recovery, ownDecisions, clock: deps.clock, logger: deps.logger });
  const stopListening = stopAll([
    deps.bus.subscribe('account.removed', ({ accountId }) => center.forgetAccount(accountId)),
    // The decisions made from here: their echo (webhook or sync) notifies no one here.
    deps.bus.subscribe('quote.deciding', ({ quoteId }) => ownDecisions.deciding(quoteId)),
    deps.bus.subscribe('quote.decided', ({ quoteId, decision }) => ownDecisions.decided(quoteId, decision)),
    deps.bus.subscribe('quote.decisionEnded', ({ quoteId }) => ownDecisions.ended(quoteId)),
    // A decision the last run left in the outbox, sent or held at this start: the person is told.
    deps.bus.subscribe('decision.reportedAtStart', ({ report }) =>
      void notifyDecisionAtStart({ center, accounts: deps.accounts }, report).catch((error: unknown) => deps.logger.warn('a decision left by the last run could not be notified', { error: errorText(error) })),
    ),
  ]);
  let teamQueue: Promise<void> = Promise.resolve();
  return {
    name: 'notifications',
    notifications,
    notifyWebhook: (event) => notifyWebhookEvent({ center, accounts: deps.accounts }, event),
    notifySnoozeEnded: (snooze, reason) =>
      void notifySnoozeEnded({ center, accounts: deps.accounts }, snooze, reason).catch((error: unknown) => deps.logger.warn('a snooze that ended could not be notified', { error: errorText(error) })),
    notifyTeam: (batch) => {
      // One batch after another: the ledger claims each entry once, in order.
      teamQueue = teamQueue
        .then(() => notifyTeamNotices({ center, accounts: deps.accounts, cache: deps.cache, ledger: notifications.teamLedger }, batch))
        .catch((error: unknown) => deps.logger.warn('team notifications could not be made', { error: errorText(error) }))
        .then(() => undefined);
    },
    handlers: createNotificationHandlers({ preferences, unread, accounts: deps.accounts }),
    project: (hub) => projectNotificationEvents({ center, unread }, hub),
    async start() {
      await forgetUnreadOfMissingAccounts({ unread, accounts: deps.accounts, logger: deps.logger });
      pipeline.startReminders();
    },
    async close() {
      await teamQueue;
      await pipeline.stop();
      stopListening();
      await notifications.close();
    },
  };
}

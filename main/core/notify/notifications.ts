// The notifications feature, assembled: policy, preferences, unread state, the dedupe memory,
// the bridge handlers and the events they push. A host gives it a Notifier (Electron's
// Notification, or nothing but the bridge event in browser mode) and a data folder.
import type { AccountsService } from '../accounts/types';
import type { EventHub } from '../bridge/events';
import type { DomainBus } from '../events';
import { createNotificationHandlers, projectNotificationEvents } from '../handlers/notifications';
import type { NotificationHandlers } from '../handlers/notifications';
import type { Clock, Logger, Notifier, SettingsStore } from '../ports';
import { join } from 'node:path';
import { createChangeLedger } from './change-ledger';
import { createNotificationCenter } from './notification-center';
import { createOwnDecisions } from './own-decisions';
import type { OwnDecisions } from './own-decisions';
import type { NotificationCenter } from './notification-center';
import { createPreferencesStore } from './preferences';
import type { PreferencesStore } from './preferences';
import { createUnreadState } from './unread';
import type { UnreadState } from './unread';

export interface NotificationsOptions {
  settings: SettingsStore;
  clock: Clock;
  logger: Logger;
  /** The per-user data folder: notified.json (the dedupe memory), unread.json and own-decisions.json live here. */
  folder: string;
  notifier: Notifier;
  /** Which accounts exist and which share a service (a quote read in one is read in the others). */
  accounts: Pick<AccountsService, 'list'>;
}

export interface Notifications {
  center: NotificationCenter;
  preferences: PreferencesStore;
  unread: UnreadState;
  /** The decisions made from here, which notify no one here (the pipeline waits for one under way). */
  ownDecisions: OwnDecisions;
  handlers: NotificationHandlers;
  /**
   * Pushes unread counts and shown notifications to the renderer and forgets removed accounts.
   * Returns the function that stops it.
   */
  connect(bus: DomainBus, hub: EventHub): () => void;
  close(): Promise<void>;
}

export function createNotifications(options: NotificationsOptions): Notifications {
  const { settings, clock, logger } = options;
  const preferences = createPreferencesStore(settings, logger);
  const unread = createUnreadState({ path: join(options.folder, 'unread.json'), clock, logger });
  const ledger = createChangeLedger({ path: join(options.folder, 'notified.json'), clock, logger });
  const ownDecisions = createOwnDecisions({ path: join(options.folder, 'own-decisions.json'), clock, logger });
  const center = createNotificationCenter({ notifier: options.notifier, preferences, unread, ledger, own: ownDecisions, clock, logger });
  return {
    center,
    preferences,
    unread,
    ownDecisions,
    handlers: createNotificationHandlers({ preferences, unread, accounts: options.accounts }),
    connect(bus, hub) {
      const stops = [
        projectNotificationEvents({ center, unread }, hub),
        bus.subscribe('account.removed', ({ accountId }) => center.forgetAccount(accountId)),
        bus.subscribe('quote.deciding', ({ quoteId }) => ownDecisions.deciding(quoteId)),
        bus.subscribe('quote.decided', ({ quoteId, decision }) => ownDecisions.decided(quoteId, decision)),
        bus.subscribe('quote.decisionEnded', ({ quoteId }) => ownDecisions.ended(quoteId)),
      ];
      return () => {
        for (const stop of stops) stop();
      };
    },
    close: async () => {
      await Promise.all([center.close(), ownDecisions.flush()]);
    },
  };
}

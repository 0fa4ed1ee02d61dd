// The notifications' parts, made together: policy, preferences, unread state and the dedupe
// memory (features/notifications.ts puts them on the bridge). A host gives it a Notifier
// (Electron's Notification, or nothing but the bridge event in browser mode) and a data folder.
import type { Clock, Logger, Notifier, SettingsStore } from '../ports';
import { join } from 'node:path';
import { createChangeLedger } from './change-ledger';
import { createNotificationCenter } from './notification-center';
import type { NotificationCenter } from './notification-center';
import { createPreferencesStore } from './preferences';
import type { PreferencesStore } from './preferences';
import { createUnreadState } from './unread';
import type { UnreadState } from './unread';

export interface NotificationsOptions {
  settings: SettingsStore;
  clock: Clock;
  logger: Logger;
  /** The per-user data folder: notified.json (the dedupe memory) and unread.json live here. */
  folder: string;
  notifier: Notifier;
}

export interface Notifications {
  center: NotificationCenter;
  preferences: PreferencesStore;
  unread: UnreadState;
  close(): Promise<void>;
}

export function createNotifications(options: NotificationsOptions): Notifications {
  const { settings, clock, logger } = options;
  const preferences = createPreferencesStore(settings, logger);
  const unread = createUnreadState({ path: join(options.folder, 'unread.json'), clock, logger });
  const ledger = createChangeLedger({ path: join(options.folder, 'notified.json'), clock, logger });
  const center = createNotificationCenter({ notifier: options.notifier, preferences, unread, ledger, clock, logger });
  return {
    center,
    preferences,
    unread,
    close: () => center.close(),
  };
}

// The notifications' parts, made together: policy, preferences, unread state and the dedupe
// memory (notify/feature.ts puts them on the bridge). A host gives it a Notifier
// (Electron's Notification, or nothing but the bridge event in browser mode) and a data folder.
import type { Clock, Logger, Notifier, SettingsStore } from '../ports';
import { join } from 'node:path';
import { createChangeLedger } from './change-ledger';
import { createNotificationCenter } from './notification-center';
import { createOwnDecisions } from './own-decisions';
import type { OwnDecisions } from './own-decisions';
import type { NotificationCenter } from './notification-center';
import { createPreferencesStore } from './preferences';
import type { PreferencesStore } from './preferences';
import { createTeamLedger } from './team-ledger';
import type { TeamLedger } from './team-ledger';
import { createUnreadState } from './unread';
import type { UnreadState } from './unread';

export interface NotificationsOptions {
  settings: SettingsStore;
  clock: Clock;
  logger: Logger;
  /** The per-user data folder: notified.json (the dedupe memory), team-notified.json (the team's), unread.json and own-decisions.json live here. */
  folder: string;
  notifier: Notifier;
  /** The service an account is on (its normalised base URL): the unread total counts quotes, not rows. */
  serviceOf?: (accountId: string) => string;
}

export interface Notifications {
  center: NotificationCenter;
  preferences: PreferencesStore;
  unread: UnreadState;
  /** The decisions made from here, which notify no one here (the pipeline waits for one under way). */
  ownDecisions: OwnDecisions;
  /** The team entries told already (team-notify.ts). */
  teamLedger: TeamLedger;
  close(): Promise<void>;
}

export function createNotifications(options: NotificationsOptions): Notifications {
  const { settings, clock, logger } = options;
  const preferences = createPreferencesStore(settings, logger);
  const unread = createUnreadState({ path: join(options.folder, 'unread.json'), clock, logger, serviceOf: options.serviceOf });
  const ledger = createChangeLedger({ path: join(options.folder, 'notified.json'), clock, logger });
  const teamLedger = createTeamLedger({ path: join(options.folder, 'team-notified.json'), clock, logger });
  const ownDecisions = createOwnDecisions({ path: join(options.folder, 'own-decisions.json'), clock, logger });
  const center = createNotificationCenter({ notifier: options.notifier, preferences, unread, ledger, own: ownDecisions, clock, logger });
  return {
    center,
    preferences,
    unread,
    ownDecisions,
    teamLedger,
    close: async () => {
      await Promise.all([center.close(), ownDecisions.flush(), teamLedger.flush()]);
    },
  };
}

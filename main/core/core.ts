import type { AppInfo, Handlers } from '../../preload/contract';
import { createAccountsFeature } from './accounts/feature';
import type { AccountsService } from './accounts/types';
import { createAppInfoFeature } from './app-info/feature';
import { createLanguage, createLanguageFeature, type Language, type LanguageDeps } from './app-info/language';
import { setLocale } from '../../i18n/paraglide/runtime.js';
import { createCliEndpointFeature } from './cli-endpoint/feature';
import { createDispatcher } from './bridge/dispatcher';
import type { Dispatcher } from './bridge/dispatcher';
import { createEventHub } from './bridge/events';
import type { EventHub } from './bridge/events';
import { assembleFeatures } from './bridge/feature';
import type { PdfCacheOptions } from './cache';
import { createDecisionsFeature } from './decisions/feature';
import type { StartDemo } from './demo/demo-mode';
import { createDemoFeature } from './demo/feature';
import type { DomainBus } from './events';
import type { ExportDelivery } from './export/bridge';
import { createExportsFeature } from './export/feature';
import { createFloors } from './floors';
import type { PdfDelivery } from './inbox/bridge';
import { createInboxFeature } from './inbox/feature';
import { createInsightsFeature } from './insights/feature';
import { createLogosFeature } from './logos/feature';
import { createMemoryFeature } from './memory/feature';
import { createNotificationsFeature } from './notify/feature';
import type { Notifications } from './notify';
import type { AppPaths, Clock, Logger, Notifier, SecretStore, SettingsStore } from './ports';
import { createSnoozeFeature } from './snooze/feature';
import { createSyncFeature } from './sync/feature';
import { createTeamFeature } from './team/feature';
import type { SyncEngine, SyncOptions } from './sync';
import { createPersonActivity, watchedDispatcher } from './sync';
import type { DetailsReaderOptions } from './sync';
import { createDesktopFeature } from './updates/feature';
import type { DecisionsInFlight, DesktopHandlers } from './updates';
import { createViewsFeature } from './views/feature';
import { createWebhooksFeature } from './webhooks/feature';
import type { Webhooks, WebhooksDeps } from './webhooks';
import type { TeamRelay } from './webhooks/relay/team-relay';

export type { StartDemo } from './demo/demo-mode';

export interface CoreOptions {
  settings: SettingsStore;
  secrets: SecretStore;
  clock: Clock;
  logger: Logger;
  host: AppInfo['host'];
  version: string;
  /** The data folder: the offline cache lives in `<userData>/cache`. */
  paths: AppPaths;
  /** Overrides for tests and benchmarks; the refresh interval comes from the settings. */
  sync?: Partial<SyncOptions>;
  pdfs?: Partial<PdfCacheOptions>;
  /** How this host hands a PDF to the person (Electron: the Opener; browser mode: a download route). */
  deliverPdf?: PdfDelivery;
  /** How this host puts an exported CSV or XLSX where the person chooses (Electron: its save dialog; browser mode: a download route). */
  deliverExport?: ExportDelivery;
  /** The desktop's notifications; browser mode and the CLI have none (the 'notifications.shown' bridge event is the toast). */
  notifier?: Notifier;
  /** The webhook receiver's port (default: any free one), the health check interval and, for tests, where cloudflared is. */
  webhooks?: Pick<WebhooksDeps, 'port' | 'findCloudflared' | 'healthCheckMs'>;
  /** The desktop app's own settings and updates (Electron host only). */
  desktop?: DesktopHandlers;
  /** The background details reader's pace (tests and benchmarks; sync/details-reader.ts). */
  detailsReader?: Partial<DetailsReaderOptions>;
  /** The system's languages and the QUOTEDESK_LANG / QUOTEDESK_PSEUDO switches; without them main speaks the stored choice, else English. */
  language?: Pick<LanguageDeps, 'systemLanguages' | 'env' | 'systemFrom'> & {
    /** Main speaks another language now: the host rewrites what does not redraw by itself (Electron's menu bar and tray). */
    onSpoken?(): void;
  };
}

export interface Core {
  accounts: AccountsService;
  /** THE domain event bus: the features (cache, sync, webhooks, notifications) publish and subscribe here. */
  bus: DomainBus;
  hub: EventHub;
  handlers: Handlers;
  dispatcher: Dispatcher;
  sync: SyncEngine;
  notifications: Notifications;
  webhooks: Webhooks;
  /** Whether an accept/decline is being sent: the updater never installs during one. */
  decisionsInFlight: DecisionsInFlight;
  teamRelay: TeamRelay;
  /** The language setting: the hosts hand its state to the window before the first paint. */
  language: Language;
  /** Settles when the offline parts have started (PDF folder swept, sync scheduled); never rejects. */
  ready: Promise<void>;
  /** After resume from sleep or a network change: every account catches up now. */
  reconcile(): Promise<void>;
  /** See DemoMode.startIfNoAccounts: never in place of accounts that could not be read. */
  startDemoIfNoAccounts(startDemo: StartDemo, options?: { force?: boolean }): Promise<boolean>;
  close(): Promise<void>;
}

/**
 * Everything the hosts share: the shared floors (floors.ts), then the features in the order
 * they start (their reverse is the order they close). Adding a feature is one line here.
 */
export function createCore(options: CoreOptions): Core {
  const { settings, secrets, clock, logger, paths } = options;
  const { userData } = paths;
  const { bus, accounts, store, cache, pdfs, recovery, sync } = createFloors(options);
  const hub = createEventHub({ logger });
  // Calls from the window: the background details reader waits while they come.
  const activity = createPersonActivity();

  // Notifications hear what the cache stored (each change once), non-quote webhook events, and reminders after sync.
  const notifications = createNotificationsFeature({ settings, clock, logger, folder: userData, notifier: options.notifier ?? { notify: () => undefined }, accounts, cache, bus, recovery });
  // Made before decisions, started last: decisions asks the team's policy before an accept goes out. Its notices go to notifications.
  // The team relay (made with webhooks, below) follows the team's server when it moves.
  const team = createTeamFeature({ userData, settings, secrets, accounts, cache, clock, logger, notify: notifications.notifyTeam, onServerChanged: () => webhooks.relay.teamServerChanged() });
  const decisions = createDecisionsFeature({ userData, accounts, cache, pdfs, settings, bus, clock, logger, acceptApproval: team.acceptApproval });
  // Snoozed quotes leave the inbox's views until they wake, with a notification.
  const snooze = createSnoozeFeature({ userData, cache, bus, clock, logger, announce: notifications.notifySnoozeEnded });
  const inbox = createInboxFeature({ store, cache, pdfs, sync, accounts, bus, clock, logger, deliverPdf: options.deliverPdf, unread: notifications.notifications.unread, hidden: snooze.hidden, teamQuotes: team.mineQuotes, teamMarks: team.teamMarks });
  const webhooks = createWebhooksFeature({ settings, secrets, paths, accounts, cache, bus, clock, logger, ...options.webhooks, recovery, notify: notifications.notifyWebhook });
  const demo = createDemoFeature({ accounts, cache, sync, webhooks: webhooks.webhooks, bus, logger });
  const syncFeature = createSyncFeature({ sync, accounts, settings, pdfs, bus, logger, recovery, webhooks: webhooks.webhooks, relay: webhooks.relay, cache, activity, clock, detailsReader: options.detailsReader });

  // First: whatever main says from here on (notifications, exports) is in the chosen language.
  const language = createLanguage({
    settings,
    systemLanguages: () => [],
    ...options.language,
    speak: (locale) => {
      void setLocale(locale, { reload: false });
      options.language?.onSpoken?.();
    },
  });
  language.start();

  const features = assembleFeatures(
    [
      createLanguageFeature(language),
      createAccountsFeature({ accounts, bus }),
      createAppInfoFeature({ version: options.version, host: options.host, accounts, settings, secrets, store, problems: () => [...decisions.problems(), ...snooze.problems()] }),
      inbox,
      createViewsFeature({ settings, logger }),
      createExportsFeature({ cache, accounts, clock, deliver: options.deliverExport, servicesKnown: inbox.servicesKnown, hidden: snooze.hidden, teamQuotes: team.mineQuotes, bus, settings, logger }),
      createLogosFeature({ userData, cache, accounts, clock, logger }),
      createInsightsFeature({ cache, bus, clock, servicesKnown: inbox.servicesKnown, hidden: snooze.hidden, teamQuotes: team.mineQuotes, deliver: options.deliverExport, receipts: decisions.receiptsOf }),
      decisions,
      notifications,
      snooze,
      webhooks,
      demo,
      syncFeature,
      createMemoryFeature({ bus, logger }),
      createDesktopFeature(options.desktop),
      createCliEndpointFeature({ userData, accounts, pdfs, bus, logger, handlers: () => features.handlers }),
      team,
    ],
    { hub, logger },
  );

  return {
    accounts,
    bus,
    hub,
    handlers: features.handlers,
    dispatcher: watchedDispatcher(createDispatcher({ handlers: features.handlers, logger }), activity),
    sync,
    notifications: notifications.notifications,
    webhooks: webhooks.webhooks,
    decisionsInFlight: decisions.inFlight,
    teamRelay: webhooks.relay,
    language,
    ready: features.started,
    reconcile: syncFeature.reconcile,
    startDemoIfNoAccounts: (startDemo, startOptions) => demo.startIfNoAccounts(startDemo, startOptions),
    async close() {
      // At once: a demo start in progress must see that Quotedesk is closing.
      void demo.stopStarting();
      await features.close();
    },
  };
}

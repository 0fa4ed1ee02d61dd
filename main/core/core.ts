import { join } from 'node:path';
import type { AppInfo, Handlers } from '../../preload/contract';
import { createAccountsService } from './accounts';
import type { AccountsService } from './accounts/types';
import { createDispatcher } from './bridge/dispatcher';
import type { Dispatcher } from './bridge/dispatcher';
import { createEventHub } from './bridge/events';
import type { EventHub } from './bridge/events';
import { createPdfCache, createQuoteCache } from './cache';
import type { PdfCacheOptions } from './cache';
import type { StartDemo } from './demo/demo-mode';
import { createEventBus } from './events';
import type { DomainBus, DomainEvents } from './events';
import { assembleFeatures } from './bridge/feature';
import { createAccountsFeature } from './accounts/feature';
import { createDecisionsFeature } from './decisions/feature';
import { createDemoFeature } from './demo/feature';
import { createDesktopFeature } from './updates/feature';
import { createExportsFeature } from './export/feature';
import { createInboxFeature } from './inbox/feature';
import { createLogosFeature } from './logos/feature';
import { createMemoryFeature } from './memory/feature';
import { createNotificationsFeature } from './notify/feature';
import { createRelayFeature } from './webhooks/relay/feature';
import { createSyncFeature } from './sync/feature';
import { createWebhooksFeature } from './webhooks/feature';
import type { ExportDelivery } from './export/bridge';
import type { PdfDelivery } from './inbox/bridge';
import { notifyWebhookEvent } from './notify';
import type { Notifications } from './notify';
import type { AppPaths, Clock, DataFileProblem, Logger, Notifier, SecretStore, SettingsStore } from './ports';
import type { TeamRelay } from './webhooks/relay/team-relay';
import { openSqliteStore } from './database';
import { createRecovery, createSyncEngine, pdfLimitBytes, syncIntervalMs } from './sync';
import type { SyncEngine, SyncOptions } from './sync';
import type { DecisionsInFlight, DesktopHandlers } from './updates';
import { createWebhookPipeline } from './webhooks';
import type { WebhookFeature, WebhookFeatureDeps } from './webhooks';

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
  webhooks?: Pick<WebhookFeatureDeps, 'port' | 'findCloudflared' | 'healthCheckMs'>;
  /** The desktop app's own settings and updates (Electron host only). */
  desktop?: DesktopHandlers;
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
  webhooks: WebhookFeature;
  /** Whether an accept/decline is being sent: the updater never installs during one. */
  decisionsInFlight: DecisionsInFlight;
  teamRelay: TeamRelay;
  /** Settles when the offline parts have started (PDF folder swept, sync scheduled); never rejects. */
  ready: Promise<void>;
  /** After resume from sleep or a network change: every account catches up now. */
  reconcile(): Promise<void>;
  /** See DemoMode.startIfNoAccounts: never in place of accounts that could not be read. */
  startDemoIfNoAccounts(startDemo: StartDemo, options?: { force?: boolean }): Promise<boolean>;
  close(): Promise<void>;
}

/**
 * Everything the hosts share, wired together. The shared parts (accounts, the cache and its
 * PDFs, the sync engine) are made first; then each feature, in the order they start (their
 * reverse is the order they close); the parts hold the logic, this only composes them.
 */
export function createCore(options: CoreOptions): Core {
  const { settings, secrets, clock, logger } = options;
  const { userData } = options.paths;
  const bus = createEventBus<DomainEvents>({ logger });
  const hub = createEventHub({ logger });
  const accounts = createAccountsService({ settings, secrets, bus, clock, logger });

  const cacheFolder = join(userData, 'cache');
  const store = openSqliteStore({ path: join(cacheFolder, 'quotes.db'), clock, logger });
  const cache = createQuoteCache({ store, bus, clock, logger });
  const pdfs = createPdfCache({
    store,
    cache,
    accounts,
    bus,
    clock,
    logger,
    folder: join(cacheFolder, 'pdfs'),
    options: { maxBytes: pdfLimitBytes(settings, logger), ...options.pdfs },
    dispatcherFor: async (accountId) => (await accounts.client(accountId)).dispatcher,
  });
  // Catch-ups (after resume, a tunnel restart, an account back online) mark what they find "recovered".
  const recovery = createRecovery();
  const sync = createSyncEngine({ accounts, bus, cache, clock, logger, recovery, options: { intervalMs: syncIntervalMs(settings, logger), ...options.sync } });

  const decisions = createDecisionsFeature({ userData, accounts, cache, pdfs, settings, bus, clock, logger });
  // Notifications hear what the cache stored (each change once), non-quote webhook events, and reminders after sync.
  const notifications = createNotificationsFeature({
    settings,
    clock,
    logger,
    folder: userData,
    notifier: options.notifier ?? { notify: () => undefined },
    accounts,
    cache,
    bus,
    recovery,
  });
  const inbox = createInboxFeature({ store, cache, pdfs, sync, accounts, bus, clock, logger, deliverPdf: options.deliverPdf, unread: notifications.notifications.unread, settings });
  // A local delivery and a relayed one go through the same pipeline.
  const { center } = notifications.notifications;
  const webhookPipeline = () => createWebhookPipeline({ accounts, cache, notify: (event) => notifyWebhookEvent({ center, accounts }, event) });
  const webhooks = createWebhooksFeature({ settings, secrets, paths: options.paths, accounts, bus, clock, logger, ...options.webhooks, recovery, process: webhookPipeline() }, () => relay.relay);
  const relay = createRelayFeature({ secrets, settings, clock, logger, accounts, bus, webhooks: webhooks.webhooks, process: webhookPipeline() });
  const demo = createDemoFeature({ accounts, cache, sync, webhooks: webhooks.webhooks, bus, logger });
  const syncFeature = createSyncFeature({ sync, accounts, settings, pdfs, bus, logger, recovery, webhooks: webhooks.webhooks, relay: relay.relay });

  // Read at each ask: the background integrity check may add one after the start.
  const dataProblems = (): DataFileProblem[] => [
    ...settings.problems(),
    ...secrets.problems(),
    ...store.problems.map((problem) => ({ file: 'cache' as const, ...problem })),
    ...decisions.problems(),
  ];
  const appInfo = async (): Promise<AppInfo> => ({
    version: options.version,
    host: options.host,
    demo: (await accounts.list()).some((account) => account.demo),
    credentialStorage: secrets.describe(),
    dataProblems: dataProblems(),
  });

  const features = assembleFeatures(
    [
      createAccountsFeature({ accounts, bus, appInfo }),
      inbox,
      createExportsFeature({ cache, accounts, clock, deliver: options.deliverExport }),
      createLogosFeature({ userData, cache, accounts, clock, logger }),
      decisions,
      notifications,
      webhooks,
      relay,
      demo,
      syncFeature,
      createMemoryFeature({ bus, logger }),
      createDesktopFeature(options.desktop),
    ],
    { hub, logger },
  );

  return {
    accounts,
    bus,
    hub,
    handlers: features.handlers,
    dispatcher: createDispatcher({ handlers: features.handlers, logger }),
    sync,
    notifications: notifications.notifications,
    webhooks: webhooks.webhooks,
    decisionsInFlight: decisions.inFlight,
    teamRelay: relay.relay,
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

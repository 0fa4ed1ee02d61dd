import { join } from 'node:path';
import type { AppInfo, Handlers } from '../../preload/contract';
import { createAccountsService } from './accounts';
import type { AccountsService } from './accounts/types';
import { createAppHandlers } from './app';
import { createDispatcher } from './bridge/dispatcher';
import type { Dispatcher } from './bridge/dispatcher';
import { createEventHub } from './bridge/events';
import type { EventHub } from './bridge/events';
import { projectDomainEvents } from './bridge/projection';
import { createPdfCache, createQuoteCache, forgetOrphanAccounts } from './cache';
import type { PdfCacheOptions } from './cache';
import { createDecisions, feedCacheFromDecisions, openReceiptStore } from './decisions';
import { createDemoMode } from './demo/demo-mode';
import type { StartDemo } from './demo/demo-mode';
import { createEventBus } from './events';
import type { DomainBus, DomainEvents } from './events';
import { createDecisionHandlers, createExportHandlers, createInboxHandlers, createLogoHandlers, createSyncHandlers } from './handlers';
import { createLogoCache } from './logos';
import type { ExportDelivery, PdfDelivery } from './handlers';
import { createWebhookHandlers, projectWebhookEvents } from './handlers/webhooks';
import { connectNotificationPipeline, createNotifications, notifyWebhookEvent } from './notify';
import type { Notifications } from './notify';
import type { AppPaths, Clock, DataFileProblem, Logger, Notifier, SecretStore, SettingsStore } from './ports';
import { checkIntegrityAfterFirstWindow, openSqliteStore } from './store';
import { createCatchUp, createRecovery, createSyncEngine, pdfLimitBytes, syncIntervalMs } from './sync';
import type { SyncEngine, SyncOptions } from './sync';
import { createDecisionGate } from './updates';
import type { DecisionsInFlight, DesktopHandlers } from './updates';
import { createWebhookFeature, createWebhookPipeline } from './webhooks';
import { createTeamRelay } from './relay/team-relay';
import type { TeamRelay } from './relay/team-relay';
import { createRelayHandlers, projectRelayStatus } from './handlers/relay';
import { createViewHandlers } from './handlers/views';
import { createSavedViewsStore } from './views';
import type { WebhookFeature, WebhookFeatureDeps } from './webhooks';
import { errorText } from './errors';

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

/** Everything the hosts share, wired together: the parts hold the logic, this only composes them. */
export function createCore(options: CoreOptions): Core {
  const { settings, secrets, clock, logger } = options;
  const bus = createEventBus<DomainEvents>({ logger });
  const hub = createEventHub({ logger });
  const stopProjecting = projectDomainEvents(bus, hub);
  const accounts = createAccountsService({ settings, secrets, bus, clock, logger });
  const demo = createDemoMode({ accounts, bus, logger });

  const cacheFolder = join(options.paths.userData, 'cache');
  const store = openSqliteStore({ path: join(cacheFolder, 'quotes.db'), clock, logger });
  const cache = createQuoteCache({ store, bus, clock, logger });
  const pdfFolder = join(cacheFolder, 'pdfs');
  const pdfs = createPdfCache({
    store,
    cache,
    accounts,
    bus,
    clock,
    logger,
    folder: pdfFolder,
    options: { maxBytes: pdfLimitBytes(settings, logger), ...options.pdfs },
    dispatcherFor: async (accountId) => (await accounts.client(accountId)).dispatcher,
  });
  // Catch-ups (after resume, a tunnel restart, an account back online) mark what they find "recovered".
  const recovery = createRecovery();
  const sync = createSyncEngine({ accounts, bus, cache, clock, logger, recovery, options: { intervalMs: syncIntervalMs(settings, logger), ...options.sync } });

  // Notifications hear what the cache stored (each change once), non-quote webhook events, and reminders after sync.
  const notifications = createNotifications({
    settings,
    clock,
    logger,
    folder: options.paths.userData,
    notifier: options.notifier ?? { notify: () => undefined },
    accounts,
  });
  const webhooks = createWebhookFeature({
    settings,
    secrets,
    paths: options.paths,
    accounts,
    bus,
    clock,
    logger,
    ...options.webhooks,
    recovery,
    process: createWebhookPipeline({ accounts, bus, notify: (event) => notifyWebhookEvent({ center: notifications.center, accounts }, event) }),
  });
  // The team relay: the key's events from the team's NATS stream, through the same pipeline as a local delivery.
  const teamRelay = createTeamRelay({
    secrets,
    settings,
    clock,
    logger,
    process: createWebhookPipeline({ accounts, bus, notify: (event) => notifyWebhookEvent({ center: notifications.center, accounts }, event) }),
    // Listed in Activity like a local delivery, "via relay" in what it caused.
    onProcessed: (event, caused, relayed) => {
      void webhooks.recordRelayed({ accountId: event.accountId, key: event.key, event: event.event, body: relayed.body, receivedAt: event.receivedAt, caused });
      bus.publish('webhook.received', event);
    },
    onStatus: projectRelayStatus(hub),
  });
  // Read at each ask: the background integrity check may add one after the start.
  const cacheProblems = (): DataFileProblem[] => store.problems.map((problem) => ({ file: 'cache', ...problem }));

  const receipts = openReceiptStore({ path: join(options.paths.userData, 'decision-receipts.json'), logger, now: () => clock.now() });
  const receiptsProblem = receipts.problem();
  const decisions = createDecisions({
    accounts,
    getCached: cache.decisionBase,
    receipts,
    publish: bus.publish,
    clock,
    logger,
    pdfPath: pdfs.currentFile,
  });

  const notificationPipeline = connectNotificationPipeline({ bus, center: notifications.center, cache, accounts, recovery, logger });
  const stops: (() => void)[] = [
    cache.start(),
    feedCacheFromDecisions(bus),
    notifications.connect(bus, hub),
    () => notificationPipeline.stop(),
    projectWebhookEvents(bus, webhooks, hub),
  ];
  let closing = false;
  const ready = (async () => {
    stops.push(await pdfs.start());
    // Before the inbox is first read: quotes that accounts on one service share load as one.
    cache.setServices(await accounts.list());
    await forgetOrphanAccounts({ cache, accounts, bus, logger });
    if (closing) return;
    sync.start();
  })().catch((error: unknown) => {
    // The cache still serves what it holds; only the sweep or the scheduler is missing.
    logger.error('the offline cache did not start completely', { error: errorText(error) });
  });
  const catchUp = createCatchUp({ ready, closing: () => closing, webhooks, recovery, sync, relay: teamRelay, bus, logger });
  stops.push(catchUp.stop);
  const logos = createLogoCache({ folder: join(options.paths.userData, 'logos'), clock, logger });
  // Once per start, in the background: a logo asked for meanwhile is shown as usual, and kept.
  const logosPruned = logos.prune();
  // The sweep at start deletes files no index row names: no download may race it.
  const startedPdfs = {
    get: async (accountId: string, quoteId: string) => {
      await ready;
      return pdfs.get(accountId, quoteId);
    },
    status: pdfs.status,
  };

  const decisionGate = createDecisionGate();
  const handlers = createAppHandlers({
    accounts,
    appInfo: async () => ({
      version: options.version,
      host: options.host,
      demo: (await accounts.list()).some((account) => account.demo),
      credentialStorage: secrets.describe(),
      dataProblems: [
        ...settings.problems(),
        ...secrets.problems(),
        ...cacheProblems(),
        ...(receiptsProblem ? [{ file: 'receipts' as const, ...receiptsProblem }] : []),
      ],
    }),
    inbox: checkIntegrityAfterFirstWindow(createInboxHandlers({ cache, sync, pdfs: startedPdfs, accounts, clock, deliverPdf: options.deliverPdf }), store),
    exports: createExportHandlers({ cache, accounts, clock, deliver: options.deliverExport }),
    logos: createLogoHandlers({ cache, logos, serviceBaseUrl: (accountId) => accounts.get(accountId).then((account) => account.baseUrl, () => null) }),
    decisions: decisionGate.wrap(createDecisionHandlers({ decisions, settings })),
    sync: createSyncHandlers({ sync, accounts, settings, pdfs, logger }),
    notifications: notifications.handlers,
    webhooks: createWebhookHandlers(webhooks),
    desktop: options.desktop,
    relay: createRelayHandlers(teamRelay, accounts),
    views: createViewHandlers(createSavedViewsStore(settings, logger)),
  });
  const dispatcher = createDispatcher({ handlers, logger });

  return {
    accounts,
    bus,
    hub,
    handlers,
    dispatcher,
    sync,
    notifications,
    webhooks,
    decisionsInFlight: { inFlight: decisionGate.inFlight, idle: decisionGate.idle },
    teamRelay,
    ready,
    reconcile: catchUp.run,
    async startDemoIfNoAccounts(startDemo, startOptions) {
      const started = await demo.startIfNoAccounts(async () => {
        const demoStarted = await startDemo();
        // Demo deliveries come over loopback HTTPS: the embedded service must trust its certificate.
        const trust = demoStarted.trustWebhookCa;
        if (trust) void webhooks.useDemoTunnel(trust).catch((error: unknown) => logger.warn('demo webhooks did not start', { error: errorText(error) }));
        return demoStarted;
      }, startOptions);
      if (started) await webhooks.settled();
      return started;
    },
    async close() {
      closing = true;
      // At once: a demo start in progress must see that Quotedesk is closing.
      const demoClosed = demo.close();
      await ready;
      await sync.stop();
      await demoClosed;
      // Demo accounts live in memory only: their cached quotes and webhook keys go with them.
      for (const account of await accounts.list()) {
        if (!account.demo) continue;
        cache.forgetAccount(account.id);
        await webhooks.forgetLocally(account.id).catch((error: unknown) => logger.warn('demo webhook keys could not be deleted', { error: errorText(error) }));
      }
      await Promise.all([webhooks.close(), teamRelay.close(), notifications.close(), logosPruned]);
      for (const stop of stops.splice(0).reverse()) stop();
      // Prefetches and removals touch the store: they end before it closes.
      await pdfs.close();
      stopProjecting();
      await accounts.close();
      store.close();
    },
  };
}

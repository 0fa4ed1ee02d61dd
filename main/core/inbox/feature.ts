// The inbox: the offline cache (its database and PDF folder), the methods that read it, and
// the bulk actions on quotes selected in it, and its saved views and last view.
// It starts by sweeping the PDF folder and loading which accounts share a service, and
// closes last but for accounts: every feature that writes to the cache has closed by then.
import type { AccountsService } from '../accounts/types';
import { projectInboxEvents, stopAll } from './projection';
import { forgetOrphanAccounts } from '../cache';
import type { PdfCache, QuoteCache } from '../cache';
import type { DomainBus } from '../events';
import { createInboxHandlers } from './bridge';
import { createKeepOfflineJobs } from './keep-offline';
import { createSelectionHandlers } from './selection';
import type { PdfDelivery } from './bridge';
import { createViewHandlers } from '../views/bridge';
import type { UnreadState } from '../notify';
import type { Clock, Logger, SettingsStore } from '../ports';
import { checkIntegrityAfterFirstWindow } from '../database';
import type { QuoteStore } from '../database';
import type { SyncEngine } from '../sync';
import { createSavedViewsStore } from '../views';
import type { Feature } from '../bridge/feature';

export interface InboxFeatureDeps {
  store: QuoteStore;
  cache: QuoteCache;
  pdfs: PdfCache;
  sync: Pick<SyncEngine, 'state' | 'fetchDetails'>;
  accounts: AccountsService;
  bus: DomainBus;
  clock: Clock;
  logger: Logger;
  deliverPdf?: PdfDelivery;
  /** Marking a selection read or unread. */
  unread: UnreadState;
  /** Where the saved views and the last view are kept. */
  settings: SettingsStore;
}

export function createInboxFeature(deps: InboxFeatureDeps): Feature & { started: Promise<void> } {
  const { store, cache, pdfs, accounts } = deps;
  const stops = [cache.start()];
  let markStarted: () => void = () => undefined;
  // The sweep at start deletes files no index row names: no download may race it.
  const started = new Promise<void>((resolve) => (markStarted = resolve));
  const startedPdfs = {
    get: async (accountId: string, quoteId: string) => {
      await started;
      return pdfs.get(accountId, quoteId);
    },
    status: pdfs.status,
    keepOffline: async (...args: Parameters<PdfCache['keepOffline']>) => {
      await started;
      return pdfs.keepOffline(...args);
    },
    usage: pdfs.usage,
  };
  // Keeping a selection's PDFs offline runs here, not in the page: it ends when the core closes.
  const keepOffline = createKeepOfflineJobs({ cache, accounts, clock: deps.clock, pdfs: startedPdfs, logger: deps.logger });
  return {
    name: 'the offline cache',
    started,
    handlers: {
      ...checkIntegrityAfterFirstWindow(createInboxHandlers({ cache, sync: deps.sync, pdfs: startedPdfs, accounts, clock: deps.clock, deliverPdf: deps.deliverPdf }), store),
      ...createSelectionHandlers({ cache, accounts, clock: deps.clock, unread: deps.unread, keepOffline }),
      ...createViewHandlers(createSavedViewsStore(deps.settings, deps.logger)),
    },
    project: (hub) =>
      stopAll([projectInboxEvents(deps.bus, hub), keepOffline.subscribe((job) => hub.emit('selection.keepOfflineChanged', job))]),
    async start() {
      try {
        stops.push(await pdfs.start());
        // Before the inbox is first read: quotes that accounts on one service share load as one.
        cache.setServices(await accounts.list());
        await forgetOrphanAccounts({ cache, accounts, bus: deps.bus, logger: deps.logger });
      } finally {
        markStarted();
      }
    },
    async close() {
      for (const stop of stops.splice(0).reverse()) stop();
      // No download of the job may start or stay under way once the PDF cache closes.
      await keepOffline.close();
      // Prefetches and removals touch the store: they end before it closes.
      await pdfs.close();
      store.close();
    },
  };
}

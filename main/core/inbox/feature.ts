// The inbox: the offline cache (its database and PDF folder), the methods that read it, and
// the bulk actions on quotes selected in it. It learns which accounts share a service as it
// is made and sweeps the PDF folder at start, and closes last but for accounts: every feature
// that writes to the cache has closed by then.
import type { AccountsService } from '../accounts/types';
import { afterReady, stopAll } from '../bridge/feature';
import type { Feature } from '../bridge/feature';
import { followAccountServices, forgetOrphanAccounts } from '../cache';
import type { PdfCache, QuoteCache } from '../cache';
import { checkIntegrityAfterFirstWindow } from '../database';
import type { QuoteStore } from '../database';
import type { DomainBus } from '../events';
import type { UnreadState } from '../notify';
import type { Clock, Logger } from '../ports';
import type { SyncEngine } from '../sync';
import { createInboxHandlers, DEFAULT_INBOX_OPTIONS } from './bridge';
import type { PdfDelivery } from './bridge';
import { createKeepOfflineJobs } from './keep-offline';
import { createDetailReader } from './prefetch';
import { projectInboxEvents } from './projection';
import { createSelectionHandlers } from './selection';
import { createViewCountHandlers } from './view-counts';
import type { TeamQuotes } from './team-filter';
import { createTeamMarkHandlers } from './team-marks';
import type { TeamMarksReader } from './team-marks';

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
  /** The quotes every view and count leaves out now (the snoozed). */
  hidden?: () => ReadonlySet<string>;
  /** The quotes of my team views: what the team views of the inbox hold. */
  teamQuotes?: TeamQuotes;
  /** The rows' marks (assignee, approval of the current revision), from the team's cached per-quote state. */
  teamMarks?: TeamMarksReader;
}

export interface InboxFeature extends Feature {
  /** Settles once the PDF folder was swept and orphaned accounts forgotten. */
  started: Promise<void>;
  /** Settles once the cache knows which service each account is on: what reads the inbox's rows waits for it. */
  servicesKnown: Promise<void>;
}

export function createInboxFeature(deps: InboxFeatureDeps): InboxFeature {
  const { store, cache, pdfs, accounts } = deps;
  // Before the inbox is first read: quotes that accounts on one service share are one row.
  const services = followAccountServices({ cache, accounts, bus: deps.bus, logger: deps.logger });
  const stops = [cache.start(), services.stop];
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
  // Reads of details for the person and ahead of them; those ahead end before the cache closes.
  const reader = createDetailReader({ cache, sync: deps.sync, clock: deps.clock, logger: deps.logger, options: { freshMs: DEFAULT_INBOX_OPTIONS.detailsFreshMs } });
  // Keeping a selection's PDFs offline runs here, not in the page: it ends when the core closes.
  const keepOffline = createKeepOfflineJobs({ cache, clock: deps.clock, pdfs: startedPdfs, logger: deps.logger, hidden: deps.hidden, teamQuotes: deps.teamQuotes });
  return {
    name: 'the offline cache',
    started,
    servicesKnown: services.known,
    handlers: afterReady(services.known, {
      ...checkIntegrityAfterFirstWindow(createInboxHandlers({ cache, sync: deps.sync, pdfs: startedPdfs, accounts, clock: deps.clock, deliverPdf: deps.deliverPdf, reader, hidden: deps.hidden, teamQuotes: deps.teamQuotes }), store),
      ...createSelectionHandlers({ cache, accounts, clock: deps.clock, unread: deps.unread, keepOffline, hidden: deps.hidden, teamQuotes: deps.teamQuotes }),
      ...createViewCountHandlers({ cache, clock: deps.clock, expiringSoonDays: DEFAULT_INBOX_OPTIONS.expiringSoonDays, hidden: deps.hidden, teamQuotes: deps.teamQuotes }),
      ...createTeamMarkHandlers({ marks: deps.teamMarks }),
    }),
    project: (hub) =>
      stopAll([projectInboxEvents(deps.bus, hub), keepOffline.subscribe((job) => hub.emit('selection.keepOfflineChanged', job))]),
    async start() {
      try {
        stops.push(await pdfs.start());
        await forgetOrphanAccounts({ cache, accounts, bus: deps.bus, logger: deps.logger });
      } finally {
        markStarted();
      }
    },
    async close() {
      for (const stop of stops.splice(0).reverse()) stop();
      // No download of the job may start or stay under way once the PDF cache closes.
      await keepOffline.close();
      await reader.close();
      // Prefetches and removals touch the store: they end before it closes.
      await pdfs.close();
      store.close();
    },
  };
}

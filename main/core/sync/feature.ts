// Sync: the scheduler that keeps every account's quotes in the cache, its settings on the
// bridge, and the catch-up after sleep, a network change or a tunnel restart.
import type { AccountsService } from '../accounts/types';
import type { PdfCache, QuoteCache } from '../cache';
import type { DomainBus } from '../events';
import { createSyncHandlers, projectSyncEvents } from './bridge';
import type { Clock, Logger, SettingsStore } from '../ports';
import { createCatchUp } from './catch-up';
import type { CatchUpDeps } from './catch-up';
import type { SyncEngine } from './engine';
import { createDetailsReader } from './details-reader';
import type { DetailsReaderOptions } from './details-reader';
import type { PersonActivity } from './person-activity';
import type { Feature } from '../bridge/feature';

export interface SyncFeatureDeps extends Pick<CatchUpDeps, 'webhooks' | 'relay' | 'recovery'> {
  sync: SyncEngine;
  accounts: AccountsService;
  settings: SettingsStore;
  pdfs: PdfCache;
  bus: DomainBus;
  logger: Logger;
  /** For the background details reader (details-reader.ts): what it reads goes to the cache; it waits while the person works. */
  cache: QuoteCache;
  activity: PersonActivity;
  clock: Clock;
  detailsReader?: Partial<DetailsReaderOptions>;
}

export function createSyncFeature(deps: SyncFeatureDeps): Feature & { reconcile(): Promise<void> } {
  const { sync } = deps;
  let closing = false;
  let settle: () => void = () => undefined;
  // Settles when sync was scheduled, or when the app closed before that: no catch-up before it.
  const scheduled = new Promise<void>((resolve) => (settle = resolve));
  const catchUp = createCatchUp({ ...deps, ready: scheduled, closing: () => closing });
  let stopWaking: () => void = () => undefined;
  const reader = createDetailsReader({ accounts: deps.accounts, cache: deps.cache, activity: deps.activity, clock: deps.clock, logger: deps.logger, options: deps.detailsReader });
  return {
    name: 'sync',
    handlers: createSyncHandlers(deps),
    project: (hub) => projectSyncEvents(deps.bus, hub),
    start() {
      sync.start();
      reader.start();
      // A pass may have listed quotes the reader has not seen: it looks at once.
      stopWaking = deps.bus.subscribe('sync.completed', () => reader.wake());
      settle();
    },
    async close() {
      closing = true;
      settle();
      catchUp.stop();
      stopWaking();
      await Promise.all([reader.stop(), sync.stop()]);
    },
    reconcile: catchUp.run,
  };
}

// Sync: the scheduler that keeps every account's quotes in the cache, its settings on the
// bridge, and the catch-up after sleep, a network change or a tunnel restart.
import type { AccountsService } from '../accounts/types';
import type { PdfCache } from '../cache';
import type { DomainBus } from '../events';
import { createSyncHandlers, projectSyncEvents } from './bridge';
import type { Logger, SettingsStore } from '../ports';
import { createCatchUp } from './catch-up';
import type { CatchUpDeps } from './catch-up';
import type { SyncEngine } from './engine';
import type { Feature } from '../bridge/feature';

export interface SyncFeatureDeps extends Pick<CatchUpDeps, 'webhooks' | 'relay' | 'recovery'> {
  sync: SyncEngine;
  accounts: AccountsService;
  settings: SettingsStore;
  pdfs: PdfCache;
  bus: DomainBus;
  logger: Logger;
}

export function createSyncFeature(deps: SyncFeatureDeps): Feature & { reconcile(): Promise<void> } {
  const { sync } = deps;
  let closing = false;
  let settle: () => void = () => undefined;
  // Settles when sync was scheduled, or when the app closed before that: no catch-up before it.
  const scheduled = new Promise<void>((resolve) => (settle = resolve));
  const catchUp = createCatchUp({ ...deps, ready: scheduled, closing: () => closing });
  return {
    name: 'sync',
    handlers: createSyncHandlers(deps),
    project: (hub) => projectSyncEvents(deps.bus, hub),
    start() {
      sync.start();
      settle();
    },
    async close() {
      closing = true;
      settle();
      catchUp.stop();
      await sync.stop();
    },
    reconcile: catchUp.run,
  };
}

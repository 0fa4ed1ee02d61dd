import type { z } from 'zod';
import type { syncMethods } from '../../../preload/contract/bridge/sync';
import type { AccountsService } from '../accounts/types';
import type { EventHub } from '../bridge/events';
import type { DomainBus } from '../events';
import { AppError } from '../errors';
import type { PdfCache } from '../cache';
import type { Logger, SettingsStore } from '../ports';
import type { SyncEngine } from './engine';
import { readOfflineSettings, writeOfflineSettings } from './offline-settings';
import { syncStateView } from './classify';

type Methods = typeof syncMethods;
/** The use cases behind `syncMethods`. */
export type SyncHandlers = {
  [M in keyof Methods]: (input: z.output<Methods[M]['input']>) => Promise<z.output<Methods[M]['output']>>;
};

export interface SyncHandlerDeps {
  sync: Pick<SyncEngine, 'state' | 'refresh' | 'setIntervalMs'>;
  accounts: Pick<AccountsService, 'list'>;
  settings: Pick<SettingsStore, 'get' | 'set'>;
  pdfs: Pick<PdfCache, 'usage' | 'setMaxBytes'>;
  logger: Logger;
}

export function createSyncHandlers(deps: SyncHandlerDeps): SyncHandlers {
  const overview = () => ({ settings: readOfflineSettings(deps.settings, deps.logger), pdfs: deps.pdfs.usage() });
  return {
    async 'sync.status'() {
      return (await deps.accounts.list()).map((account) => syncStateView(deps.sync.state(account.id)));
    },
    async 'sync.refresh'({ accountId }) {
      if (accountId !== undefined && !(await deps.accounts.list()).some((account) => account.id === accountId)) {
        throw new AppError('account-not-found', 'That account no longer exists');
      }
      return (await deps.sync.refresh(accountId)).map(syncStateView);
    },
    async 'sync.settings'() {
      return overview();
    },
    async 'sync.setSettings'(change) {
      // Written first: a settings file that cannot be written changes nothing (its error says why).
      writeOfflineSettings(deps.settings, change);
      if (change.intervalMinutes !== undefined) deps.sync.setIntervalMs(Math.round(change.intervalMinutes * 60_000));
      if (change.pdfLimitMegabytes !== undefined) await deps.pdfs.setMaxBytes(change.pdfLimitMegabytes * 1024 * 1024);
      return overview();
    },
  };
}

/** The sync engine's state, as the renderer's freshness line shows it; returns the function that stops it. */
export function projectSyncEvents(bus: DomainBus, hub: EventHub): () => void {
  return bus.subscribe('sync.state', (state) => hub.emit('sync.changed', syncStateView(state)));
}

// The shared floors the features stand on, made once: the domain event bus, the accounts, the
// quote cache (its SQLite store and PDF folder) and the sync engine with its recovery marks.
// They hold the logic; the features (core.ts) answer the bridge over them and close them.
import { join } from 'node:path';
import { createAccountsService } from './accounts';
import type { AccountsService } from './accounts/types';
import { createPdfCache, createQuoteCache } from './cache';
import type { PdfCache, PdfCacheOptions, QuoteCache } from './cache';
import { openSqliteStore } from './database';
import type { QuoteStore } from './database';
import { createEventBus } from './events';
import type { DomainBus, DomainEvents } from './events';
import type { AppPaths, Clock, Logger, SecretStore, SettingsStore } from './ports';
import { createRecovery, createSyncEngine, pdfLimitBytes, syncIntervalMs } from './sync';
import type { Recovery, SyncEngine, SyncOptions } from './sync';

export interface FloorsOptions {
  settings: SettingsStore;
  secrets: SecretStore;
  clock: Clock;
  logger: Logger;
  paths: AppPaths;
  sync?: Partial<SyncOptions>;
  pdfs?: Partial<PdfCacheOptions>;
}

export interface Floors {
  bus: DomainBus;
  accounts: AccountsService;
  store: QuoteStore;
  cache: QuoteCache;
  pdfs: PdfCache;
  /** Catch-ups (after resume, a tunnel restart, an account back online) mark what they find "recovered". */
  recovery: Recovery;
  sync: SyncEngine;
}

export function createFloors(options: FloorsOptions): Floors {
  const { settings, secrets, clock, logger } = options;
  const bus = createEventBus<DomainEvents>({ logger });
  const accounts = createAccountsService({ settings, secrets, bus, clock, logger });
  const cacheFolder = join(options.paths.userData, 'cache');
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
  const recovery = createRecovery();
  const sync = createSyncEngine({ accounts, bus, cache, clock, logger, recovery, options: { intervalMs: syncIntervalMs(settings, logger), ...options.sync } });
  return { bus, accounts, store, cache, pdfs, recovery, sync };
}

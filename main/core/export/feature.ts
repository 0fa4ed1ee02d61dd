// Exports of the inbox's view and of a quote's pricing, as CSV or XLSX files.
import type { AccountsService } from '../accounts/types';
import { afterReady } from '../bridge/feature';
import type { Feature } from '../bridge/feature';
import type { QuoteCache } from '../cache';
import type { DomainBus } from '../events';
import type { Clock, Logger, SettingsStore } from '../ports';
import { createSavedViewsStore } from '../views';
import { createExportHandlers } from './bridge';
import type { ExportDelivery } from './bridge';
import type { TeamQuotes } from '../inbox/team-filter';

export interface ExportsFeatureDeps {
  cache: QuoteCache;
  accounts: AccountsService;
  clock: Clock;
  deliver?: ExportDelivery;
  /** The inbox's rows are read as inbox.query reads them: once the cache knows the accounts' services. */
  servicesKnown: Promise<void>;
  /** The snoozed quotes, which the inbox's views leave out. */
  hidden?: () => ReadonlySet<string>;
  /** A team view's quotes: an export of one holds those. */
  teamQuotes?: TeamQuotes;
  /** Where the saved views are kept: an export of one is named after it. */
  settings?: SettingsStore;
  logger: Logger;
  /** Where 'export.written' goes: the memory feature gives a large export's heap back. */
  bus?: Pick<DomainBus, 'publish'>;
}

export function createExportsFeature(deps: ExportsFeatureDeps): Feature {
  // The saved views as the views feature keeps them (read from the settings at each export, so a rename counts at once).
  const savedViews = deps.settings ? createSavedViewsStore(deps.settings, deps.logger).list : undefined;
  return { name: 'exports', handlers: afterReady(deps.servicesKnown, createExportHandlers({ ...deps, savedViews })) };
}

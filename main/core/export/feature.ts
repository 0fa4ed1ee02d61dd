// Exports of the inbox's view and of a quote's pricing, as CSV or XLSX files.
import type { AccountsService } from '../accounts/types';
import type { QuoteCache } from '../cache';
import { createExportHandlers } from './bridge';
import type { ExportDelivery } from './bridge';
import type { Clock } from '../ports';
import type { Feature } from '../bridge/feature';

export function createExportsFeature(deps: { cache: QuoteCache; accounts: AccountsService; clock: Clock; deliver?: ExportDelivery }): Feature {
  return { name: 'exports', handlers: createExportHandlers(deps) };
}

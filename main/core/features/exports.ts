// Exports of the inbox's view and of a quote's pricing, as CSV or XLSX files.
import type { AccountsService } from '../accounts/types';
import type { QuoteCache } from '../cache';
import { createExportHandlers } from '../handlers';
import type { ExportDelivery } from '../handlers';
import type { Clock } from '../ports';
import type { Feature } from './feature';

export function createExportsFeature(deps: { cache: QuoteCache; accounts: AccountsService; clock: Clock; deliver?: ExportDelivery }): Feature {
  return { name: 'exports', handlers: createExportHandlers(deps) };
}

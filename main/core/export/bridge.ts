import type { z } from 'zod';
import type { exportMethods, ExportDelivered, ExportFormat } from '../../../preload/contract/bridge/export';
import type { SavedView } from '../../../preload/contract';
import type { AccountsService } from '../accounts/types';
import type { QuoteCache } from '../cache';
import { AppError } from '../errors';
import { exportFileName, viewName } from './file-name';
import { inboxTable } from './inbox-table';
import { pricingTable } from './pricing-table';
import { savedViewShown } from './saved-view-shown';
import { toCsvInChunks } from './csv-chunks';
import { csvDialectFor, systemRegionLocale } from './csv';
import { m } from '../../../i18n/paraglide/messages.js';
import { getLocale } from '../../../i18n/paraglide/runtime.js';
import type { Locale } from '../../../i18n/paraglide/runtime.js';
import { toXlsx } from './xlsx';
import type { ExportFile, ExportTable } from './table';
import type { Clock } from '../ports';
import { selectedRows } from '../inbox/selected-rows';
import type { ViewInput } from '../inbox/selected-rows';
import type { TeamQuotes } from '../inbox/team-filter';
import type { DomainBus } from '../events';

type Methods = typeof exportMethods;
export type ExportHandlers = {
  [M in keyof Methods]: (input: z.output<Methods[M]['input']>) => Promise<z.output<Methods[M]['output']>>;
};

/** An exported file to hand to the person. */
export interface FileToDeliver extends ExportFile {
  fileName: string;
}

/**
 * The host's way of putting an export where the person chooses: Electron asks with its save
 * dialog and writes the file there; browser mode offers it once at a download route.
 */
export type ExportDelivery = (file: FileToDeliver) => Promise<{ kind: 'saved' } | { kind: 'cancelled' } | { kind: 'download'; url: string }>;

export interface ExportHandlerDeps {
  cache: QuoteCache;
  accounts: Pick<AccountsService, 'list'>;
  clock: Clock;
  /** Without it, exporting says this host cannot save files. */
  deliver?: ExportDelivery;
  /** "Expiring soon" must mean what it means in the inbox, or the file would not be the view. */
  expiringSoonDays?: number;
  /** The quotes every view leaves out (the snoozed): the file holds the view as the inbox shows it. */
  hidden?: () => ReadonlySet<string>;
  /** A team view's quotes (the team desk's 'Assigned to me', ...): its file holds those, as its list does. */
  teamQuotes?: TeamQuotes;
  /** The saved views: a view that is one of them names its file by the saved view's own name. */
  savedViews?: () => readonly SavedView[];
  /** Hears that a file was written ('export.written'), so the memory a large one used is given back. */
  bus?: Pick<DomainBus, 'publish'>;
  /** The app's language at each export (headers, sheet and file names); main's current one by default. */
  locale?: () => Locale;
  /** The system's region (e.g. "de-DE") at each export: its decimal separator chooses the CSV's separator. */
  regionLocale?: () => string;
}

export function createExportHandlers(deps: ExportHandlerDeps): ExportHandlers {
  const { cache, clock } = deps;
  const localeNow = deps.locale ?? getLocale;
  const regionNow = deps.regionLocale ?? systemRegionLocale;

  // Neither holds the core's event loop for long: CSV is written in chunks, XLSX in a worker.
  // Once written, the file is all that is left of the rows, and a large export's heap is
  // given back (memory/feature.ts hears 'export.written'), while the person chooses where to save it.
  async function encode(table: ExportTable, format: ExportFormat): Promise<ExportFile> {
    try {
      return format === 'csv' ? await toCsvInChunks(table, undefined, csvDialectFor(regionNow())) : await toXlsx(table);
    } finally {
      deps.bus?.publish('export.written', { rows: table.rows.length });
    }
  }

  /** The view's rows, read as inbox.query reads them, in a file; the rows are let go when it returns. */
  async function encodeView(view: ViewInput, format: ExportFormat, locale: Locale): Promise<{ file: ExportFile; name: string; rows: number }> {
    // The same rows inbox.query gives, in its order; only the selected ones when there is a selection.
    const { rows } = await selectedRows(deps, view);
    const accounts = await deps.accounts.list();
    const name = viewName(
      {
        savedViewName: deps.savedViews ? savedViewShown(deps.savedViews(), view)?.name : null,
        accountName: view.accountId === undefined ? null : (accounts.find((account) => account.id === view.accountId)?.name ?? null),
        team: view.team,
        needsAction: view.needsAction,
        expiringSoon: view.expiringSoon,
        stages: view.stages,
        search: view.search,
        filtered: [view.companies, view.currencies, view.serviceTypes, view.targetMarkets, view.dueDate, view.validUntil, view.assignees, view.quoteIds].some((values) => (values?.length ?? 0) > 0),
        selection: view.selection !== undefined,
      },
      locale,
    );
    return { file: await encode(inboxTable(rows, accounts, locale), format), name, rows: rows.length };
  }

  async function deliver(file: ExportFile, what: string, rows: number, locale: Locale): Promise<ExportDelivered> {
    if (!deps.deliver) throw new AppError('internal', m.main_export_cannot_save_here());
    const day = new Date(clock.now()).toISOString().slice(0, 10);
    const fileName = exportFileName(what, day, file.extension, locale);
    const delivered = await deps.deliver({ ...file, fileName });
    return delivered.kind === 'download' ? { kind: 'download', url: delivered.url, fileName, rows } : { kind: delivered.kind, fileName, rows };
  }

  return {
    async 'inbox.export'(input) {
      const { format, ...view } = input;
      // One language for the whole file, even if the person switches while it is written.
      const locale = localeNow();
      const { file, name, rows } = await encodeView(view, format, locale);
      return deliver(file, name, rows, locale);
    },

    async 'quotes.exportPricing'({ accountId, quoteId, format }) {
      const details = cache.get(accountId, quoteId)?.details;
      if (!details) throw new AppError('not-found', m.main_export_pricing_not_cached());
      const locale = localeNow();
      const table = pricingTable(details, accountId, locale);
      return deliver(await encode(table, format), m.main_export_name_pricing({ number: details.quoteNumber ?? quoteId }, { locale }), table.rows.length, locale);
    },
  };
}

// The insights namespace of the bridge: the Insights view's figures, over the cache's inbox
// index, and each of its tables as a file. Inputs and outputs are validated by the dispatcher
// against preload/contract/bridge/insights.ts.
import type { Handlers } from '../../../preload/contract';
import type { QuoteCache } from '../cache';
import { m } from '../../../i18n/paraglide/messages.js';
import { saidError } from '../errors';
import { exportFileName, toCsvInChunks, toXlsx } from '../export';
import type { ExportDelivery } from '../export/bridge';
import { insightsTable } from './export-table';
import { comparedWithHistory } from './compare';
import type { HistoryFeed } from './history-feed';
import { readInsights } from './read';
import type { InsightsDeps } from './read';

export type InsightsHandlers = Pick<Handlers, 'insights.figures' | 'insights.export' | 'insights.history'>;

export interface InsightsHandlerDeps extends InsightsDeps {
  /** The host's way of handing a file to the person (the exports' own); without it, exporting says this host cannot save files. */
  deliver?: ExportDelivery;
  /** The unit prices of the cached quotes, and the quote's details ("Compared with your history"). */
  history?: { feed: HistoryFeed; cache: Pick<QuoteCache, 'get'> };
}

export function createInsightsHandlers(deps: InsightsHandlerDeps): InsightsHandlers {
  return {
    'insights.figures': async (input) => readInsights(deps, input, await deps.history?.feed.facts()),
    async 'insights.history'({ accountId, quoteId }) {
      if (!deps.history) throw saidError('internal', m.main_insights_no_history());
      const { feed, cache } = deps.history;
      const history = await feed.ready();
      const details = cache.get(accountId, quoteId)?.details ?? null;
      return { lines: details === null ? [] : comparedWithHistory(history, feed.quoteKeyOf(accountId, quoteId), details, deps.clock.now()) };
    },
    async 'insights.export'({ table, format, ...view }) {
      if (!deps.deliver) throw saidError('internal', m.main_export_cannot_save_here());
      const { what, table: exported } = insightsTable(readInsights(deps, view, await deps.history?.feed.facts()), table);
      const file = format === 'csv' ? await toCsvInChunks(exported) : await toXlsx(exported);
      const fileName = exportFileName(what, new Date(deps.clock.now()).toISOString().slice(0, 10), file.extension);
      const delivered = await deps.deliver({ ...file, fileName });
      const rows = exported.rows.length;
      return delivered.kind === 'download' ? { kind: 'download', url: delivered.url, fileName, rows } : { kind: delivered.kind, fileName, rows };
    },
  };
}

// Insights (issue #29): accepted spend, the open pipeline and decisions, from the cache, and each table as a file.
import { afterReady } from '../bridge/feature';
import type { Feature } from '../bridge/feature';
import type { QuoteCache } from '../cache';
import { DEFAULT_INBOX_OPTIONS } from '../inbox/bridge';
import type { ExportDelivery } from '../export/bridge';
import type { TeamQuotes } from '../inbox/team-filter';
import type { Clock } from '../ports';
import type { DomainBus } from '../events';
import { createInsightsHandlers } from './bridge';
import { createHistoryFeed } from './history-feed';
import type { ReceiptsOf } from './history-feed';

export interface InsightsFeatureDeps {
  cache: QuoteCache;
  bus: DomainBus;
  clock: Clock;
  /** The quotes are counted as inbox.query lists them: once the cache knows the accounts' services. */
  servicesKnown: Promise<void>;
  /** The quotes every view leaves out now (the snoozed): left out of the figures too. */
  hidden?: () => ReadonlySet<string>;
  /** A team view's quotes: its figures count those. */
  teamQuotes?: TeamQuotes;
  /** The exports' delivery: a table exported is handed to the person as an inbox export is. */
  deliver?: ExportDelivery;
  /** The receipts of the decisions made here: when they were made, and the decline reasons typed. */
  receipts?: ReceiptsOf;
}

export function createInsightsFeature(deps: InsightsFeatureDeps): Feature {
  const feed = createHistoryFeed({ cache: deps.cache, bus: deps.bus, clock: deps.clock, receipts: deps.receipts });
  const handlers = createInsightsHandlers({
    cache: deps.cache,
    clock: deps.clock,
    expiringSoonDays: DEFAULT_INBOX_OPTIONS.expiringSoonDays,
    hidden: deps.hidden,
    teamQuotes: deps.teamQuotes,
    deliver: deps.deliver,
    history: { feed, cache: deps.cache },
  });
  let stopFollowing: (() => void) | null = null;
  return {
    name: 'insights',
    handlers: afterReady(deps.servicesKnown, handlers),
    start() {
      stopFollowing = feed.start();
    },
    close() {
      stopFollowing?.();
    },
  };
}

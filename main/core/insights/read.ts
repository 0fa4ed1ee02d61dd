// The Insights figures of a view, counted over the cache's inbox index (never the service):
// the quotes the inbox would list for the view (account, search, stages, facets, the snoozed
// left out), read as the index's columns in one pass, so a quote two accounts see is one quote.
import type { z } from 'zod';
import type { InsightsFigures, InsightsInput } from '../../../preload/contract/bridge/insights';
import type { QuoteCache } from '../cache';
import { SelectionScratch } from '../cache/inbox';
import { teamSelectionOf } from '../inbox/team-filter';
import type { TeamQuotes } from '../inbox/team-filter';
import type { Clock } from '../ports';
import type { QuoteFigureFacts } from './history-feed';
import { figuresOf } from './figures';
import { rangeOf } from './range';

export interface InsightsDeps {
  cache: Pick<QuoteCache, 'inboxSelected'>;
  clock: Clock;
  /** "Expiring soon" as the inbox means it. */
  expiringSoonDays: number;
  /** The quotes every view leaves out now (the snoozed), as the inbox leaves them out. */
  hidden?: () => ReadonlySet<string>;
  /** A team view's quotes ('Assigned to me', ...): its figures count those, as its list shows them. */
  teamQuotes?: TeamQuotes;
}

// The selection's columns are lent for each read (it counts them at once, then returns): one
// set for every read, rather than about 1 MB allocated per read at 100,000 quotes.
const scratch = new SelectionScratch();

export function readInsights(deps: InsightsDeps, input: z.output<typeof InsightsInput>, facts?: QuoteFigureFacts): InsightsFigures {
  const { range: preset, from, to, splitBy, ...view } = input;
  const now = deps.clock.now();
  const selected = deps.cache.inboxSelected(teamSelectionOf(view, { expiringSoonDays: deps.expiringSoonDays, now, hidden: deps.hidden?.(), teamQuotes: deps.teamQuotes }), scratch);
  return figuresOf(selected, { range: rangeOf(preset, now, { from, to }), now, splitBy, decisionTimes: facts?.decisionTimes, revisionChanges: facts?.revisionChanges, unitPriceLines: facts?.unitPriceLines });
}

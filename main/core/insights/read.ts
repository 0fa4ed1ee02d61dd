// The Insights figures of a view, read from the cache's inbox index (never the service): the
// same rows inbox.query gives for the view, so the account, search, stages and facets mean
// what they mean in the inbox, and a quote two accounts see is one row.
import type { z } from 'zod';
import type { InsightsFigures, InsightsInput } from '../../../preload/contract/bridge/insights';
import type { QuoteCache } from '../cache';
import { selectionOf } from '../cache/inbox';
import { selectedRows } from '../inbox/selected-rows';
import type { Clock } from '../ports';
import { ACCEPTED_STAGES, figuresOf } from './figures';
import type { InsightRow } from './figures';
import { rangeOf } from './range';

export interface InsightsDeps {
  cache: Pick<QuoteCache, 'inbox' | 'inboxFacets'>;
  clock: Clock;
  /** "Expiring soon" as the inbox means it. */
  expiringSoonDays: number;
}

export async function readInsights(deps: InsightsDeps, input: z.output<typeof InsightsInput>): Promise<InsightsFigures> {
  const { range: preset, from, to, splitBy, ...view } = input;
  const now = deps.clock.now();
  const { rows } = await selectedRows(deps, { ...view, sort: 'newest' });
  const splitKeys = splitBy === 'company' ? undefined : await splitKeysOf(deps, view, splitBy, now);
  return figuresOf(rows, { range: rangeOf(preset, now, { from, to }), now, splitBy, splitKeys });
}

type View = Omit<z.output<typeof InsightsInput>, 'range' | 'from' | 'to' | 'splitBy'>;

/**
 * The service types or target markets of the view's accepted quotes, asked of the index one
 * value at a time (its facet filters know them; its rows do not carry them). A quote whose
 * details were never fetched has none known: null, so the view can say "from N of M".
 */
async function splitKeysOf(deps: InsightsDeps, view: View, splitBy: 'serviceType' | 'targetMarket', now: number): Promise<(row: InsightRow) => readonly string[] | null> {
  const accepted = { ...view, stages: [...ACCEPTED_STAGES] };
  const facets = deps.cache.inboxFacets(selectionOf(accepted, { expiringSoonDays: deps.expiringSoonDays, now }));
  const values = (splitBy === 'serviceType' ? facets.serviceTypes : facets.targetMarkets).filter((facet) => facet.count > 0).map((facet) => facet.value);
  const keys = new Map<string, string[]>();
  for (const value of values) {
    const filter = splitBy === 'serviceType' ? { serviceTypes: [value] } : { targetMarkets: [value] };
    const { rows } = await selectedRows(deps, { ...accepted, ...filter, sort: 'newest' });
    for (const row of rows) keys.set(row.quoteId, [...(keys.get(row.quoteId) ?? []), value]);
  }
  return (row) => keys.get(row.quoteId) ?? (row.hasDetails ? [] : null);
}

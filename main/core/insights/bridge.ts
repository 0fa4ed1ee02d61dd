// The insights namespace of the bridge: the Insights view's figures, over the cache's inbox
// index. Inputs and outputs are validated by the dispatcher against preload/contract/bridge/insights.ts.
import type { Handlers } from '../../../preload/contract';
import { readInsights } from './read';
import type { InsightsDeps } from './read';

export type InsightsHandlers = Pick<Handlers, 'insights.figures'>;

export function createInsightsHandlers(deps: InsightsDeps): InsightsHandlers {
  return { 'insights.figures': async (input) => readInsights(deps, input) };
}

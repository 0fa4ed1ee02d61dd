// "Compared with your history" for one quote: its lines against the history's medians, as
// the bridge answers them.
import type { PriceComparison } from '../../../preload/contract/bridge/insights';
import type { QuoteDetails } from '../../../preload/contract';
import { dayOf } from '../cache/inbox';
import type { PriceHistory } from './price-history';

/** The quote's lines with at least 5 other quotes of the 12 months up to today to compare with. */
export function comparedWithHistory(history: PriceHistory, quoteKey: string, details: Pick<QuoteDetails, 'itemsPricing'>, now: number): PriceComparison[] {
  const today = dayOf(new Date(now).toISOString());
  return history.compare(quoteKey, details, today).map(({ line, median, quotes }) => ({ ...line, median, quotes }));
}

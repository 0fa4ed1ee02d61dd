// The words of Insights that the window and its exports share: a split's name is the column
// header of an export and the option that picks the split.
import { m } from '../paraglide/messages.js';

/** What the accepted spend is split by (the contract's InsightSplit). */
export type SplitKey = 'company' | 'serviceType' | 'targetMarket';

/** "Company", "Service type", "Target market", in the person's language. */
export function splitWords(split: SplitKey): string {
  switch (split) {
    case 'company':
      return m.activity_insights_split_company();
    case 'serviceType':
      return m.activity_insights_split_service_type();
    case 'targetMarket':
      return m.activity_insights_split_target_market();
  }
}

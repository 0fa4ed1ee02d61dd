// THE stages a quote goes through, as the inbox sorts them: a client key sees the service's
// SENT as PENDING, so PENDING splits by the quote number into in-preparation (no number yet)
// and awaiting-decision. Their words are i18n/words/stages.ts, in the person's language.
import type { QuoteStatus } from './statuses';

export const QUOTE_STAGES = ['in-preparation', 'awaiting-decision', 'revised', 'accepted', 'declined', 'expired', 'cancelled', 'in-project'] as const;
export type QuoteStage = (typeof QUOTE_STAGES)[number];

/** Decided or over: its "valid until" is history, not a countdown. */
export const CLOSED_STAGES: ReadonlySet<QuoteStage> = new Set(['accepted', 'declined', 'expired', 'cancelled', 'in-project']);

/** The stage of a quote in this stored (or client-facing) status. */
export function stageOf(status: QuoteStatus, quoteNumber: string | null): QuoteStage {
  switch (status) {
    case 'PENDING':
      return quoteNumber === null ? 'in-preparation' : 'awaiting-decision';
    case 'SENT':
    case 'SENT_PENDING':
      return 'awaiting-decision';
    case 'REVISED':
    case 'SENT_REVISED':
      return 'revised';
    case 'ACCEPTED':
      return 'accepted';
    case 'REJECTED':
      return 'declined';
    case 'EXPIRED':
      return 'expired';
    case 'CANCELLED':
      return 'cancelled';
    case 'CHANGED_TO_PROJECT':
      return 'in-project';
  }
}

// THE words for where a quote stands, as the inbox shows them: a client key sees the
// service's SENT as PENDING, so PENDING splits by the quote number into "In preparation"
// (no number yet) and "Awaiting your decision". The inbox rows, the quote, notifications,
// receipts and the CLI all say a status through here, so a toast never says "Pending" where
// the row says "Awaiting your decision".
import type { KeyAccess, QuoteStatus } from './statuses';

export const QUOTE_STAGES = ['in-preparation', 'awaiting-decision', 'revised', 'accepted', 'declined', 'expired', 'cancelled', 'in-project'] as const;
export type QuoteStage = (typeof QUOTE_STAGES)[number];

export const STAGE_LABELS: Readonly<Record<QuoteStage, string>> = {
  'in-preparation': 'In preparation',
  'awaiting-decision': 'Awaiting your decision',
  revised: 'Revised',
  accepted: 'Accepted',
  declined: 'Declined',
  expired: 'Expired',
  cancelled: 'Cancelled',
  'in-project': 'Project started',
};

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

/**
 * A stage in the words of the key that sees it: a quote awaiting a decision awaits the
 * client's for an internal key, the reader's own for a client key; "mixed" (all accounts,
 * both kinds) names both, so the filter's words hold each row's.
 */
export function stageLabel(stage: QuoteStage, access: KeyAccess | 'mixed'): string {
  if (stage !== 'awaiting-decision' || access === 'client') return STAGE_LABELS[stage];
  return access === 'internal' ? 'Awaiting the client' : 'Awaiting you or the client';
}

/** A quote's status in the inbox's words for this kind of key (an internal key's PENDING is always "In preparation"). */
export function quoteStatusWords(status: QuoteStatus, quoteNumber: string | null, access: KeyAccess): string {
  if (access === 'internal' && status === 'PENDING') return STAGE_LABELS['in-preparation'];
  return stageLabel(stageOf(status, quoteNumber), access);
}

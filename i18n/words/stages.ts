// THE words for where a quote stands (the codes and rules are preload/contract/plain/stages.ts):
// the inbox rows, the quote, notifications, receipts and the CLI all say a status through here,
// so a toast never says "Pending" where the row says "Awaiting your decision". Each word is
// looked up when it is read, so it follows a language switch.
import { m } from '../paraglide/messages.js';
import { stageOf, type QuoteStage } from '../../preload/contract/plain/stages';
import type { KeyAccess, QuoteStatus } from '../../preload/contract/plain/statuses';

/** A stage's words in the current language. */
export function stageWords(stage: QuoteStage): string {
  switch (stage) {
    case 'in-preparation': return m.common_stage_in_preparation();
    case 'awaiting-decision': return m.common_stage_awaiting_decision();
    case 'revised': return m.common_stage_revised();
    case 'accepted': return m.common_stage_accepted();
    case 'declined': return m.common_stage_declined();
    case 'expired': return m.common_stage_expired();
    case 'cancelled': return m.common_stage_cancelled();
    case 'in-project': return m.common_stage_in_project();
  }
}

/** The stages' words by stage, each read in the language of the moment it is read. */
export const STAGE_LABELS: Readonly<Record<QuoteStage, string>> = {
  get 'in-preparation'() { return stageWords('in-preparation'); },
  get 'awaiting-decision'() { return stageWords('awaiting-decision'); },
  get revised() { return stageWords('revised'); },
  get accepted() { return stageWords('accepted'); },
  get declined() { return stageWords('declined'); },
  get expired() { return stageWords('expired'); },
  get cancelled() { return stageWords('cancelled'); },
  get 'in-project'() { return stageWords('in-project'); },
};

/**
 * A stage in the words of the key that sees it: a quote awaiting a decision awaits the
 * client's for an internal key, the reader's own for a client key; "mixed" (all accounts,
 * both kinds) names both, so the filter's words hold each row's.
 */
export function stageLabel(stage: QuoteStage, access: KeyAccess | 'mixed'): string {
  if (stage !== 'awaiting-decision' || access === 'client') return stageWords(stage);
  return access === 'internal' ? m.common_stage_awaiting_client() : m.common_stage_awaiting_anyone();
}

/** A quote's status in the inbox's words for this kind of key (an internal key's PENDING is always "In preparation"). */
export function quoteStatusWords(status: QuoteStatus, quoteNumber: string | null, access: KeyAccess): string {
  if (access === 'internal' && status === 'PENDING') return stageWords('in-preparation');
  return stageLabel(stageOf(status, quoteNumber), access);
}

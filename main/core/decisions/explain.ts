// What a refusal or an unknown outcome means, in the words an account manager uses, in main's
// locale at the moment it is said.
import type { Decision } from '../../../preload/contract/bridge/decisions';
import type { KeyAccess, QuoteDetails } from '../../../preload/contract';
import { statusLabel } from '../../../i18n/words/statuses';
import { m } from '../../../i18n/paraglide/messages.js';
import { inPreparation } from '../quotes/decidability';

/**
 * Why the service does not allow deciding this quote, from the quote as re-read. It takes a
 * decision only on stored SENT or REVISED: a refused quote that still looks decidable is one the
 * vendor has not released (a client key cannot see that), and asking again cannot change it.
 */
export function explainRefusal(quote: QuoteDetails | null, access: KeyAccess): string {
  if (!quote) return m.main_decide_refused_unreadable();
  const status = statusLabel(quote, access);
  switch (quote.status) {
    case 'ACCEPTED':
    case 'CHANGED_TO_PROJECT':
    case 'REJECTED':
      return m.main_decide_refused_decided_elsewhere({ status });
    case 'PENDING':
      // A client's PENDING with a number was sent: the vendor holds it back; without one it is being prepared.
      return access === 'client' && quote.quoteNumber !== null ? m.main_decide_refused_not_released() : inPreparation();
    case 'SENT_PENDING':
    case 'SENT_REVISED':
      return m.main_decide_refused_not_released();
    case 'REVISED':
      if (access === 'client') return m.main_decide_refused_not_released();
      return m.main_decide_refused_no_reason({ status });
    case 'EXPIRED':
      return m.main_decide_refused_expired();
    case 'CANCELLED':
      return m.main_decide_refused_cancelled();
    default:
      // The service refused a quote whose stored status it should take: no reason is known, so none is made up.
      return m.main_decide_refused_no_reason({ status });
  }
}

/** What a check after an unknown outcome found. */
export function explainCheck(quote: QuoteDetails, decision: Decision, access: KeyAccess): string {
  const applied = decision === 'accept' ? ['ACCEPTED', 'CHANGED_TO_PROJECT'] : ['REJECTED'];
  if (applied.includes(quote.status)) return decision === 'accept' ? m.main_decide_check_accepted() : m.main_decide_check_declined();
  const status = statusLabel(quote, access);
  return decision === 'accept' ? m.main_decide_check_not_accepted({ status }) : m.main_decide_check_not_declined({ status });
}

export function doneMessage(decision: Decision, via: 'response' | 'confirmed-after-uncertainty'): string {
  if (via === 'response') return decision === 'accept' ? m.main_decide_done_accepted() : m.main_decide_done_declined();
  return decision === 'accept' ? m.main_decide_done_accepted_after_loss() : m.main_decide_done_declined_after_loss();
}

export function changedMessage(): string {
  return m.main_decide_changed();
}

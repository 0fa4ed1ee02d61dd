// What a refusal or an unknown outcome means, in the words an account manager uses.
import type { Decision } from '../../../preload/contract/bridge/decisions';
import type { KeyAccess, QuoteDetails } from '../../../preload/contract';
import { statusLabel } from '../../../i18n/words/statuses';
import { IN_PREPARATION, NOT_RELEASED } from '../quotes/decidability';

const PAST: Record<Decision, string> = { accept: 'accepted', decline: 'declined' };

/**
 * Why the service does not allow deciding this quote, from the quote as re-read. It takes a
 * decision only on stored SENT or REVISED: a refused quote that still looks decidable is one the
 * vendor has not released (a client key cannot see that), and asking again cannot change it.
 */
export function explainRefusal(quote: QuoteDetails | null, access: KeyAccess): string {
  if (!quote) return 'The service refused the decision, and the quote could not be re-read to say why. Refresh the quote to see where it stands.';
  const label = statusLabel(quote, access);
  switch (quote.status) {
    case 'ACCEPTED':
    case 'CHANGED_TO_PROJECT':
    case 'REJECTED':
      return `This quote is now ${label}: it was decided elsewhere.`;
    case 'PENDING':
      // A client's PENDING with a number was sent: the vendor holds it back; without one it is being prepared.
      return access === 'client' && quote.quoteNumber !== null ? `${NOT_RELEASED} Nothing was changed.` : IN_PREPARATION;
    case 'SENT_PENDING':
    case 'SENT_REVISED':
      return `${NOT_RELEASED} Nothing was changed.`;
    case 'REVISED':
      if (access === 'client') return `${NOT_RELEASED} Nothing was changed.`;
      return refusedAnyway(label);
    case 'EXPIRED':
      return 'This quote has expired: it can no longer be accepted or declined.';
    case 'CANCELLED':
      return 'This quote was cancelled: it can no longer be accepted or declined.';
    default:
      return refusedAnyway(label);
  }
}

/** The service refused a quote whose stored status it should take: no reason is known, so none is made up. */
function refusedAnyway(label: string): string {
  return `The service refused the decision although the quote shows ${label}, and nothing was changed. The quote's project manager can tell why.`;
}

/** What a check after an unknown outcome found. */
export function explainCheck(quote: QuoteDetails, decision: Decision, access: KeyAccess): string {
  const applied = decision === 'accept' ? ['ACCEPTED', 'CHANGED_TO_PROJECT'] : ['REJECTED'];
  if (applied.includes(quote.status)) return `The quote shows it was ${PAST[decision]}.`;
  return `The quote still shows ${statusLabel(quote, access)}: it was not ${PAST[decision]}. You can decide again.`;
}

export function doneMessage(decision: Decision, via: 'response' | 'confirmed-after-uncertainty'): string {
  return via === 'response'
    ? `The quote was ${PAST[decision]}.`
    : `The answer was lost, but the quote shows it was ${PAST[decision]}.`;
}

export function changedMessage(): string {
  return 'The quote changed since you opened it, so nothing was sent. Review the new version, then decide again.';
}

// What a refusal or an unknown outcome means, in the words an account manager uses.
import type { Decision } from '../../../preload/contract/bridge/decisions';
import type { KeyAccess, QuoteDetails } from '../../../preload/contract';
import { statusLabel } from '../../../preload/contract/plain/statuses';

const PAST: Record<Decision, string> = { accept: 'accepted', decline: 'declined' };

/** Why the service does not allow deciding this quote, from the quote as re-read. */
export function explainRefusal(quote: QuoteDetails | null, access: KeyAccess): string {
  if (!quote) return 'The service refused the decision, and the quote could not be re-read to say why. Refresh the quote and try again.';
  const label = statusLabel(quote, access);
  switch (quote.status) {
    case 'ACCEPTED':
    case 'CHANGED_TO_PROJECT':
    case 'REJECTED':
      return `This quote is now ${label}: it was decided elsewhere.`;
    case 'PENDING':
    case 'SENT_PENDING':
      return 'The service does not allow deciding this quote yet: it is still being prepared.';
    case 'EXPIRED':
      return 'This quote has expired: it can no longer be accepted or declined.';
    case 'CANCELLED':
      return 'This quote was cancelled: it can no longer be accepted or declined.';
    default:
      return `The service refused the decision although the quote still shows ${label}. Try again in a moment; if it keeps refusing, contact the quote's project manager.`;
  }
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

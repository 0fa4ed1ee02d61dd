// The CLI's side of the app's "wrong key kind" check: the same detection the account form's
// connection test runs (judgeAccess in main/core/accounts), applied to the quotes a command
// has already read, so it costs no request. Only the direction that is proof is said: a key
// that sees a stored-only status (SENT...) or several companies is an internal key, whereas
// a filtered page of one company's quotes proves nothing about an internal key.
import { judgeAccess } from '../core/accounts';
import type { KeyAccess, QuoteDetails, QuoteListItem } from '../../preload/contract';
import { KEY_ACCESS_IN_SENTENCE, KEY_ACCESS_LABELS } from '../../i18n/words/statuses';

type Seen = Pick<QuoteListItem, 'status' | 'companyId'>;

/** What one quote's details say for the check: its status and its company. */
export function seenInDetails(quote: QuoteDetails): Seen {
  return { status: quote.status, companyId: quote.company.id };
}

/**
 * The warning for a client-configured key that is really internal, or null. The app says
 * "Set Key kind to Internal (admin) key"; here the setting is --access.
 */
export function keyKindWarning(configured: KeyAccess, seen: readonly Seen[]): string | null {
  if (configured !== 'client') return null;
  const verdict = judgeAccess(configured, seen as QuoteListItem[], 0);
  if (verdict.diagnosis !== 'wrong-key-kind' || verdict.detectedAccess !== 'internal') return null;
  return (
    `warning: this key sees quotes as only ${KEY_ACCESS_IN_SENTENCE.internal} does, but --access is client (the default), ` +
    `so statuses below are in a client's words (a sent quote reads "Awaiting your decision"). ` +
    `Switch to ${KEY_ACCESS_LABELS.internal}: run again with --access internal.\n`
  );
}

import type { KeyAccess, QuoteStatus } from '../../../../preload/contract';
import type { InboxSourceRow } from '../../database/types';

/** Whether a quote in this stored status waits for the account manager's client. */
export function needsAction(access: KeyAccess, status: QuoteStatus, quoteNumber: string | null): boolean {
  if (access === 'client') return (status === 'PENDING' && quoteNumber !== null) || status === 'REVISED';
  return status === 'SENT' || status === 'SENT_PENDING' || status === 'REVISED' || status === 'SENT_REVISED';
}

/** One stage per status for the whole app: the words the inbox, the quote and notifications use. */
export { stageOf } from '../../../../preload/contract/plain/stages';

/**
 * Lower case without accents; the control characters below the line break become spaces,
 * so text never holds the separator the search blocks put between quotes.
 */
export function foldForSearch(text: string): string {
  // Most text is ASCII: skip the (costly) decomposition when there is nothing to fold.
  const lower = text.toLowerCase();
  const folded = /[^\u0000-\u007f]/.test(lower) ? lower.normalize('NFD').replace(/[\u0300-\u036f]/g, '') : lower;
  return /[\u0000-\u0009]/.test(folded) ? folded.replace(/[\u0000-\u0009]/g, ' ') : folded;
}

/** The searched fields folded, one per line (no search word holds a line break). */
export function searchTextOf(row: InboxSourceRow): string {
  return foldForSearch(`${row.projectName ?? ''}\n${row.quoteNumber ?? ''}\n${row.companyName ?? ''}\n${row.referenceNumber ?? ''}`);
}

/** Whether two rows' searched fields differ. */
export function searchedFieldsDiffer(a: InboxSourceRow, b: InboxSourceRow): boolean {
  return a.projectName !== b.projectName || a.quoteNumber !== b.quoteNumber || a.companyName !== b.companyName || a.referenceNumber !== b.referenceNumber;
}

/** The words of a search, folded, each at most once, longest first (the rarest to scan for). */
export function searchWords(search: string | undefined): string[] {
  if (!search) return [];
  const words = [...new Set(foldForSearch(search).split(/\s+/).filter(Boolean))];
  // A word inside another adds nothing: "acme" and "acme corp" match the same as "acme corp".
  const kept = words.filter((word, index) => !words.some((other, at) => at !== index && other.length > word.length && other.includes(word)));
  return kept.sort((a, b) => b.length - a.length || (a < b ? -1 : 1));
}

/** Whether every quote matching `words` also matches `previous`: then a search for `words` may filter the previous result. */
export function narrows(words: readonly string[], previous: readonly string[]): boolean {
  return previous.every((old) => words.some((word) => word.includes(old)));
}

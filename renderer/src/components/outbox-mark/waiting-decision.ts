import type { OutboxEntry } from '../../../../preload/contract/bridge/decisions';

/**
 * The decision on this quote still in the outbox, if any. Matched by the quote alone: a quote
 * seen by several accounts of one service is decided through any of them, and its row names
 * only one.
 */
export function waitingDecision(entries: readonly OutboxEntry[], quoteId: string): OutboxEntry | null {
  return entries.find((entry) => entry.quoteId === quoteId) ?? null;
}

/** What the row and the pane say of a decision not sent yet; null for one being sent. */
export const NOT_SENT_WORDS: Record<OutboxEntry['state'], { short: string; full: string } | null> = {
  undo: { short: 'Not sent yet', full: 'Not sent yet: it can still be undone' },
  waiting: { short: 'Will be sent', full: 'Will be sent when Quotedesk can reach the service' },
  held: { short: 'Not sent', full: 'Not sent: the quote changed, decide again' },
  sending: null,
};

export function decisionWord(entry: OutboxEntry): string {
  return entry.decision === 'accept' ? 'Accept' : 'Decline';
}

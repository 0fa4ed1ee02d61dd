import type { OutboxEntry } from '../../../../preload/contract/bridge/decisions';
import { m } from '../../../../i18n/paraglide/messages.js';

/**
 * The decision on this quote still in the outbox, if any. Matched by the quote alone: a quote
 * seen by several accounts of one service is decided through any of them, and its row names
 * only one.
 */
export function waitingDecision(entries: readonly OutboxEntry[], quoteId: string): OutboxEntry | null {
  return entries.find((entry) => entry.quoteId === quoteId) ?? null;
}

/** What the row and the pane say of a decision not sent yet; null for one being sent. */
export function notSentWords(state: OutboxEntry['state']): { short: string; full: string } | null {
  switch (state) {
    case 'undo': return { short: m.inbox_not_sent_yet(), full: m.inbox_not_sent_yet_full() };
    case 'waiting': return { short: m.inbox_will_be_sent(), full: m.inbox_will_be_sent_full() };
    case 'held': return { short: m.inbox_not_sent(), full: m.inbox_not_sent_full() };
    case 'sending': return null;
  }
}

export function decisionWord(entry: OutboxEntry): string {
  return entry.decision === 'accept' ? m.inbox_decision_accept() : m.inbox_decision_decline();
}

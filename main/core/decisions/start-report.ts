// What the person is told of a decision the last run left in the outbox (quit or crashed in
// its undo window, or closed while the service could not be reached) once it ends in this
// run: a code and its inputs, never words, so Activity and the notification word it in the
// language they speak when they show it (i18n/words/start-reports.ts).
import type { DecisionResult, OutboxEntry, StartReport } from '../../../preload/contract/bridge/decisions';

/** How a decision of the last run ended: the service's answer, or held before sending (the error's words). */
export type StartEnding = { result: DecisionResult } | { heldBecause: string };

/**
 * The report, or null while it has not ended (still waiting for the service). `waited`: it
 * could not be sent at start and went out later, when the service answered again.
 */
export function reportAtStart(entry: OutboxEntry, ending: StartEnding, at: number, waited: boolean): StartReport | null {
  const base = { entryId: entry.id, accountId: entry.accountId, accountName: entry.accountName, quoteId: entry.quoteId, quoteNumber: entry.quoteNumber, decision: entry.decision, waited, at: new Date(at).toISOString() };
  if ('heldBecause' in ending) return { ...base, outcome: 'held', detail: ending.heldBecause };
  const { result } = ending;
  switch (result.outcome) {
    case 'waiting':
      return null;
    case 'done':
      return { ...base, outcome: 'sent', detail: null };
    case 'unknown':
      return { ...base, outcome: 'unknown', detail: result.message };
    case 'refused':
      // With a receipt the POST went out and the service said no; without one the re-read stopped it.
      return { ...base, outcome: result.receipt ? 'refused' : 'held', detail: result.message };
    case 'changed':
      return { ...base, outcome: 'held', detail: result.message };
  }
}

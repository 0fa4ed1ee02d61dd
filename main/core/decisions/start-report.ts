// What the person is told of a decision the last run left in the outbox (quit or crashed in
// its undo window, or closed while the service could not be reached) once it ends in this
// run: one line for the Activity list and the notification, and why when it was not sent.
import type { DecisionResult, OutboxEntry, StartReport } from '../../../preload/contract/bridge/decisions';

const LEFT = 'left waiting when Quotedesk closed';
const VERB = { accept: 'Accept', decline: 'Decline' } as const;

/** How a decision of the last run ended: the service's answer, or held before sending (the error's words). */
export type StartEnding = { result: DecisionResult } | { heldBecause: string };

/**
 * The report, or null while it has not ended (still waiting for the service). `waited`: it
 * could not be sent at start and went out later, when the service answered again.
 */
export function reportAtStart(entry: OutboxEntry, ending: StartEnding, at: number, waited: boolean): StartReport | null {
  const what = `${VERB[entry.decision]} of ${entry.quoteNumber ?? 'a quote'}`;
  const base = { entryId: entry.id, accountId: entry.accountId, accountName: entry.accountName, quoteId: entry.quoteId, quoteNumber: entry.quoteNumber, decision: entry.decision, at: new Date(at).toISOString() };
  if ('heldBecause' in ending) return { ...base, outcome: 'not-sent', summary: `Not sent at start: ${what} (${LEFT})`, detail: ending.heldBecause };
  const { result } = ending;
  switch (result.outcome) {
    case 'waiting':
      return null;
    case 'done':
      return { ...base, outcome: 'sent', summary: `${waited ? 'Sent once the service answered' : 'Sent at start'}: ${what} (${LEFT})`, detail: null };
    case 'unknown':
      return { ...base, outcome: 'unknown', summary: `Sent at start, answer lost: ${what} (${LEFT})`, detail: result.message };
    case 'refused':
      // With a receipt the POST went out and the service said no; without one the re-read stopped it.
      if (result.receipt) return { ...base, outcome: 'not-sent', summary: `Refused by the service at start: ${what} (${LEFT})`, detail: result.message };
      return { ...base, outcome: 'not-sent', summary: `Not sent at start: ${what} (${LEFT})`, detail: result.message };
    case 'changed':
      return { ...base, outcome: 'not-sent', summary: `Not sent at start: ${what} (${LEFT})`, detail: result.message };
  }
}

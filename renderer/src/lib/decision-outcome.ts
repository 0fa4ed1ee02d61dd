import type { CheckAgainResult, DecisionResult } from '../../../preload/contract/bridge/decisions';
import type { Result } from '../../../preload/contract/bridge/errors';

/**
 * How a decision ended, as the dialogs show it: the bridge's DecisionResult (its outcome and
 * message, and the re-read status), or a failure that sent nothing or could not tell.
 */
export type DecisionOutcome =
  | { outcome: Exclude<DecisionResult['outcome'], 'waiting'>; message: string; status?: string | null }
  /** In the outbox: in its undo window, or waiting for the service (main's entry id, to follow and undo it). */
  | { outcome: 'waiting'; message: string; entryId: string; status?: string | null }
  /** Taken back in its undo window: nothing was sent. */
  | { outcome: 'undone'; message: string }
  | { outcome: 'error'; message: string; retryable: boolean };

export interface CheckAgainOutcome {
  message: string;
  /** True when the quote can be decided now. */
  canDecide: boolean;
}

/** The decline reason limit of the spec (the contract's DECLINE_REASON_MAX; the renderer cannot import its value). */
export const DECLINE_REASON_MAX = 1000;

/** What the dialogs show for the bridge's answer to decisions.accept / decisions.decline. */
export function toDecisionOutcome(result: Result<DecisionResult>): DecisionOutcome {
  if (!result.ok) return { outcome: 'error', message: result.error.message, retryable: result.error.retryable };
  const { value } = result;
  if (value.outcome === 'waiting') return { outcome: 'waiting', message: value.message, entryId: value.entry.id, status: value.quote?.status ?? null };
  return { outcome: value.outcome, message: value.message, status: value.quote?.status ?? null };
}

/** The bridge's answer to decisions.checkAgain; a failure rejects, and the dialog keeps its result and says so. */
export function toCheckAgainOutcome(result: Result<CheckAgainResult>): CheckAgainOutcome {
  if (!result.ok) throw new Error(result.error.message);
  return { message: result.value.message, canDecide: result.value.canDecide };
}

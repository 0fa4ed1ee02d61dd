import type { CheckAgainResult, DecisionResult } from '../../../preload/contract/bridge/decisions';
import type { Result } from '../../../preload/contract/bridge/errors';

/**
 * How a decision ended, as the dialogs show it: the bridge's DecisionResult (its outcome and
 * message, and the re-read status), or a failure that sent nothing or could not tell.
 */
export type DecisionOutcome =
  | { outcome: DecisionResult['outcome']; message: string; status?: string | null }
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
  const { outcome, message, quote } = result.value;
  return { outcome, message, status: quote?.status ?? null };
}

/** The bridge's answer to decisions.checkAgain; a failure rejects, and the dialog keeps its result and says so. */
export function toCheckAgainOutcome(result: Result<CheckAgainResult>): CheckAgainOutcome {
  if (!result.ok) throw new Error(result.error.message);
  return { message: result.value.message, canDecide: result.value.canDecide };
}

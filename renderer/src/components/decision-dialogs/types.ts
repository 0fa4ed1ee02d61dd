import type { DecisionResult } from '../../../../preload/contract/bridge/decisions';

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

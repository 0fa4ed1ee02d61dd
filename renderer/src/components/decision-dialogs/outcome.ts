import type { CheckAgainResult, DecisionResult } from '../../../../preload/contract/bridge/decisions';
import type { Result } from '../../../../preload/contract/bridge/errors';
import type { CheckAgainOutcome, DecisionOutcome } from './types';

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

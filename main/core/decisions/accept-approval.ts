// The port through which a feature above decisions holds back an accept: the team's approval
// policy (main/core/team/accept-approval.ts) fills it. Declared here, downward, because team
// sits above decisions in the core's order; decisions only asks and never knows of teams.
import type { QuoteDetails } from '../../../preload/contract';
import { AppError } from '../errors';

export interface AcceptApproval {
  /**
   * Why this account's quote may not be accepted as it now stands, in words for a person that
   * say what to do; null when it may. Asked on the freshest copy a decision reads.
   */
  refusal(accountId: string, quote: QuoteDetails): Promise<string | null>;
}

/** An accept refused before anything was sent: the quote, as it stands, needs an approval first. */
export class ApprovalNeededError extends AppError {
  constructor(message: string, options?: { retryable?: boolean }) {
    super('invalid-state', message, options);
    this.name = 'ApprovalNeededError';
  }
}

/** Throws ApprovalNeededError when the port refuses; no port (no team) refuses nothing. */
export async function requireAcceptApproval(approval: AcceptApproval | undefined, accountId: string, quote: QuoteDetails): Promise<void> {
  const refusal = await approval?.refusal(accountId, quote);
  if (refusal) throw new ApprovalNeededError(refusal);
}

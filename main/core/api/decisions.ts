import type { QuoteDecisionResult, QuoteDetails, QuoteStatus } from '../../../preload/contract';
import type { Logger } from '../ports';
import { certainlyNotSent, NetworkError, OutcomeUnknownError, TimeoutError } from './errors';
import type { DecisionOutcome } from './types';

export type Decision = 'accept' | 'decline';

/** The statuses that show a decision took effect. */
const EFFECT: Record<Decision, readonly QuoteStatus[]> = {
  accept: ['CHANGED_TO_PROJECT', 'ACCEPTED'],
  decline: ['REJECTED'],
};
const PAST: Record<Decision, string> = { accept: 'accepted', decline: 'declined' };

export interface DecisionSteps {
  /** The POST, sent exactly once. */
  send: () => Promise<QuoteDecisionResult>;
  /** A fresh read of the quote (retried as reads are). */
  reread: () => Promise<QuoteDetails>;
  logger: Logger;
}

/**
 * Accept or decline without blind retries. When the answer is lost after the request may
 * have reached the service, the quote is re-read: if it shows the decision, that is the
 * outcome; if it does not, the decision was not applied; if it cannot be read, the outcome
 * is unknown and the error says so.
 */
export async function decide(decision: Decision, quoteId: string, steps: DecisionSteps): Promise<DecisionOutcome> {
  try {
    return { result: await steps.send(), via: 'response' };
  } catch (error) {
    if (!(error instanceof NetworkError || error instanceof TimeoutError)) throw error;
    const details = { endpoint: error.endpoint, cause: error };
    if (certainlyNotSent(error)) {
      throw rebuild(error, `Could not reach the service, so the quote was not ${PAST[decision]}`);
    }
    steps.logger.warn('decision answer lost; re-reading the quote', { decision, quoteId, code: error.code });
    let quote: QuoteDetails;
    try {
      quote = await steps.reread();
    } catch (rereadError) {
      throw new OutcomeUnknownError(
        { ...details, cause: rereadError },
        `The ${decision} request was interrupted and the quote could not be re-read: whether it was ${PAST[decision]} is unknown. Check the quote before trying again`,
      );
    }
    if (EFFECT[decision].includes(quote.status)) {
      return {
        result: { id: quote.id, status: quote.status, message: `The answer was lost, but the quote shows it was ${PAST[decision]}.` },
        via: 'confirmed-after-uncertainty',
      };
    }
    throw rebuild(error, `The ${decision} request was interrupted and the quote is still ${quote.status}: it was not ${PAST[decision]}`);
  }
}

function rebuild(original: NetworkError | TimeoutError, summary: string): NetworkError | TimeoutError {
  const details = { endpoint: original.endpoint, cause: original };
  return original instanceof TimeoutError
    ? new TimeoutError(details, summary, original.phase)
    : new NetworkError(details, summary, original.reason);
}

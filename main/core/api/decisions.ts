import { QuoteDecisionResponse, QuoteDetails } from '../../../preload/contract';
import type { QuoteStatus } from '../../../preload/contract';
import type { Clock, Logger } from '../ports';
import { apiErrorLogFields, certainlyNotSent, NetworkError, OutcomeUnknownError, SchemaError, TimeoutError } from './errors';
import type { HttpResponse } from './transport';
import type { DecisionAnswer, DecisionOutcome } from './types';
import { parseJson, parseValue } from './validate';
import { m } from '../../../i18n/paraglide/messages.js';

export type Decision = 'accept' | 'decline';

/** The statuses that show a decision took effect. */
const EFFECT: Record<Decision, readonly QuoteStatus[]> = {
  accept: ['CHANGED_TO_PROJECT', 'ACCEPTED'],
  decline: ['REJECTED'],
};

// What a person reads about a decision whose answer went astray, per decision: functions, said
// when it happens, so they follow main's (or the CLI's) language.
const WORDS = {
  accept: {
    notSent: () => m.core_decision_not_sent_accept(),
    rereadFailed: (unreadable: boolean) => (unreadable ? m.core_decision_reread_failed_unreadable_accept() : m.core_decision_reread_failed_interrupted_accept()),
    confirmed: (unreadable: boolean) => (unreadable ? m.core_decision_confirmed_unreadable_accept() : m.core_decision_confirmed_lost_accept()),
    unknownUnreadable: (status: string) => m.core_decision_unknown_unreadable_accept({ status }),
    unknown: (timedOut: boolean, status: string) =>
      timedOut ? m.core_decision_unknown_timed_out_accept({ status }) : m.core_decision_unknown_interrupted_accept({ status }),
  },
  decline: {
    notSent: () => m.core_decision_not_sent_decline(),
    rereadFailed: (unreadable: boolean) => (unreadable ? m.core_decision_reread_failed_unreadable_decline() : m.core_decision_reread_failed_interrupted_decline()),
    confirmed: (unreadable: boolean) => (unreadable ? m.core_decision_confirmed_unreadable_decline() : m.core_decision_confirmed_lost_decline()),
    unknownUnreadable: (status: string) => m.core_decision_unknown_unreadable_decline({ status }),
    unknown: (timedOut: boolean, status: string) =>
      timedOut ? m.core_decision_unknown_timed_out_decline({ status }) : m.core_decision_unknown_interrupted_decline({ status }),
  },
} satisfies Record<Decision, unknown>;

/**
 * The waits before each re-read after a lost answer. The service may still be working on
 * the request when the answer is lost, so one immediate read proves nothing; a few reads
 * spread over about seven seconds give a request in flight time to land.
 */
export const REREAD_DELAYS_MS: readonly number[] = [1_000, 2_000, 4_000];

/**
 * After an answer that arrived but could not be read (not JSON, not the interface's shape),
 * the service has finished with the request, so the first re-read goes at once; two later
 * ones cover a service whose reads lag its writes.
 */
export const UNREADABLE_REREAD_DELAYS_MS: readonly number[] = [0, 1_000, 2_000];

export interface DecisionSteps {
  /** The POST, sent exactly once; its answer read by readDecisionAnswer. */
  send: () => Promise<DecisionAnswer>;
  /** A fresh read of the quote (retried as reads are). */
  reread: () => Promise<QuoteDetails>;
  clock: Clock;
  logger: Logger;
}

/**
 * Accept or decline without blind retries. When the answer is lost after the request may
 * have reached the service, the quote is re-read a few times: if it shows the decision,
 * that is the outcome; if it still does not, or cannot be read, the outcome is unknown and
 * the error says so. This holds for timeouts and for broken connections alike: a proxy
 * that drops the connection does not stop the service behind it from applying the
 * request, so an unchanged quote is never taken as proof that the decision was not made.
 * Only a request that certainly never left is reported as not applied.
 */
export async function decide(decision: Decision, quoteId: string, steps: DecisionSteps): Promise<DecisionOutcome> {
  try {
    const { result, quote } = await steps.send();
    return quote ? { result, via: 'response', quote } : { result, via: 'response' };
  } catch (error) {
    // A 2xx whose body is broken or off the interface: the decision may well have been made,
    // so the quote, not the answer, says what happened.
    if (error instanceof SchemaError) {
      steps.logger.warn('decision answer unreadable; re-reading the quote', { decision, quoteId, ...apiErrorLogFields(error) });
      return confirmByRereading(decision, error, steps);
    }
    if (!(error instanceof NetworkError || error instanceof TimeoutError)) throw error;
    if (certainlyNotSent(error)) {
      throw rebuild(error, WORDS[decision].notSent());
    }
    steps.logger.warn('decision answer lost; re-reading the quote', { decision, quoteId, code: error.code });
    return confirmByRereading(decision, error, steps);
  }
}

async function confirmByRereading(decision: Decision, lost: NetworkError | TimeoutError | SchemaError, steps: DecisionSteps): Promise<DecisionOutcome> {
  const unreadable = lost instanceof SchemaError;
  let status: QuoteStatus | null = null;
  for (const delay of unreadable ? UNREADABLE_REREAD_DELAYS_MS : REREAD_DELAYS_MS) {
    await steps.clock.sleep(delay);
    let quote: QuoteDetails;
    try {
      quote = await steps.reread();
    } catch (rereadError) {
      throw new OutcomeUnknownError(
        { endpoint: lost.endpoint, cause: rereadError },
        WORDS[decision].rereadFailed(unreadable),
      );
    }
    if (EFFECT[decision].includes(quote.status)) {
      return {
        // The read that settled it is the quote as it now stands: nobody needs to read it again.
        quote,
        result: {
          id: quote.id,
          status: quote.status,
          message: WORDS[decision].confirmed(unreadable),
        },
        via: 'confirmed-after-uncertainty',
      };
    }
    status = quote.status;
  }
  if (unreadable) {
    throw new OutcomeUnknownError(
      { endpoint: lost.endpoint, cause: lost },
      WORDS[decision].unknownUnreadable(String(status)),
    );
  }
  throw new OutcomeUnknownError(
    { endpoint: lost.endpoint, cause: lost },
    WORDS[decision].unknown(lost instanceof TimeoutError, String(status)),
  );
}

function rebuild(original: NetworkError | TimeoutError, summary: string): NetworkError | TimeoutError {
  const details = { endpoint: original.endpoint, cause: original };
  return original instanceof TimeoutError
    ? new TimeoutError(details, summary, original.phase)
    : new NetworkError(details, summary, original.reason);
}

/**
 * The answer to an accept or decline. The spec gives `data` as {id, status, message}; some
 * services put the decided quote in the answer too, either as `data` itself (the quote with a
 * message) or under `data.quote`. The quote is taken only when it is a whole quote that agrees
 * with the answer (same id, same status): otherwise the caller reads it once, as before.
 */
export function readDecisionAnswer(response: HttpResponse): DecisionAnswer {
  const body = parseJson(response);
  const result = parseValue(body, QuoteDecisionResponse, response.endpoint).data;
  const data = (body as { data: Record<string, unknown> }).data;
  for (const candidate of [data.quote, data]) {
    const quote = QuoteDetails.safeParse(candidate);
    if (quote.success && quote.data.id === result.id && quote.data.status === result.status) return { result, quote: quote.data };
  }
  return { result, quote: null };
}

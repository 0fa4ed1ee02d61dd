import type { Clock, Logger } from '../ports';
import { ApiError, apiErrorLogFields } from './errors';

/**
 * How reads (and token requests) are retried. Writes (accept, decline, webhook changes)
 * never go through here.
 */
export interface RetryPolicy {
  /** Including the first attempt. */
  maxAttempts: number;
  baseDelayMs: number;
  maxDelayMs: number;
  /** A Retry-After longer than this is not waited out: the error goes back to the caller. */
  maxRetryAfterMs: number;
  /** In [0, 1); injectable so tests can pin the jitter. */
  random: () => number;
}

export const DEFAULT_RETRY_POLICY: RetryPolicy = {
  maxAttempts: 4,
  baseDelayMs: 500,
  maxDelayMs: 8_000,
  maxRetryAfterMs: 60_000,
  random: Math.random,
};

/** Retry-After as milliseconds from now: delta-seconds or an HTTP date; null when absent or unreadable. */
export function parseRetryAfter(header: string | string[] | undefined, nowMs: number): number | null {
  const value = (Array.isArray(header) ? header[0] : header)?.trim();
  if (!value) return null;
  if (/^\d+$/.test(value)) return Number(value) * 1000;
  const at = Date.parse(value);
  if (Number.isNaN(at)) return null;
  return Math.max(0, at - nowMs);
}

/** Exponential backoff with "equal jitter": half fixed, half random, so retries spread out. */
export function backoffDelay(attempt: number, policy: RetryPolicy): number {
  const ceiling = Math.min(policy.maxDelayMs, policy.baseDelayMs * 2 ** (attempt - 1));
  return Math.round(ceiling / 2 + policy.random() * (ceiling / 2));
}

export interface RetryContext {
  clock: Clock;
  policy: RetryPolicy;
  logger: Logger;
  signal?: AbortSignal;
}

/**
 * Runs a read, retrying network errors, timeouts, 429 and 5xx. A Retry-After is honoured
 * exactly; sleeps go through the Clock so tests run on fake time.
 */
export async function withRetries<T>(attempt: () => Promise<T>, context: RetryContext): Promise<T> {
  try {
    return await attempt();
  } catch (error) {
    return retryAfterFailure(attempt, context, error);
  }
}

/**
 * The rest of withRetries once the first attempt has failed with `error`. The client's
 * reads make their first attempt themselves, so a read that succeeds at once (nearly all
 * of them) builds no closure or context for the retry layer.
 */
export async function retryAfterFailure<T>(attempt: () => Promise<T>, context: RetryContext, error: unknown): Promise<T> {
  const { clock, policy, logger, signal } = context;
  let failure = error;
  for (let attemptNumber = 1; ; attemptNumber++) {
    if (!(failure instanceof ApiError) || !failure.retryable || attemptNumber >= policy.maxAttempts) throw failure;
    const delay = failure.retryAfterMs ?? backoffDelay(attemptNumber, policy);
    if (delay > policy.maxRetryAfterMs) throw failure;
    logger.warn('retrying a read', {
      ...apiErrorLogFields(failure),
      attempt: attemptNumber,
      delayMs: delay,
    });
    await clock.sleep(delay, signal);
    try {
      return await attempt();
    } catch (next) {
      failure = next;
    }
  }
}

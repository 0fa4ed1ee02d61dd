import type { BridgeErrorCode } from '../../../preload/contract';
import { AppError } from '../errors';
import { globalRedactor } from '../log/redact';
import { ApiError, UNEXPECTED_ANSWER } from './errors';
import { translateFailure } from './transport';

/** A failure in words a person can act on: never HTTP text, a stack or a body. */
export interface DescribedError {
  code: BridgeErrorCode;
  /** A few words for a heading or a toast title. */
  title: string;
  /** One or two sentences: what happened and what to do. */
  message: string;
  retryable: boolean;
  /** When the service said it may be asked again (ms since the epoch), if it said. */
  retryAt?: number;
}

const TITLES: Record<BridgeErrorCode, string> = {
  'unknown-method': 'Something went wrong',
  'invalid-input': 'Check what was entered',
  'invalid-output': 'Something went wrong',
  internal: 'Something went wrong',
  'account-not-found': 'Account not found',
  'needs-credentials': 'New credentials needed',
  authentication: 'Credentials refused',
  forbidden: 'Not allowed',
  'not-found': 'Not found',
  'invalid-state': 'No longer possible',
  validation: 'Request refused',
  'rate-limited': 'Service busy',
  server: 'Service problem',
  network: 'Cannot reach the service',
  timeout: 'No answer in time',
  schema: 'Unexpected answer',
};

/** For a failure nobody anticipated (a bug): its own text was written for developers, not for this. */
export const UNEXPECTED_FAILURE = 'Something unexpected went wrong. Try again; if it keeps happening, tell support what you were doing.';

/**
 * THE one place that turns any failure into words: the API client's typed errors and the
 * core's AppError keep their messages (written for people, secrets redacted); a raw network
 * failure is classified first; a zod error is a mismatch with the interface; anything else
 * (a bug) gets a general sentence, since its own text was written for developers.
 */
export function describeError(error: unknown): DescribedError {
  const known = error instanceof AppError ? error : translateFailure(error, '(unknown request)');
  if (known instanceof ApiError) {
    return {
      code: known.code,
      title: TITLES[known.code],
      message: known.message,
      retryable: known.retryable,
      ...(known.retryAt !== null ? { retryAt: known.retryAt } : {}),
    };
  }
  if (known instanceof AppError) {
    return { code: known.code, title: TITLES[known.code], message: globalRedactor.string(known.message), retryable: known.retryable };
  }
  if (isZodError(error)) return { code: 'schema', title: TITLES.schema, message: UNEXPECTED_ANSWER, retryable: false };
  if (isDomException(error, 'TimeoutError')) {
    return { code: 'timeout', title: TITLES.timeout, message: 'The service took too long to answer. Try again; if it keeps happening, it may be overloaded.', retryable: true };
  }
  if (isDomException(error, 'AbortError')) {
    return { code: 'internal', title: 'Cancelled', message: 'The request was cancelled before it finished.', retryable: true };
  }
  return { code: 'internal', title: TITLES.internal, message: UNEXPECTED_FAILURE, retryable: false };
}

function isZodError(error: unknown): boolean {
  return error instanceof Error && error.name === 'ZodError' && Array.isArray((error as { issues?: unknown }).issues);
}

function isDomException(error: unknown, name: string): boolean {
  return typeof error === 'object' && error !== null && (error as { name?: unknown }).name === name;
}

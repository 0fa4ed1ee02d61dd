import type { BridgeErrorCode } from '../../../preload/contract';
import { AppError, saidError } from '../errors';
import { globalRedactor } from '../log/redact';
import { ApiError, unexpectedAnswer } from './errors';
import { translateFailure } from './transport';
import { m } from '../../../i18n/paraglide/messages.js';

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
  /** The language `message` is in, when it was said from the catalogue (absent: English). */
  language?: string;
}

// Words are functions, said when a failure is described, so they follow main's language.
const TITLES: Record<BridgeErrorCode, () => string> = {
  'unknown-method': () => m.main_error_title_something_wrong(),
  'invalid-input': () => m.main_error_title_check_input(),
  'invalid-output': () => m.main_error_title_something_wrong(),
  internal: () => m.main_error_title_something_wrong(),
  'account-not-found': () => m.main_error_title_account_not_found(),
  'needs-credentials': () => m.main_error_title_needs_credentials(),
  authentication: () => m.main_error_title_credentials_refused(),
  forbidden: () => m.main_error_title_not_allowed(),
  'not-found': () => m.main_error_title_not_found(),
  'invalid-state': () => m.main_error_title_no_longer_possible(),
  validation: () => m.main_error_title_request_refused(),
  'rate-limited': () => m.main_error_title_service_busy(),
  server: () => m.main_error_title_service_problem(),
  network: () => m.main_error_title_cannot_reach(),
  timeout: () => m.main_error_title_no_answer(),
  schema: () => m.main_error_title_unexpected_answer(),
};

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
      title: TITLES[known.code](),
      message: known.message,
      retryable: known.retryable,
      ...(known.retryAt !== null ? { retryAt: known.retryAt } : {}),
      ...(known.language === undefined ? {} : { language: known.language }),
    };
  }
  if (known instanceof AppError) {
    const language = known.language === undefined ? {} : { language: known.language };
    return { code: known.code, title: TITLES[known.code](), message: globalRedactor.string(known.message), retryable: known.retryable, ...language };
  }
  if (isZodError(error)) return describeError(saidError('schema', unexpectedAnswer()));
  if (isDomException(error, 'TimeoutError')) {
    return describeError(saidError('timeout', m.main_error_timeout(), { retryable: true }));
  }
  if (isDomException(error, 'AbortError')) {
    return { ...describeError(saidError('internal', m.main_error_cancelled(), { retryable: true })), title: m.main_error_title_cancelled() };
  }
  return describeError(saidError('internal', m.main_error_unexpected()));
}

function isZodError(error: unknown): boolean {
  return error instanceof Error && error.name === 'ZodError' && Array.isArray((error as { issues?: unknown }).issues);
}

function isDomException(error: unknown, name: string): boolean {
  return typeof error === 'object' && error !== null && (error as { name?: unknown }).name === name;
}

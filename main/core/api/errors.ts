import type { BridgeErrorCode } from '../../../preload/contract';
import { AppError } from '../errors';
import { m } from '../../../i18n/paraglide/messages.js';
import { getLocale } from '../../../i18n/paraglide/runtime.js';
import { globalRedactor } from '../log/redact';
import { retryWhen } from './retry-when';

// Error bodies have no specified shape. A person sees the service's own message only when
// the body is the embedded service's `{error: {code, message}}` (or a bare `{message}`);
// any other body (text, HTML, other JSON) stays out of the message, and a short, redacted
// excerpt is kept on the error for the log.
const BODY_EXCERPT_MAX = 500;
const SERVICE_MESSAGE_MAX = 200;

export interface ApiErrorDetails {
  /** e.g. "GET /api/public/v1/quotes/…/pdf": method and path, never a query string. */
  endpoint: string;
  status?: number | null;
  bodyText?: string | null;
  retryAfterMs?: number | null;
  /** When the answer arrived (ms since the epoch), to turn Retry-After into a time of day. */
  now?: number;
  cause?: unknown;
}

/**
 * A failure talking to the Quoting Service. `code` is the bridge error code it maps to.
 * Its message is a sentence for a person: what happened and what to do, never HTTP text or
 * a body. The technical facts (endpoint, status, body excerpt) are fields, for the log.
 */
export abstract class ApiError extends AppError {
  readonly status: number | null;
  readonly endpoint: string;
  /** A short, redacted excerpt of the error body, for the log only. */
  readonly bodyText: string | null;
  /** The service's own message, when its error body had one in a known shape. */
  readonly serviceMessage: string | null;
  readonly retryAfterMs: number | null;
  /** When the service said it may be asked again (ms since the epoch); null when it did not say. */
  readonly retryAt: number | null;

  protected constructor(code: BridgeErrorCode, summary: string, details: ApiErrorDetails, retryable: boolean) {
    const bodyText = details.bodyText ? excerpt(details.bodyText) : null;
    const serviceMessage = details.bodyText ? readServiceMessage(details.bodyText) : null;
    const now = details.now ?? Date.now();
    const retryAfterMs = details.retryAfterMs ?? null;
    const retryAt = retryAfterMs === null ? null : now + retryAfterMs;
    const said = serviceMessage ? m.core_api_service_said({ message: serviceMessage }) : null;
    const when = retryable && retryAt !== null ? m.core_api_asked_to_wait({ when: retryWhen(retryAt, now) }) : null;
    // Said in main's language (the CLI's, inside a CLI run): the error names it, as saidError does.
    const language = getLocale();
    super(code, globalRedactor.string(sentences([sentence(summary), said, when], language)), { retryable, cause: details.cause, language });
    this.name = new.target.name;
    this.status = details.status ?? null;
    this.endpoint = details.endpoint;
    this.bodyText = bodyText;
    this.serviceMessage = serviceMessage;
    this.retryAfterMs = retryAfterMs;
    this.retryAt = retryAt;
  }
}

export class AuthenticationError extends ApiError {
  constructor(details: ApiErrorDetails) {
    super('authentication', m.core_api_credentials_refused(), details, false);
  }
}
export class ForbiddenError extends ApiError {
  constructor(details: ApiErrorDetails, summary: string = m.core_api_forbidden()) {
    super('forbidden', summary, details, false);
  }
}
export class NotFoundError extends ApiError {
  constructor(details: ApiErrorDetails, summary: string = m.core_api_no_such_quote()) {
    super('not-found', summary, details, false);
  }
}
export class InvalidStateError extends ApiError {
  constructor(details: ApiErrorDetails, summary: string = m.core_api_invalid_state()) {
    super('invalid-state', summary, details, false);
  }
}
export class ValidationError extends ApiError {
  constructor(details: ApiErrorDetails) {
    super('validation', m.core_api_invalid_request(), details, false);
  }
}
export class RateLimitedError extends ApiError {
  constructor(details: ApiErrorDetails) {
    super('rate-limited', details.retryAfterMs == null ? m.core_api_rate_limited_wait_minute() : m.core_api_rate_limited(), details, true);
  }
}
export class ServerError extends ApiError {
  constructor(details: ApiErrorDetails) {
    const unavailable = details.status === 503;
    const saidWhen = details.retryAfterMs != null;
    const summary = unavailable
      ? saidWhen ? m.core_api_unavailable() : m.core_api_unavailable_try_later()
      : saidWhen ? m.core_api_internal_problem() : m.core_api_internal_problem_try_later();
    super('server', summary, details, true);
  }
}
export class NetworkError extends ApiError {
  /** dns and refused mean the request never left; reset and other mean it may have. */
  readonly reason: 'dns' | 'refused' | 'reset' | 'tls' | 'other';
  constructor(details: ApiErrorDetails, summary: string = m.core_api_unreachable(), reason: NetworkError['reason'] = 'other') {
    super('network', summary, details, true);
    this.reason = reason;
  }
}
export class TimeoutError extends ApiError {
  /** connect means the request never left; headers and body mean it may have been processed. */
  readonly phase: 'connect' | 'headers' | 'body';
  constructor(details: ApiErrorDetails, summary: string = m.core_api_too_slow(), phase: TimeoutError['phase'] = 'headers') {
    super('timeout', summary, details, true);
    this.phase = phase;
  }
}

/**
 * A write (accept, decline) whose answer was lost, and re-reading could not tell whether it
 * took effect. Not retryable blindly: the person should look at the quote first.
 */
export class OutcomeUnknownError extends ApiError {
  constructor(details: ApiErrorDetails, summary: string) {
    super('network', summary, details, false);
  }
}

/** True when a failed request certainly never reached the service. */
export function certainlyNotSent(error: unknown): boolean {
  return (
    (error instanceof NetworkError && (error.reason === 'dns' || error.reason === 'refused' || error.reason === 'tls')) ||
    (error instanceof TimeoutError && error.phase === 'connect')
  );
}

/** The answer did not match the interface: said in main's language when it is needed. */
export function unexpectedAnswer(): string {
  return m.core_api_unexpected_answer();
}

/** The answer arrived but is not what the interface describes (not JSON, a field missing or mistyped). */
export class SchemaError extends ApiError {
  /** Where the body broke the contract, e.g. ["data", 3, "status"]. */
  readonly path: ReadonlyArray<PropertyKey>;
  /** What was wrong there, for the log: "the body is not JSON", a zod message... */
  readonly problem: string;
  constructor(
    details: ApiErrorDetails & { path: ReadonlyArray<PropertyKey>; problem: string },
    summary: string = unexpectedAnswer(),
  ) {
    super('schema', summary, details, false);
    this.path = details.path;
    this.problem = details.problem;
  }
  /** "data.1.status: Invalid input", for logs and support. */
  get where(): string {
    return `${this.path.length > 0 ? this.path.map(String).join('.') : '(the body)'}: ${this.problem}`;
  }
}

// A 404 on one quote's path means that quote is gone; on the list or the filters it means
// the address does not lead to the Quoting Service at all.
const ONE_QUOTE = /\/quotes\/(?!filters(\/|$))[^/]+/;

/** What kind of call failed: a 400 means different things on accept/decline and elsewhere. */
export type CallKind = 'read' | 'decision' | 'other';

/** The typed error for a non-2xx answer. */
export function errorForStatus(status: number, kind: CallKind, details: ApiErrorDetails): ApiError {
  const withStatus = { ...details, status };
  if (status === 401) return new AuthenticationError(withStatus);
  if (status === 403) return new ForbiddenError(withStatus);
  if (status === 404) return new NotFoundError(withStatus, ONE_QUOTE.test(details.endpoint) ? undefined : m.core_api_nothing_there());
  if (status === 429) return new RateLimitedError(withStatus);
  if (status === 400 && kind === 'decision') return new InvalidStateError(withStatus);
  if (status >= 500) return new ServerError(withStatus);
  if (status >= 400) return new ValidationError(withStatus);
  return new SchemaError({ ...withStatus, path: [], problem: `unexpected HTTP status ${status}` });
}

/** The facts a log line about this error should carry: never shown to a person. */
export function apiErrorLogFields(error: ApiError): Record<string, unknown> {
  return {
    endpoint: error.endpoint,
    status: error.status,
    code: error.code,
    ...(error.bodyText ? { body: error.bodyText } : {}),
    ...(error instanceof SchemaError ? { where: error.where } : {}),
  };
}

function sentence(text: string): string {
  const trimmed = text.trim();
  return /[.!?。؟]$/.test(trimmed) ? trimmed : `${trimmed}.`;
}

/** Sentences one after another: Japanese sets them side by side, the others with a space. */
function sentences(parts: ReadonlyArray<string | null>, language: string): string {
  return parts.filter((part): part is string => part !== null).join(language === 'ja' ? '' : ' ');
}

function excerpt(text: string): string {
  const flat = text.replace(/[\u0000-\u001f\u007f]+/g, ' ').replace(/\s+/g, ' ').trim();
  const bounded = flat.length > BODY_EXCERPT_MAX ? `${flat.slice(0, BODY_EXCERPT_MAX)}…` : flat;
  return globalRedactor.string(bounded);
}

/**
 * The service's message from `{error: {code, message}}` (the embedded service's shape) or
 * `{message}`; null for any other body. Only a short line of text qualifies: a message that
 * is itself markup or a dump is not fit to show.
 */
export function readServiceMessage(text: string): string | null {
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    return null;
  }
  if (!parsed || typeof parsed !== 'object' || Array.isArray(parsed)) return null;
  const record = parsed as Record<string, unknown>;
  const nested = record.error && typeof record.error === 'object' ? (record.error as Record<string, unknown>).message : undefined;
  const candidate = typeof nested === 'string' ? nested : typeof record.message === 'string' ? record.message : null;
  if (candidate === null) return null;
  const line = candidate.replace(/\s+/g, ' ').trim().replace(/[.!?]+$/, '');
  if (line === '' || line.length > SERVICE_MESSAGE_MAX || /[<>{}]/.test(line)) return null;
  return globalRedactor.string(line);
}

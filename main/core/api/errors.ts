import type { BridgeErrorCode } from '../../../preload/contract';
import { AppError } from '../errors';
import { globalRedactor } from '../log/redact';

// Error bodies have no specified shape: keep what text there is, bounded, and never
// assume JSON. Text is redacted before it is stored, since a service may echo a key back.
const BODY_TEXT_MAX = 2_000;
const MESSAGE_DETAIL_MAX = 300;

export interface ApiErrorDetails {
  /** e.g. "GET /api/public/v1/quotes/…/pdf": method and path, never a query string. */
  endpoint: string;
  status?: number | null;
  bodyText?: string | null;
  retryAfterMs?: number | null;
  cause?: unknown;
}

/** A failure talking to the Quoting Service. `code` is the bridge error code it maps to. */
export abstract class ApiError extends AppError {
  readonly status: number | null;
  readonly endpoint: string;
  readonly bodyText: string | null;
  readonly retryAfterMs: number | null;

  protected constructor(code: BridgeErrorCode, summary: string, details: ApiErrorDetails, retryable: boolean) {
    const bodyText = details.bodyText ? boundedRedacted(details.bodyText) : null;
    const detail = bodyText ? describeBody(bodyText) : null;
    const status = details.status ?? null;
    const where = status === null ? details.endpoint : `${details.endpoint} (HTTP ${status})`;
    super(code, globalRedactor.string(`${summary} [${where}]${detail ? `: ${detail}` : ''}`), {
      retryable,
      cause: details.cause,
    });
    this.name = new.target.name;
    this.status = status;
    this.endpoint = details.endpoint;
    this.bodyText = bodyText;
    this.retryAfterMs = details.retryAfterMs ?? null;
  }
}

export class AuthenticationError extends ApiError {
  constructor(details: ApiErrorDetails) {
    super('authentication', 'The service did not accept the credentials', details, false);
  }
}
export class ForbiddenError extends ApiError {
  constructor(details: ApiErrorDetails) {
    super('forbidden', 'These credentials may not see this item', details, false);
  }
}
export class NotFoundError extends ApiError {
  constructor(details: ApiErrorDetails) {
    super('not-found', 'The service has no such quote', details, false);
  }
}
export class InvalidStateError extends ApiError {
  constructor(details: ApiErrorDetails, summary = 'The quote no longer allows this action in its current status') {
    super('invalid-state', summary, details, false);
  }
}
export class ValidationError extends ApiError {
  constructor(details: ApiErrorDetails) {
    super('validation', 'The service rejected the request as invalid', details, false);
  }
}
export class RateLimitedError extends ApiError {
  constructor(details: ApiErrorDetails) {
    super('rate-limited', 'The service is limiting requests; try again shortly', details, true);
  }
}
export class ServerError extends ApiError {
  constructor(details: ApiErrorDetails) {
    super('server', 'The service had an internal problem', details, true);
  }
}
export class NetworkError extends ApiError {
  /** dns and refused mean the request never left; reset and other mean it may have. */
  readonly reason: 'dns' | 'refused' | 'reset' | 'tls' | 'other';
  constructor(details: ApiErrorDetails, summary = 'Could not reach the service', reason: NetworkError['reason'] = 'other') {
    super('network', summary, details, true);
    this.reason = reason;
  }
}
export class TimeoutError extends ApiError {
  /** connect means the request never left; headers and body mean it may have been processed. */
  readonly phase: 'connect' | 'headers' | 'body';
  constructor(details: ApiErrorDetails, summary = 'The service took too long to answer', phase: TimeoutError['phase'] = 'headers') {
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
export class SchemaError extends ApiError {
  /** Where the body broke the contract, e.g. ["data", 3, "status"]. */
  readonly path: ReadonlyArray<PropertyKey>;
  constructor(details: ApiErrorDetails & { path: ReadonlyArray<PropertyKey>; problem: string }) {
    const at = details.path.length > 0 ? details.path.map(String).join('.') : '(the body)';
    super('schema', `The service answered with an unexpected response: ${at}: ${details.problem}`, details, false);
    this.path = details.path;
  }
}

/** What kind of call failed: a 400 means different things on accept/decline and elsewhere. */
export type CallKind = 'read' | 'decision' | 'other';

/** The typed error for a non-2xx answer. */
export function errorForStatus(status: number, kind: CallKind, details: ApiErrorDetails): ApiError {
  const withStatus = { ...details, status };
  if (status === 401) return new AuthenticationError(withStatus);
  if (status === 403) return new ForbiddenError(withStatus);
  if (status === 404) return new NotFoundError(withStatus);
  if (status === 429) return new RateLimitedError(withStatus);
  if (status === 400 && kind === 'decision') return new InvalidStateError(withStatus);
  if (status >= 500) return new ServerError(withStatus);
  if (status >= 400) return new ValidationError(withStatus);
  return new SchemaError({ ...withStatus, path: [], problem: `unexpected HTTP status ${status}` });
}

export function isApiError(value: unknown): value is ApiError {
  return value instanceof ApiError;
}

function boundedRedacted(text: string): string {
  const bounded = text.length > BODY_TEXT_MAX ? `${text.slice(0, BODY_TEXT_MAX)}…` : text;
  return globalRedactor.string(bounded);
}

/** The most readable part of an error body: a JSON message field if there is one, else the text. */
function describeBody(text: string): string {
  let readable = text;
  try {
    const parsed: unknown = JSON.parse(text);
    if (parsed && typeof parsed === 'object') {
      const record = parsed as Record<string, unknown>;
      const candidate = [record.message, record.error, record.detail].find((v) => typeof v === 'string');
      if (typeof candidate === 'string') readable = candidate;
    }
  } catch {
    // Not JSON: the text is the message.
  }
  readable = readable.replace(/\s+/g, ' ').trim();
  return readable.length > MESSAGE_DETAIL_MAX ? `${readable.slice(0, MESSAGE_DETAIL_MAX)}…` : readable;
}

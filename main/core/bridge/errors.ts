import type { z } from 'zod';
import { BRIDGE_ERROR_CODES } from '../../../preload/contract';
import type { BridgeError, BridgeErrorCode, FieldIssue } from '../../../preload/contract';
import { globalRedactor } from '../log/redact';

const KNOWN_CODES: ReadonlySet<string> = new Set(BRIDGE_ERROR_CODES);

/**
 * An error the app raised on purpose (the core's AppError and the API client's typed
 * errors): it names a bridge error code and says whether trying again may help. Matched by
 * shape so any error class carrying both fields crosses the bridge with its own code.
 */
export interface CodedError {
  code: BridgeErrorCode;
  message: string;
  retryable: boolean;
  /** Which input fields were refused (the core's AppError('invalid-input', ..., { issues })). */
  issues?: readonly FieldIssue[];
  /** When the service asked to be asked again (the API client's rate-limit and 503 errors), in ms since the epoch. */
  retryAt?: number | null;
  /** The language `message` is written in, when it is not English (the core's saidError). */
  language?: string;
}

export function isCodedError(error: unknown): error is CodedError {
  if (typeof error !== 'object' || error === null) return false;
  const { code, message, retryable } = error as Record<string, unknown>;
  return typeof code === 'string' && KNOWN_CODES.has(code) && typeof message === 'string' && typeof retryable === 'boolean';
}

/**
 * The only way an error leaves for the renderer. Its message passes the process-wide
 * redactor whatever raised it: an error class that forgot to redact cannot leak a secret.
 */
export function bridgeError(
  code: BridgeErrorCode,
  message: string,
  retryable = false,
  issues?: readonly FieldIssue[],
  retryAt?: number | null,
  language?: string,
): BridgeError {
  const error: BridgeError = { code, message: globalRedactor.string(message), retryable };
  if (issues !== undefined) {
    error.issues = issues.map((issue) => ({ path: [...issue.path], message: globalRedactor.string(issue.message) }));
  }
  if (typeof retryAt === 'number' && Number.isFinite(retryAt)) error.retryAt = new Date(retryAt).toISOString();
  if (typeof language === 'string' && language !== '') error.language = language;
  return error;
}

/** The bridge error of an error the app raised on purpose, its field issues and retry time included when well-formed. */
export function bridgeErrorOf(error: CodedError): BridgeError {
  return bridgeError(error.code, error.message, error.retryable, wellFormedIssues(error.issues), error.retryAt, error.language);
}

/** Zod issues as the contract's field issues: paths as strings, so `['items', '0', 'name']`. */
export function fieldIssues(issues: readonly z.core.$ZodIssue[]): FieldIssue[] {
  return issues.map((issue) => ({ path: issue.path.map((segment) => String(segment)), message: issue.message }));
}

/** Issues are matched by shape like the error itself: a malformed list is left out, not passed on. */
function wellFormedIssues(issues: unknown): FieldIssue[] | undefined {
  if (!Array.isArray(issues)) return undefined;
  const valid = issues.every(
    (issue: unknown) =>
      typeof issue === 'object' &&
      issue !== null &&
      typeof (issue as FieldIssue).message === 'string' &&
      Array.isArray((issue as FieldIssue).path) &&
      (issue as FieldIssue).path.every((segment: unknown) => typeof segment === 'string'),
  );
  return valid ? (issues as FieldIssue[]) : undefined;
}

/** Zod issues in plain words: `name: Give the account a name; credentials.apiKey: The API key is empty`. */
export function describeIssues(issues: readonly z.core.$ZodIssue[]): string {
  return issues.map((issue) => `${describePath(issue.path)}: ${issue.message}`).join('; ');
}

function describePath(path: readonly PropertyKey[]): string {
  if (path.length === 0) return 'input';
  return path.reduce<string>((text, segment) => {
    if (typeof segment === 'number') return `${text}[${segment}]`;
    const name = String(segment);
    return text === '' ? name : `${text}.${name}`;
  }, '');
}

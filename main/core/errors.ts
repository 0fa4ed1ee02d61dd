import type { BridgeErrorCode, FieldIssue } from '../../preload/contract';
import { getLocale } from '../../i18n/paraglide/runtime.js';

/**
 * A failure the app knows how to explain. The bridge dispatcher maps any AppError onto the
 * wire as `{ code, message, retryable }`, so its message must be fit for a person to read
 * and must never carry a secret.
 */
export class AppError extends Error {
  readonly code: BridgeErrorCode;
  readonly retryable: boolean;
  /** For 'invalid-input': which fields were refused and why, passed to the renderer as they are. */
  readonly issues?: readonly FieldIssue[];
  /** The language `message` was written in, when it came from the catalogue (absent: English, the base). */
  readonly language?: string;

  constructor(
    code: BridgeErrorCode,
    message: string,
    options?: { retryable?: boolean; cause?: unknown; issues?: readonly FieldIssue[]; language?: string },
  ) {
    super(message, options?.cause === undefined ? undefined : { cause: options.cause });
    this.name = 'AppError';
    this.code = code;
    this.retryable = options?.retryable ?? false;
    if (options?.issues !== undefined) this.issues = options.issues;
    if (options?.language !== undefined) this.language = options.language;
  }
}

/**
 * An AppError whose message is a catalogue message, said now in main's language (the UI's):
 * the error remembers which language that was, so a window in another language words the
 * failure by its code instead of showing a sentence it cannot read.
 */
export function saidError(
  code: BridgeErrorCode,
  message: string,
  options?: { retryable?: boolean; cause?: unknown; issues?: readonly FieldIssue[] },
): AppError {
  return new AppError(code, message, { ...options, language: getLocale() });
}

/**
 * Any thrown value in words, for a log line or a sentence that quotes the cause: an Error's
 * message, anything else as text. Not for a person's screen on its own: describeError
 * (api/describe-error.ts) decides what a person reads.
 */
export function errorText(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

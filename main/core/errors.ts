import type { BridgeErrorCode } from '../../preload/contract';

/**
 * A failure the app knows how to explain. The bridge dispatcher maps any AppError onto the
 * wire as `{ code, message, retryable }`, so its message must be fit for a person to read
 * and must never carry a secret.
 */
export class AppError extends Error {
  readonly code: BridgeErrorCode;
  readonly retryable: boolean;

  constructor(code: BridgeErrorCode, message: string, options?: { retryable?: boolean; cause?: unknown }) {
    super(message, options?.cause === undefined ? undefined : { cause: options.cause });
    this.name = 'AppError';
    this.code = code;
    this.retryable = options?.retryable ?? false;
  }
}

export function isAppError(value: unknown): value is AppError {
  return value instanceof AppError;
}

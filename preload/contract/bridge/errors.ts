import { z } from 'zod';

/**
 * Every failure that crosses the bridge carries one of these codes. Electron's invoke keeps
 * only an error's message, so failures travel as values: `{ ok: false, error }`.
 */
export const BRIDGE_ERROR_CODES = [
  // the bridge itself
  'unknown-method',
  'invalid-input',
  'invalid-output',
  'internal',
  // the app's use cases
  'account-not-found',
  'needs-credentials',
  // the Quoting Service, one per typed API error
  'authentication',
  'forbidden',
  'not-found',
  'invalid-state',
  'validation',
  'rate-limited',
  'server',
  'network',
  'timeout',
  'schema',
] as const;
export const BridgeErrorCode = z.enum(BRIDGE_ERROR_CODES);
export type BridgeErrorCode = z.infer<typeof BridgeErrorCode>;

export const BridgeError = z.object({
  code: BridgeErrorCode,
  message: z.string(),
  retryable: z.boolean(),
});
export type BridgeError = z.infer<typeof BridgeError>;

export type Result<T> = { ok: true; value: T } | { ok: false; error: BridgeError };

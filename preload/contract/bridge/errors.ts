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

/**
 * One refused field of an input: `path` names it the way the input nests it (e.g.
 * `['credentials', 'apiKey']`), `message` says in plain words what to change. A form maps
 * each to its field by path, never by reading the prose of `message`.
 */
export const FieldIssue = z.object({
  path: z.array(z.string()),
  message: z.string(),
});
export type FieldIssue = z.infer<typeof FieldIssue>;

export const BridgeError = z.object({
  code: BridgeErrorCode,
  message: z.string(),
  retryable: z.boolean(),
  /** Present on 'invalid-input': every refused field, so a form can show each under its field. */
  issues: z.array(FieldIssue).optional(),
  /** When the service asked to be asked again (a 429 or 503 with Retry-After), ISO 8601. */
  retryAt: z.iso.datetime().optional(),
  /**
   * The language `message` is written in, when main wrote it from the message catalogue in
   * its language (a BCP 47 tag such as "de"); absent, the message is English. A window in
   * another language words the failure by its code instead.
   */
  language: z.string().max(35).optional(),
});
export type BridgeError = z.infer<typeof BridgeError>;

export type Result<T> = { ok: true; value: T } | { ok: false; error: BridgeError };

import type { BridgeErrorCode } from '../../preload/contract';

export const EXIT_CODES = {
  ok: 0,
  other: 1,
  usage: 2,
  authentication: 3,
  forbidden: 4,
  notFound: 5,
  invalidState: 6,
  validation: 7,
  rateLimited: 8,
  server: 9,
  network: 10,
  schema: 11,
  timeout: 12,
  /** accept/decline without --yes and without a terminal to ask on, or the answer was no. */
  confirmationNeeded: 13,
  /** accept --account refused by the team's approval policy: this revision needs an approval first. */
  approvalNeeded: 14,
  /** The team's server refused a change (changed meanwhile, or decided already). */
  teamRefused: 15,
} as const;

const CODE_FOR_ERROR: Partial<Record<BridgeErrorCode, number>> = {
  authentication: EXIT_CODES.authentication,
  'needs-credentials': EXIT_CODES.authentication,
  forbidden: EXIT_CODES.forbidden,
  'not-found': EXIT_CODES.notFound,
  'invalid-state': EXIT_CODES.invalidState,
  validation: EXIT_CODES.validation,
  'invalid-input': EXIT_CODES.validation,
  'rate-limited': EXIT_CODES.rateLimited,
  server: EXIT_CODES.server,
  network: EXIT_CODES.network,
  timeout: EXIT_CODES.timeout,
  schema: EXIT_CODES.schema,
};

export function exitCodeFor(code: BridgeErrorCode): number {
  return CODE_FOR_ERROR[code] ?? EXIT_CODES.other;
}

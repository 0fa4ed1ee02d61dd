import type { AccountDraft, AccountUpdate } from '../../../preload/contract';
import { AccountDraft as AccountDraftSchema, AccountUpdate as AccountUpdateSchema } from '../../../preload/contract';
import { baseUrlProblem } from '../../../i18n/words/base-url';
import { AppError } from '../errors';

// What comes over the bridge is checked here, in the core, whatever the form already checked:
// anything that can call the bridge can send anything.

/** The base URL rule first (its words carry the fix), then the contract's schema. */
export function parseDraft(input: unknown): AccountDraft {
  assertBaseUrl(input);
  return parseWith(AccountDraftSchema, input);
}

export function parseUpdate(input: unknown): AccountUpdate {
  assertBaseUrl(input);
  return parseWith(AccountUpdateSchema, input);
}

/** The typed base URL's problem, if the input has one that is a string. */
export function typedBaseUrlProblem(input: unknown): string | null {
  const typed: unknown = (input as { baseUrl?: unknown } | null)?.baseUrl;
  return typeof typed === 'string' ? baseUrlProblem(typed) : null;
}

function assertBaseUrl(input: unknown): void {
  const problem = typedBaseUrlProblem(input);
  if (problem) throw new AppError('invalid-input', `baseUrl: ${problem}`);
}

type SafeParser<T> = {
  safeParse(value: unknown): { success: true; data: T } | { success: false; error: { issues: { path: PropertyKey[]; message: string }[] } };
};

function parseWith<T>(schema: SafeParser<T>, input: unknown): T {
  const parsed = schema.safeParse(input);
  if (parsed.success) return parsed.data;
  const issue = parsed.error.issues[0];
  const where = issue && issue.path.length > 0 ? `${issue.path.map(String).join('.')}: ` : '';
  throw new AppError('invalid-input', `${where}${issue?.message ?? 'invalid account details'}`);
}

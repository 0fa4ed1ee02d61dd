import { describeError } from '../core/api';
import { globalRedactor } from '../core/log';
import { NeedsCredentialsError } from '../core/api/auth';
import type { Credentials } from '../../preload/contract';
import { EXIT_CODES, exitCodeFor } from './exit-codes';
import { terminalText } from './terminal-text';
import { UsageError } from './options';
import { m } from '../../i18n/paraglide/messages.js';

/** A local failure the CLI explains itself (a file it could not write): exit 1. */
export class CliFailure extends Error {}

/** A command the CLI declines to carry out, with its own exit code and JSON error code. */
export class CliRefusal extends Error {
  constructor(
    message: string,
    readonly exitCode: number,
    readonly code: string,
  ) {
    super(message);
  }
}

export interface ErrorSink {
  write(text: string): unknown;
}

// A refusal gets the CLI's own words: the app's "enter the new key" has no place to enter it here.
function refusedCredentials(mechanism: Credentials['mechanism']): string {
  return mechanism === 'api-key' ? m.cli_refused_api_key() : m.cli_refused_client_credentials();
}

/** Writes the error for a person (or as JSON) and returns the exit code. */
export function report(error: unknown, stderr: ErrorSink, json: boolean, mechanism: Credentials['mechanism'] | null): number {
  if (error instanceof UsageError || error instanceof CliFailure) {
    const code = error instanceof UsageError ? 'usage' : 'internal';
    stderr.write(
      json
        ? `${JSON.stringify({ error: { code, message: error.message, retryable: false } })}\n`
        : `quotedesk: ${error.message}\n${error instanceof UsageError ? `${m.cli_usage_hint()}\n` : ''}`,
    );
    return error instanceof UsageError ? EXIT_CODES.usage : EXIT_CODES.other;
  }
  if (error instanceof CliRefusal) {
    stderr.write(json ? `${JSON.stringify({ error: { code: error.code, message: error.message, retryable: false } })}\n` : `quotedesk: ${terminalText(error.message)}\n`);
    return error.exitCode;
  }
  const described = describeError(error);
  const message = error instanceof NeedsCredentialsError && mechanism ? refusedCredentials(mechanism) : described.message;
  const retryAt = described.retryAt === undefined ? {} : { retryAt: new Date(described.retryAt).toISOString() };
  // The CLI has no log file: for a failure nobody anticipated, the technical text is what
  // support needs, so it follows the sentence (redacted), marked as such.
  const detail = described.code === 'internal' ? technicalDetail(error) : null;
  if (json) {
    stderr.write(`${JSON.stringify({ error: { code: described.code, message, retryable: described.retryable, ...retryAt, ...(detail ? { detail } : {}) } })}\n`);
  } else {
    // The message may quote the service's words (a refusal's reason): no control reaches the terminal.
    stderr.write(`quotedesk: ${terminalText(message)}\n${detail ? `  ${m.cli_support_details({ detail: terminalText(detail) })}\n` : ''}`);
  }
  return exitCodeFor(described.code);
}

function technicalDetail(error: unknown): string {
  const text = error instanceof Error ? `${error.name}: ${error.message}` : String(error);
  return globalRedactor.string(text.replace(/\s+/g, ' ').slice(0, 500));
}

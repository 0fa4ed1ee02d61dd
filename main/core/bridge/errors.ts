import type { z } from 'zod';
import { BRIDGE_ERROR_CODES } from '../../../preload/contract';
import type { BridgeError, BridgeErrorCode } from '../../../preload/contract';
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
export function bridgeError(code: BridgeErrorCode, message: string, retryable = false): BridgeError {
  return { code, message: globalRedactor.string(message), retryable };
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

import { methods } from '../../../preload/contract';
import type { Handlers, MethodName, Result } from '../../../preload/contract';
import { describeError } from '../api/describe-error';
import type { Logger } from '../ports';
import { bridgeError, bridgeErrorOf, describeIssues, fieldIssues, isCodedError } from './errors';

/** What both transports call: one method name and its raw input in, one Result out. */
export interface Dispatcher {
  dispatch(method: string, input: unknown): Promise<Result<unknown>>;
}

export function isMethodName(name: string): name is MethodName {
  return Object.hasOwn(methods, name);
}

/**
 * Validates the input, runs the handler, validates the output. Never throws: every
 * failure becomes `{ ok: false, error }` because Electron's invoke would keep only an
 * error's message.
 */
export function createDispatcher(deps: { handlers: Handlers; logger: Logger }): Dispatcher {
  const { handlers, logger } = deps;

  async function dispatch(method: string, input: unknown): Promise<Result<unknown>> {
    if (!isMethodName(method)) {
      return { ok: false, error: bridgeError('unknown-method', `Quotedesk has no method called "${printable(method)}".`) };
    }
    const schemas = methods[method];
    const parsedInput = schemas.input.safeParse(input);
    if (!parsedInput.success) {
      return {
        ok: false,
        error: bridgeError(
          'invalid-input',
          `The input for ${method} is not valid: ${describeIssues(parsedInput.error.issues)}.`,
          false,
          fieldIssues(parsedInput.error.issues),
        ),
      };
    }

    let output: unknown;
    try {
      // The contract ties each handler to its own schemas; indexing by a union of names
      // loses that link, so the call goes through one untyped step.
      const handler = handlers[method] as (value: unknown) => Promise<unknown>;
      output = await handler(parsedInput.data);
    } catch (error) {
      if (isCodedError(error)) return { ok: false, error: bridgeErrorOf(error) };
      logger.error('bridge handler failed', { method, error: describeThrown(error) });
      // A raw failure (a socket error, a timeout, a bug) still says what kind it was, in the
      // one wording the app has for failures; a bug never shows its own text.
      const described = describeError(error);
      if (described.code === 'internal') {
        return { ok: false, error: bridgeError('internal', `Something went wrong inside Quotedesk while running ${method}. The details were written to the log.`, described.retryable) };
      }
      return { ok: false, error: bridgeError(described.code, described.message, described.retryable, undefined, undefined, described.language) };
    }

    // Parsing (rather than checking) also strips fields the contract does not declare, so
    // nothing a handler adds by mistake reaches the renderer.
    const parsedOutput = schemas.output.safeParse(output);
    if (!parsedOutput.success) {
      // Only the issue paths and messages: the offending value itself is never logged.
      logger.error('bridge handler returned an invalid value', { method, issues: describeIssues(parsedOutput.error.issues) });
      return {
        ok: false,
        error: bridgeError('invalid-output', `Quotedesk produced an answer for ${method} that does not match the contract. The details were written to the log.`),
      };
    }
    return { ok: true, value: parsedOutput.data };
  }

  return { dispatch };
}

/** Keeps a hostile method name short and on one line before echoing it back. */
function printable(name: string): string {
  const flat = name.replace(/[\u0000-\u001f\u007f]/g, '?');
  return flat.length > 80 ? `${flat.slice(0, 80)}…` : flat;
}

function describeThrown(error: unknown): Record<string, unknown> {
  if (error instanceof Error) return { name: error.name, message: error.message, stack: error.stack };
  return { value: String(error) };
}

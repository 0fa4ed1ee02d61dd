import type { z } from 'zod';
// Not exported by the contract's index: the renderer has no use for it.
import { NOT_ACCEPTED, fastParserFor } from './fast-parse';
import { SchemaError } from './errors';
import type { HttpResponse } from './transport';

/**
 * Parses a success body against the contract. Extra fields are dropped silently (the
 * service may grow); a missing or mistyped field is a SchemaError naming where.
 */
export function parseBody<T extends z.ZodType>(response: HttpResponse, schema: T): z.output<T> {
  return parseValue(parseJson(response), schema, response.endpoint);
}

/**
 * parseBody for one schema, made once: the hot reads (a quote, a list page) call a small
 * function holding its compiled parser, and only a body the fast path does not accept goes
 * on to zod through parseValue (no parser lookup per call, no extra frames).
 */
export function bodyParser<T extends z.ZodType>(schema: T): (response: HttpResponse) => z.output<T> {
  const fast = fastParserFor(schema);
  return (response) => {
    let value: unknown;
    try {
      value = JSON.parse(response.text);
    } catch {
      throw unreadableBody(response);
    }
    const parsed = fast(value);
    return parsed !== NOT_ACCEPTED ? parsed : parseValue(value, schema, response.endpoint);
  };
}

export function parseJson(response: HttpResponse): unknown {
  try {
    return JSON.parse(response.text);
  } catch {
    throw unreadableBody(response);
  }
}

function unreadableBody(response: HttpResponse): SchemaError {
  const problem = response.text.trim() === '' ? 'the body is empty' : 'the body is not JSON';
  return new SchemaError({ endpoint: response.endpoint, status: response.status, path: [], problem });
}

/**
 * The schema's compiled fast path first (fast-parse.ts): it accepts
 * only what zod accepts, with the same result. Anything it does not accept goes to zod,
 * which decides and names the path and the problem.
 */
export function parseValue<T extends z.ZodType>(value: unknown, schema: T, endpoint: string): z.output<T> {
  const fast = fastParserFor(schema)(value);
  if (fast !== NOT_ACCEPTED) return fast;
  const result = schema.safeParse(value);
  if (result.success) return result.data;
  const [first] = result.error.issues;
  const more = result.error.issues.length > 1 ? ` (and ${result.error.issues.length - 1} more)` : '';
  throw new SchemaError({
    endpoint,
    path: first?.path ?? [],
    problem: `${first?.message ?? 'does not match the contract'}${more}`,
  });
}

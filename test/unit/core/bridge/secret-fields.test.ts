import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { events, methods } from '../../../../preload/contract';

const SECRET_NAME = /key|secret|token|password|authori[sz]ation/i;

/** Every property name anywhere in a JSON schema: objects, arrays, unions, records, refs. */
function propertyPaths(schema: unknown, path = '$'): string[] {
  if (Array.isArray(schema)) return schema.flatMap((entry) => propertyPaths(entry, path));
  if (typeof schema !== 'object' || schema === null) return [];
  const node = schema as Record<string, unknown>;
  const found: string[] = [];
  if (typeof node.properties === 'object' && node.properties !== null) {
    for (const [name, child] of Object.entries(node.properties)) {
      found.push(`${path}.${name}`, ...propertyPaths(child, `${path}.${name}`));
    }
  }
  for (const [keyword, child] of Object.entries(node)) {
    if (keyword !== 'properties') found.push(...propertyPaths(child, path));
  }
  return found;
}

function secretLookingFields(schema: z.ZodType): string[] {
  const json = z.toJSONSchema(schema, { io: 'output', unrepresentable: 'any' });
  return propertyPaths(json).filter((path) => SECRET_NAME.test(path.slice(path.lastIndexOf('.') + 1)));
}

describe('no secret crosses the bridge', () => {
  it.each(Object.entries(methods))('the output of %s has no field that could carry a secret', (_name, { output }) => {
    expect(secretLookingFields(output)).toEqual([]);
  });

  it.each(Object.entries(events))('the payload of event %s has no field that could carry a secret', (_name, payload) => {
    expect(secretLookingFields(payload)).toEqual([]);
  });

  it('the walker finds a secret-named field however deeply it is nested', () => {
    const planted = z.object({
      accounts: z.array(
        z.object({
          id: z.string(),
          auth: z.union([z.null(), z.object({ refreshToken: z.string() })]).optional(),
          headers: z.record(z.string(), z.object({ Authorisation: z.string() })).nullable(),
        }),
      ),
    });
    expect(secretLookingFields(planted)).toEqual(['$.accounts.auth.refreshToken', '$.accounts.headers.Authorisation']);
  });

  it('the walker sees every field of a real output (it is not blind)', () => {
    const fields = propertyPaths(z.toJSONSchema(methods['accounts.list'].output, { io: 'output', unrepresentable: 'any' }));
    expect(fields).toEqual(expect.arrayContaining(['$.name', '$.baseUrl', '$.credentialsSet', '$.statusMessage']));
  });

  it('the walker sees into the offline methods and events too (inbox window, quote detail, sync state)', () => {
    const fieldsOf = (schema: z.ZodType) => propertyPaths(z.toJSONSchema(schema, { io: 'output', unrepresentable: 'any' }));
    expect(fieldsOf(methods['inbox.query'].output)).toEqual(expect.arrayContaining(['$.rows.quoteNumber', '$.rows.pdf', '$.accounts.summary']));
    expect(fieldsOf(methods['quotes.detail'].output)).toEqual(expect.arrayContaining(['$.details', '$.diff.lines', '$.revisions.total', '$.pdf.outdated']));
    expect(fieldsOf(events['sync.changed'])).toEqual(expect.arrayContaining(['$.progress.pagesDone', '$.offlineSince']));
  });
});

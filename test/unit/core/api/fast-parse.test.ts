// The fast path of the wire schemas (main/core/api/fast-parse.ts) must accept only
// what zod accepts, with an equal result, and the client as a whole (parseValue) must accept
// and refuse exactly what zod does, with zod's path and problem. Bodies are generated from
// the schemas themselves and then mutated, so a field added to a schema is covered too.
import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { SchemaError } from '../../../../main/core/api/errors';
import { parseValue } from '../../../../main/core/api/validate';
import { DateOnly, DateTime, QuoteDecisionResponse, QuoteDetailsResponse, QuoteListResponse, QuotePdfResponse, Uuid, isReadableDateTime } from '../../../../preload/contract';
import { NOT_ACCEPTED, compilesFully, fastParserFor } from '../../../../main/core/api/fast-parse';
import { ZOD_GUID_SOURCE, isGuidShape } from '../../../../main/core/api/fast-string-checks';

// A small seeded generator, so a failure can be replayed.
function random(seed: number) {
  let state = seed >>> 0;
  const next = () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  const int = (max: number) => Math.floor(next() * max);
  const pick = <T>(items: readonly T[]): T => items[int(items.length)] as T;
  return { next, int, pick, chance: (p: number) => next() < p };
}
type Random = ReturnType<typeof random>;

const pad = (n: number, width = 2) => String(n).padStart(width, '0');
const hex = (rng: Random, count: number) => Array.from({ length: count }, () => rng.pick([...'0123456789abcdefABCDEF'])).join('');
const uuid = (rng: Random) => `${hex(rng, 8)}-${hex(rng, 4)}-${hex(rng, 4)}-${hex(rng, 4)}-${hex(rng, 12)}`;
const isoDateTime = (rng: Random) => new Date(Date.UTC(2020 + rng.int(10), rng.int(12), 1 + rng.int(28), rng.int(24), rng.int(60), rng.int(60), rng.int(1000))).toISOString();

// Strings in and just outside the shapes the fast path recognises.
function trickyString(rng: Random): string {
  return rng.pick([
    () => isoDateTime(rng),
    () => isoDateTime(rng).replace(/\.\d{3}Z$/, 'Z'),
    () => `${2000 + rng.int(100)}-${pad(rng.int(15))}-${pad(rng.int(34))}T${pad(rng.int(26))}:${pad(rng.int(62))}:${pad(rng.int(62))}${rng.pick(['Z', '.123Z', '.1Z', '+02:00', '', 'z', '.12aZ'])}`,
    () => rng.pick(['Jan 15 2026', '2026-01-15', '2026-01-15 10:00', '2026-13-01T00:00:00Z', '2026-02-31T00:00:00.000Z', '2026-01-01T24:00:00Z', 'not a date', '', '0', '2026-01-01T10:00:00.000+01:00', '+002026-01-01T00:00:00Z']),
    () => uuid(rng),
    () => uuid(rng).replace(rng.pick(['a', '1', '-']), rng.pick(['g', 'G', '_', '', 'A', '@', '`'])),
    () => `${uuid(rng)}${rng.pick(['\n', ' ', '0'])}`,
    () => `${2000 + rng.int(30)}-${pad(rng.int(13))}-${pad(rng.int(32))}`,
    () => rng.pick(['SENT', 'PENDING', 'ACCEPTED', 'DRAFT', 'sent', 'EUR', 'x']),
  ])();
}

/** A value the schema accepts, built by walking its definition (as the fast path does). */
function generate(schema: z.ZodType, rng: Random): unknown {
  const def = (schema as unknown as { _zod: { def: Record<string, unknown> } })._zod.def;
  switch (def.type) {
    case 'string': {
      if (schema === DateTime) return rng.chance(0.9) ? isoDateTime(rng) : rng.pick(['Jan 15 2026', '2026-01-15', '2026-01-15T10:00:00+02:00']);
      if (def.format === 'guid') return uuid(rng);
      const checks = (def.checks as { _zod: { def: { format?: string } } }[] | undefined) ?? [];
      if (checks.some((check) => check._zod.def.format === 'regex')) return `${2020 + rng.int(10)}-${pad(1 + rng.int(12))}-${pad(1 + rng.int(28))}`;
      if (def.format === 'url') return 'https://files.example.com/q.pdf';
      return rng.pick(['Acme', 'EUR', 'Website relaunch', 'x', 'Ünïcode ✓']);
    }
    case 'number': {
      const checks = (def.checks as unknown[] | undefined) ?? [];
      return checks.length > 0 ? 1 + rng.int(100) : rng.pick([0, 12.5, -3, 1e6]);
    }
    case 'boolean':
      return rng.chance(0.5);
    case 'enum':
      return rng.pick(Object.values(def.entries as Record<string, string>));
    case 'literal':
      return (def.values as unknown[])[0];
    case 'nullable':
      return rng.chance(0.2) ? null : generate(def.innerType as z.ZodType, rng);
    case 'optional':
      return generate(def.innerType as z.ZodType, rng);
    case 'array':
      return Array.from({ length: rng.int(4) }, () => generate(def.element as z.ZodType, rng));
    case 'union':
      return generate(rng.pick(def.options as z.ZodType[]), rng);
    case 'record':
      return { any: rng.int(5) };
    case 'object': {
      const out: Record<string, unknown> = {};
      for (const [key, field] of Object.entries(def.shape as Record<string, z.ZodType>)) {
        const optional = (field as unknown as { _zod: { optin?: string } })._zod.optin === 'optional';
        if (!optional || rng.chance(0.7)) out[key] = generate(field, rng);
      }
      if (rng.chance(0.2)) out.somethingNew = { nested: true };
      return out;
    }
    default:
      throw new Error(`the generator does not know ${String(def.type)}`);
  }
}

/** Replaces, deletes or adds one thing somewhere in the value. */
function mutate(value: unknown, rng: Random): unknown {
  const containers: (Record<string, unknown> | unknown[])[] = [];
  const walk = (node: unknown) => {
    if (typeof node !== 'object' || node === null) return;
    containers.push(node as Record<string, unknown>);
    for (const child of Object.values(node)) walk(child);
  };
  const copy = structuredClone(value);
  walk(copy);
  const target = rng.pick(containers);
  const keys = Object.keys(target);
  const key = Array.isArray(target) ? rng.int(target.length + 1) : keys.length > 0 && rng.chance(0.9) ? rng.pick(keys) : 'extra';
  const replacement = rng.pick<() => unknown>([
    () => null,
    () => undefined,
    () => trickyString(rng),
    () => trickyString(rng),
    () => trickyString(rng),
    () => rng.pick([0, -1, 1.5, 101, 2 ** 60, Number.NaN, Number.POSITIVE_INFINITY, -0, 100]),
    () => rng.pick([true, false]),
    () => ({}),
    () => [],
    () => [trickyString(rng)],
  ]);
  if (!Array.isArray(target) && rng.chance(0.15)) delete target[key as string];
  else (target as Record<string | number, unknown>)[key] = replacement();
  return copy;
}

function expectAgreement(schema: z.ZodType, body: unknown): boolean {
  const expected = schema.safeParse(body);
  const fast = fastParserFor(schema)(body);
  if (fast !== NOT_ACCEPTED) {
    expect(expected.success).toBe(true);
    expect(fast).toStrictEqual(expected.data);
    expect(JSON.stringify(fast)).toBe(JSON.stringify(expected.data));
  }
  // The client as a whole: the same answer, or the same SchemaError zod's issues give.
  if (expected.success) {
    expect(parseValue(body, schema, 'GET /x')).toStrictEqual(expected.data);
  } else {
    const [first] = expected.error.issues;
    let thrown: unknown;
    try {
      parseValue(body, schema, 'GET /x');
    } catch (error) {
      thrown = error;
    }
    expect(thrown).toBeInstanceOf(SchemaError);
    expect((thrown as SchemaError).path).toEqual(first?.path);
    expect((thrown as SchemaError).problem.startsWith(first?.message ?? '')).toBe(true);
  }
  return fast !== NOT_ACCEPTED;
}

const schemas: [string, z.ZodType, number][] = [
  ['QuoteListResponse', QuoteListResponse, 300],
  ['QuoteDetailsResponse', QuoteDetailsResponse, 600],
  ['QuoteDecisionResponse', QuoteDecisionResponse, 200],
  ['QuotePdfResponse', QuotePdfResponse, 200],
];

describe('the fast path of the wire schemas agrees with zod', () => {
  it('compiles the list and detail schemas without handing any part to zod', () => {
    // If this fails, a schema grew something fast-parse.ts does not mirror: the client stays
    // correct (that part goes through zod) but loses speed. Teach fast-parse.ts the new part.
    expect(compilesFully(QuoteListResponse)).toBe(true);
    expect(compilesFully(QuoteDetailsResponse)).toBe(true);
  });

  for (const [name, schema, count] of schemas) {
    it(`${name}: accepts generated bodies itself and agrees with zod on them and on ${count * 4} mutations`, () => {
      const rng = random(name.length * 7919);
      let fastAccepted = 0;
      let zodAccepted = 0;
      let mutatedRefused = 0;
      for (let i = 0; i < count; i += 1) {
        const body = generate(schema, rng);
        expect(schema.safeParse(body).success).toBe(true);
        // Unusual date-time shapes are zod's to accept; every other generated body is fast.
        if (expectAgreement(schema, body)) fastAccepted += 1;
        zodAccepted += 1;
        for (let m = 0; m < 4; m += 1) {
          const mutated = mutate(body, rng);
          expectAgreement(schema, mutated);
          if (!schema.safeParse(mutated).success) mutatedRefused += 1;
        }
      }
      expect(fastAccepted).toBeGreaterThan(zodAccepted * 0.3);
      // The mutations do reach the refusing side, so the error half is exercised.
      expect(mutatedRefused).toBeGreaterThan(count);
    });
  }

  it('takes the fast path for the shape the service sends', () => {
    const item = {
      id: '6f1c2a9e-3b4d-4e5f-8a6b-7c8d9e0f1a2b',
      quoteNumber: 'Q-1',
      projectName: 'Website',
      status: 'SENT',
      companyId: null,
      companyName: 'Acme',
      totalPrice: { amount: 10.5, currency: 'EUR' },
      quoteDate: '2026-01-02T10:00:00.000Z',
      deadlineForQuote: '2026-01-10',
      projectDueDate: null,
      createdAt: '2026-01-01T00:00:00Z',
    };
    const page = { success: true, data: [item], pagination: { page: 1, limit: 100, total: 1, totalPages: 1, hasNextPage: false, hasPrevPage: false } };
    expect(fastParserFor(QuoteListResponse)(page)).toStrictEqual(QuoteListResponse.parse(page));
  });

  it('returns a body already in shape itself, and copies one with reordered or extra keys into schema order', () => {
    const money = { amount: 10.5, currency: 'EUR' };
    const decision = { success: true, data: { id: '6f1c2a9e-3b4d-4e5f-8a6b-7c8d9e0f1a2b', status: 'ACCEPTED', message: 'ok' } };
    expect(fastParserFor(QuoteDecisionResponse)(decision)).toBe(decision);
    const reordered = { data: { message: 'ok', id: decision.data.id, status: 'ACCEPTED' }, success: true };
    const extra = { success: true, data: { ...decision.data, extra: 1 } };
    for (const body of [reordered, extra]) {
      const fast = fastParserFor(QuoteDecisionResponse)(body);
      expect(fast).not.toBe(body);
      expect(JSON.stringify(fast)).toBe(JSON.stringify(QuoteDecisionResponse.parse(body)));
    }
    // An absent optional key (projectDescription) with the rest in order is still the body itself.
    const item = { id: decision.data.id, quoteNumber: null, projectName: null, status: 'SENT', companyId: null, companyName: null, totalPrice: money, quoteDate: null, deadlineForQuote: null, projectDueDate: null };
    const page = { success: true, data: [item], pagination: { page: 1, limit: 100, total: 1, totalPages: 1, hasNextPage: false, hasPrevPage: false } };
    expect(fastParserFor(QuoteListResponse)(page)).toBe(page);
    const { id, ...rest } = item;
    const swapped = { ...page, data: [{ ...rest, id }] };
    expect(JSON.stringify(fastParserFor(QuoteListResponse)(swapped))).toBe(JSON.stringify(QuoteListResponse.parse(swapped)));
  });
});

describe('date-times and ids', () => {
  it('accepts a date-time exactly when Date.parse does', () => {
    const rng = random(42);
    for (let i = 0; i < 20_000; i += 1) {
      const text = trickyString(rng);
      expect(isReadableDateTime(text), text).toBe(!Number.isNaN(Date.parse(text)));
      expect(fastParserFor(DateTime)(text) !== NOT_ACCEPTED, text).toBe(DateTime.safeParse(text).success);
    }
  });

  it('accepts a date exactly when the DateOnly pattern does', () => {
    const rng = random(11);
    const nearDates = ['2026-01-15', '2026-1-15', '02026-01-15', '2026-01-155', '2026/01/15', '2026-01-1a', '2026-01-15\n', '\n2026-01-15', '٢٠٢٦-01-15', '2026‐01‐15', ''];
    for (let i = 0; i < 20_000; i += 1) {
      const text = rng.chance(0.3) ? rng.pick(nearDates) : trickyString(rng);
      expect(fastParserFor(DateOnly)(text) !== NOT_ACCEPTED, text).toBe(DateOnly.safeParse(text).success);
    }
  });

  it('agrees with Date.parse, and the client with zod, on near misses of the service\'s date-time shape', () => {
    const nearMisses = [
      ...['2024-02-29', '2025-02-29', '2025-02-30', '2025-02-31', '2100-02-29', '2000-02-29', '2025-04-31', '2025-01-32', '2025-00-10', '2025-13-10', '2025-01-00'].map((date) => `${date}T12:00:00.000Z`),
      '2026-01-01T23:59:59Z', '2026-01-01T24:00:00Z', '2026-01-01T23:60:00Z', '2026-01-01T23:59:60Z', '2026-01-01T23:59:60.000Z',
      '2026-01-01t10:00:00Z', '2026-01-01T10:00:00z', '2026-01-01 10:00:00Z', '2026-01-01T10:00:00', '2026-01-01T10:00Z',
      '2026-01-01T10:00:00+02:00', '2026-01-01T10:00:00.000+01:00', '2026-01-01T10:00:00-0500', '2026-01-01T10:00:00.000+24:00',
      '2026-01-01T10:00:00.1Z', '2026-01-01T10:00:00.12Z', '2026-01-01T10:00:00.1234Z', '2026-01-01T10:00:00.123456Z', '2026-01-01T10:00:00.Z', '2026-01-01T10:00:00.12aZ',
      '2026-01-01T10:00:00.000Z\n', '\n2026-01-01T10:00:00.000Z', ' 2026-01-01T10:00:00.000Z', '2026-01-01T10:00:00.000ZZ',
      '+002026-01-01T00:00:00.000Z', '-000001-01-01T00:00:00.000Z', '20260-01-01T00:00:00.000Z', '0000-01-01T00:00:00.000Z',
      '٢٠٢٦-01-01T10:00:00.000Z', '２０２６-01-01T10:00:00.000Z', '2026‐01‐01T10:00:00.000Z', '2026-1-01T10:00:00Z', '2026-01-1T10:00:00Z', '2026-01-01T1:00:00Z',
      'Jan 15 2026', '2026-01-15', '', 'Z',
    ];
    const item = {
      id: '6f1c2a9e-3b4d-4e5f-8a6b-7c8d9e0f1a2b', quoteNumber: null, projectName: null, status: 'SENT', companyId: null, companyName: null,
      totalPrice: null, quoteDate: null, deadlineForQuote: null, projectDueDate: null,
    };
    const pagination = { page: 1, limit: 100, total: 1, totalPages: 1, hasNextPage: false, hasPrevPage: false };
    const answers = new Set<boolean>();
    for (const text of nearMisses) {
      const readable = !Number.isNaN(Date.parse(text));
      answers.add(readable);
      expect(isReadableDateTime(text), text).toBe(readable);
      expect(fastParserFor(DateTime)(text) !== NOT_ACCEPTED, text).toBe(DateTime.safeParse(text).success);
      // In a list page: accepted or refused as zod does, with zod's path and problem.
      expectAgreement(QuoteListResponse, { success: true, data: [{ ...item, quoteDate: text, createdAt: text }], pagination });
    }
    // Both sides of the line are exercised.
    expect([...answers].sort()).toEqual([false, true]);
  });

  it('agrees with z.guid(), and the client with zod, on near misses of an id', () => {
    const id = '6f1c2a9e-3b4d-4e5f-8a6b-7c8d9e0f1a2b';
    const nearMisses = [
      id, id.toUpperCase(), '6F1c2A9e-3b4D-4e5f-8A6b-7c8d9E0f1a2B', '00000000-0000-0000-0000-000000000000', 'ffffffff-ffff-ffff-ffff-ffffffffffff', 'FFFFFFFF-FFFF-FFFF-FFFF-FFFFFFFFFFFF',
      id.replace('6f', 'gf'), id.replace('2b', '2G'), id.replace('a9', 'a '), id.replace('f1', 'ｆ1'), id.replace('6f', '٦f'), id.replace('3b', '@b'), id.replace('3b', '`b'), id.replace('3b', '/b'), id.replace('3b', ':b'),
      id.slice(1), `${id}0`, id.slice(0, 35), `0${id}`, id.replaceAll('-', ''), id.replace('-', '_'), id.replace('-', '‐'), `${id.slice(0, 8)}${id.slice(9, 10)}-${id.slice(10)}`,
      `{${id}}`, `urn:uuid:${id}`, `${id}\n`, `\n${id}`, ` ${id}`, `${id} `, '', '-'.repeat(36), 'a'.repeat(36),
    ];
    const decision = (value: string) => ({ success: true, data: { id: value, status: 'ACCEPTED', message: 'ok' } });
    const answers = new Set<boolean>();
    for (const text of nearMisses) {
      const valid = Uuid.safeParse(text).success;
      answers.add(valid);
      expect(isGuidShape(text), text).toBe(new RegExp(ZOD_GUID_SOURCE).test(text));
      expect(fastParserFor(Uuid)(text) !== NOT_ACCEPTED, text).toBe(valid);
      expectAgreement(QuoteDecisionResponse, decision(text));
    }
    expect([...answers].sort()).toEqual([false, true]);
  });

  it('accepts an id exactly when z.guid() does', () => {
    const rng = random(7);
    for (let i = 0; i < 20_000; i += 1) {
      const text = trickyString(rng);
      expect(fastParserFor(Uuid)(text) !== NOT_ACCEPTED, text).toBe(Uuid.safeParse(text).success);
    }
  });
});

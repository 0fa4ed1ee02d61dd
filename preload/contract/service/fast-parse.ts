import type { z } from 'zod';
import { isReadableDateTime } from './primitives';

/**
 * The fast path of the service's wire schemas. zod's generic machinery (a payload and an
 * issue list per value, checks run through a loop, refinements wrapped) cost more than
 * JSON.parse itself on a list page, and more than the whole rest of the client on a quote
 * detail (BENCHMARKS.md, "Where the client's time goes"). So each schema is compiled once,
 * by walking its zod definition, into small functions (object parsers generated as code)
 * that answer "this value, stripped of unknown fields" or NOT_ACCEPTED, with no reasons.
 *
 * A value that already has exactly the schema's shape (no unknown field, fields in the
 * schema's order, as the service sends them) is returned itself rather than copied: building
 * a second copy of every object of a list page cost as much as checking it. Only a value that
 * needs stripping or reordering is copied, from the innermost changed node up.
 *
 * The contract: whatever a compiled parser accepts, zod accepts with an equal result. When
 * it does not accept, the caller asks zod, which decides (it may still accept: a date-time
 * in a rare shape) and words the error. So the client accepts and refuses exactly what the
 * schema does; the fast path only decides how quickly. Parts this file does not know (a
 * transform, a coercion, a record, a check it cannot mirror) are handed to zod at that
 * node, which keeps the rule. test/unit/contract/fast-parse.test.ts holds it to that on
 * generated and mutated bodies.
 */
export const NOT_ACCEPTED: unique symbol = Symbol('not accepted by the fast path');
export type FastParser = (value: unknown) => unknown;

const compiled = new WeakMap<z.ZodType, FastParser>();

/** The compiled parser of `schema`, built on first use. */
export function fastParserFor<T extends z.ZodType>(schema: T): (value: unknown) => z.output<T> | typeof NOT_ACCEPTED {
  let parser = compiled.get(schema);
  if (!parser) {
    parser = compile(schema);
    compiled.set(schema, parser);
  }
  return parser as (value: unknown) => z.output<T> | typeof NOT_ACCEPTED;
}

/** Whether `schema` is compiled without handing any part of it to zod (tests hold the hot schemas to this). */
export function compilesFully(schema: z.ZodType): boolean {
  const delegated: string[] = [];
  compile(schema, delegated);
  return delegated.length === 0;
}

// zod 4 keeps a schema's definition in `_zod.def`; only the fields read here are typed.
interface Definition {
  type: string;
  coerce?: boolean;
  checks?: { _zod: { def: CheckDefinition } }[];
  format?: string;
  pattern?: RegExp;
  innerType?: z.ZodType;
  element?: z.ZodType;
  shape?: Record<string, z.ZodType>;
  catchall?: z.ZodType;
  entries?: Record<string, string | number>;
  values?: unknown[];
  options?: z.ZodType[];
}
interface CheckDefinition {
  check: string;
  format?: string;
  pattern?: RegExp;
  value?: number;
  inclusive?: boolean;
  minimum?: number;
  maximum?: number;
  length?: number;
  fn?: unknown;
  when?: unknown;
}

function definitionOf(schema: z.ZodType): Definition {
  return (schema as unknown as { _zod: { def: Definition } })._zod.def;
}

function compile(schema: z.ZodType, delegated: string[] = []): FastParser {
  const def = definitionOf(schema);
  const checks = (def.checks ?? []).map((check) => check._zod.def);
  const known = def.coerce ? undefined : compileKnown(def, checks, delegated);
  if (known) return known;
  // Not mirrored here: zod decides this node, exactly as it would without a fast path.
  delegated.push(def.type);
  return (value) => {
    const result = schema.safeParse(value);
    return result.success ? result.data : NOT_ACCEPTED;
  };
}

function compileKnown(def: Definition, checks: CheckDefinition[], delegated: string[]): FastParser | undefined {
  switch (def.type) {
    case 'string':
      return compileString(def, checks);
    case 'number':
      return compileNumber(checks);
    case 'boolean':
      return checks.length === 0 ? (value) => (typeof value === 'boolean' ? value : NOT_ACCEPTED) : undefined;
    case 'unknown':
    case 'any':
      return (value) => value;
    case 'enum': {
      const allowed = new Set(Object.values(def.entries ?? {}));
      return (value) => (allowed.has(value as string) ? value : NOT_ACCEPTED);
    }
    case 'literal': {
      const allowed = new Set(def.values);
      return (value) => (allowed.has(value) ? value : NOT_ACCEPTED);
    }
    case 'nullable': {
      const inner = compile(def.innerType as z.ZodType, delegated);
      return (value) => (value === null ? null : inner(value));
    }
    case 'optional': {
      const inner = compile(def.innerType as z.ZodType, delegated);
      return (value) => (value === undefined ? undefined : inner(value));
    }
    case 'array':
      return checks.length === 0 ? compileArray(compile(def.element as z.ZodType, delegated)) : undefined;
    case 'object':
      return checks.length === 0 && def.catchall === undefined ? compileObject(def.shape ?? {}, delegated) : undefined;
    case 'union':
      return checks.length === 0 ? compileUnion(def.options ?? [], delegated) : undefined;
    default:
      return undefined;
  }
}

function compileString(def: Definition, checks: CheckDefinition[]): FastParser | undefined {
  const tests: ((value: string) => boolean)[] = [];
  if (def.format === 'guid' && def.pattern) tests.push(def.pattern.source === ZOD_GUID_SOURCE ? isGuidShape : patternTest(def.pattern));
  else if (def.format !== undefined) return undefined;
  for (const check of checks) {
    if (check.check === 'string_format' && check.format === 'regex' && check.pattern) tests.push(patternTest(check.pattern));
    else if (check.check === 'min_length') tests.push((value) => value.length >= (check.minimum as number));
    else if (check.check === 'max_length') tests.push((value) => value.length <= (check.maximum as number));
    else if (check.check === 'length_equals') tests.push((value) => value.length === check.length);
    // A refinement is a function zod cannot see into; only the contract's own pure ones are mirrored.
    else if (check.check === 'custom' && check.fn === isReadableDateTime && check.when === undefined) tests.push(isReadableDateTime);
    else return undefined;
  }
  const [only] = tests;
  // One check is the common case (a uuid, a date): called directly, it is inlined.
  if (tests.length === 0) return (value) => (typeof value === 'string' ? value : NOT_ACCEPTED);
  if (tests.length === 1 && only) return (value) => (typeof value === 'string' && only(value) ? value : NOT_ACCEPTED);
  return (value) => (typeof value === 'string' && passesAll(tests, value) ? value : NOT_ACCEPTED);
}

// zod 4's z.guid() pattern; the same rule by character code costs a fraction of the regex,
// and ids are the most frequent checked strings on a list page.
const ZOD_GUID_SOURCE = '^([0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12})$';

// By character code below 128: 1 for a hex digit, 2 for the hyphen.
const GUID_CLASS = new Uint8Array(128);
for (const digit of '0123456789abcdefABCDEF') GUID_CLASS[digit.charCodeAt(0)] = 1;
GUID_CLASS[45] = 2;
// The class each of the 36 places must hold: hyphens at 8, 13, 18 and 23, hex digits elsewhere.
const GUID_SHAPE = new Uint8Array(36).fill(1);
for (const at of [8, 13, 18, 23]) GUID_SHAPE[at] = 2;

function isGuidShape(value: string): boolean {
  if (value.length !== 36) return false;
  // One comparison per place, with no branch on the place itself.
  for (let index = 0; index < 36; index += 1) {
    const code = value.charCodeAt(index);
    if (code >= 128 || GUID_CLASS[code] !== GUID_SHAPE[index]) return false;
  }
  return true;
}

function passesAll<T>(tests: ((value: T) => boolean)[], value: T): boolean {
  for (const test of tests) if (!test(value)) return false;
  return true;
}

function patternTest(pattern: RegExp): (value: string) => boolean {
  // The contract's date pattern, by character code: two of them on every list item.
  if (pattern.source === DATE_ONLY_SOURCE && pattern.flags === '') return isDateOnlyShape;
  return (value) => {
    pattern.lastIndex = 0;
    return pattern.test(value);
  };
}

const DATE_ONLY_SOURCE = '^\\d{4}-\\d{2}-\\d{2}$';

/** /^\d{4}-\d{2}-\d{2}$/ (without the u flag, \d is the ASCII digits only). */
function isDateOnlyShape(value: string): boolean {
  if (value.length !== 10 || value.charCodeAt(4) !== 45 || value.charCodeAt(7) !== 45) return false;
  for (let index = 0; index < 10; index += 1) {
    if (index === 4 || index === 7) continue;
    const code = value.charCodeAt(index);
    if (code < 48 || code > 57) return false;
  }
  return true;
}

function compileNumber(checks: CheckDefinition[]): FastParser | undefined {
  const tests: ((value: number) => boolean)[] = [];
  for (const check of checks) {
    const bound = check.value as number;
    if (check.check === 'number_format' && check.format === 'safeint') tests.push(Number.isSafeInteger);
    else if (check.check === 'greater_than') tests.push(check.inclusive ? (value) => value >= bound : (value) => value > bound);
    else if (check.check === 'less_than') tests.push(check.inclusive ? (value) => value <= bound : (value) => value < bound);
    else return undefined;
  }
  // zod's number refuses NaN and the infinities.
  return (value) => (typeof value === 'number' && Number.isFinite(value) && passesAll(tests, value) ? value : NOT_ACCEPTED);
}

function compileArray(element: FastParser): FastParser {
  // A hole reads as undefined; zod writes an explicit undefined there, so where the element
  // accepts undefined, a hole means the array must be copied.
  const holesMatter = element(undefined) !== NOT_ACCEPTED;
  return (value) => {
    if (!Array.isArray(value)) return NOT_ACCEPTED;
    // Copied only from the first element that parses to something else (copy on write).
    let out: unknown[] | undefined;
    for (let index = 0; index < value.length; index += 1) {
      const item: unknown = value[index];
      const parsed = element(item);
      if (parsed === NOT_ACCEPTED) return NOT_ACCEPTED;
      if (out) out[index] = parsed;
      else if (parsed !== item || (holesMatter && !(index in value))) {
        out = value.slice(0, index) as unknown[];
        out[index] = parsed;
      }
    }
    return out ?? value;
  };
}

function compileObject(shape: Record<string, z.ZodType>, delegated: string[]): FastParser | undefined {
  const fields = Object.entries(shape).map(([key, fieldSchema]): CompiledField => {
    // nullable() and optional() around a field are written into the object's code rather than
    // called: null and undefined are answered there, every other value goes to the inner type.
    let inner = fieldSchema;
    let acceptsNull = false;
    let acceptsUndefined = false;
    for (let def = definitionOf(inner); def.type === 'nullable' || def.type === 'optional'; def = definitionOf(inner)) {
      if (def.type === 'nullable') acceptsNull = true;
      else acceptsUndefined = true;
      inner = def.innerType as z.ZodType;
    }
    const plain = plainTypeOf(inner);
    return {
      key,
      // zod lets an optional key be absent; any other absent key is refused.
      optional: (fieldSchema as unknown as { _zod: { optin?: string } })._zod.optin === 'optional',
      acceptsNull,
      acceptsUndefined,
      plain,
      parse: plain ? undefined : compile(inner, delegated),
    };
  });
  return generatedObjectParser(fields);
}

type PlainType = 'string' | 'number' | 'boolean';

/** A string, number or boolean with no check, format or coercion: a typeof test written inline. */
function plainTypeOf(schema: z.ZodType): PlainType | undefined {
  const def = definitionOf(schema);
  if (def.coerce || (def.checks?.length ?? 0) > 0) return undefined;
  if (def.type === 'string' && def.format === undefined) return 'string';
  if (def.type === 'number' || def.type === 'boolean') return def.type;
  return undefined;
}

interface CompiledField {
  key: string;
  optional: boolean;
  acceptsNull: boolean;
  acceptsUndefined: boolean;
  /** Checked inline; otherwise `parse` decides. */
  plain: PlainType | undefined;
  parse: FastParser | undefined;
}

// zod's number refuses NaN and the infinities, as compileNumber does.
const PLAIN_REFUSES: Record<PlainType, (variable: string) => string> = {
  string: (v) => `typeof ${v} !== 'string'`,
  number: (v) => `typeof ${v} !== 'number' || !Number.isFinite(${v})`,
  boolean: (v) => `typeof ${v} !== 'boolean'`,
};

/**
 * The object parser written out as code, one statement per field, as zod's own JIT does: a
 * loop over the fields reads and writes properties by computed name, which V8 cannot
 * specialise, and was most of this file's cost on a list page. Keys are embedded as JSON
 * string literals, so no key can escape its quotes.
 *
 * Each field is checked into locals first. When every field parsed to itself and the input's
 * own keys are exactly the present fields in the schema's order (`sameKeys`), the input is
 * the result. Otherwise the result is a new object with the schema's keys in the schema's
 * order; an absent optional key stays absent, as in zod.
 */
function generatedObjectParser(fields: CompiledField[]): FastParser | undefined {
  const checks = fields.map((field, index) => {
    const key = JSON.stringify(field.key);
    const v = `v${index}`;
    const absent = field.optional ? `h${index} = false; n -= 1;` : 'return F;';
    const check = field.plain ? `if (${PLAIN_REFUSES[field.plain](v)}) return F;` : `r${index} = p[${index}](${v}); if (r${index} === F) return F;`;
    return `let ${v} = input[${key}]; let r${index} = ${v}; let h${index} = true;
if (${v} === undefined && !(${key} in input)) { ${absent} }${field.acceptsNull ? ` else if (${v} === null) {}` : ''}${field.acceptsUndefined ? ` else if (${v} === undefined) {}` : ''} else { ${check} }`;
  });
  const unchanged = fields.map((_, index) => `r${index} === v${index}`).join(' && ');
  const copies = fields.map((field, index) => `${field.optional ? `if (h${index}) ` : ''}out[${JSON.stringify(field.key)}] = r${index};`);
  const body = `return function parseObject(input) {
if (typeof input !== 'object' || input === null || Array.isArray(input)) return F;
let n = ${fields.length};
${checks.join('\n')}
if (${unchanged || 'true'} && sameKeys(input, n)) return input;
const out = {};
${copies.join('\n')}
return out;
};`;
  const keys = fields.map((field) => field.key);
  // The input's own enumerable keys, in order, are `present` of the schema's keys in the
  // schema's order, and it is a plain object (zod's result is one).
  const sameKeys = (input: object, present: number): boolean => {
    if (Object.getPrototypeOf(input) !== Object.prototype) return false;
    let at = 0;
    let count = 0;
    for (const key in input) {
      while (at < keys.length && keys[at] !== key) at += 1;
      if (at === keys.length) return false;
      at += 1;
      count += 1;
    }
    return count === present;
  };
  try {
    return new Function('F', 'p', 'sameKeys', body)(NOT_ACCEPTED, fields.map((field) => field.parse), sameKeys) as FastParser;
  } catch {
    // Code generation forbidden (a content security policy): zod parses this object.
    return undefined;
  }
}

/**
 * zod takes the first option that accepts. Mirrored only for options that are plain values
 * (strings, numbers...), whose result is the value itself: an option of this file refusing
 * where zod's accepts could otherwise pick a later option with a different result.
 */
function compileUnion(options: z.ZodType[], delegated: string[]): FastParser | undefined {
  const leafTypes = new Set(['string', 'number', 'boolean', 'enum', 'literal']);
  if (!options.every((option) => leafTypes.has(definitionOf(option).type))) return undefined;
  const parsers = options.map((option) => compile(option, delegated));
  return (value) => {
    for (const parse of parsers) {
      const parsed = parse(value);
      if (parsed !== NOT_ACCEPTED) return parsed;
    }
    return NOT_ACCEPTED;
  };
}

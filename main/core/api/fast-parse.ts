import type { z } from 'zod';
import { isReadableDateTime } from '../../../preload/contract';
import { isGuidShape, patternTest, ZOD_GUID_SOURCE } from './fast-string-checks';

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
 * node, which keeps the rule. test/unit/core/api/fast-parse.test.ts holds it to that on
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
  const known = def.coerce ? undefined : compileKnown(schema, def, delegated);
  if (known) return known;
  // Not mirrored here: zod decides this node, exactly as it would without a fast path.
  delegated.push(def.type);
  return (value) => {
    const result = schema.safeParse(value);
    return result.success ? result.data : NOT_ACCEPTED;
  };
}

function compileKnown(schema: z.ZodType, def: Definition, delegated: string[]): FastParser | undefined {
  const leaf = leafOf(schema);
  if (leaf) return generated(leaf.names, leaf.values, `return function parseLeaf(value) { return ${leaf.refuses('value')} ? F : value; };`);
  const checks = def.checks ?? [];
  switch (def.type) {
    case 'nullable': {
      const inner = compile(def.innerType as z.ZodType, delegated);
      return (value) => (value === null ? null : inner(value));
    }
    case 'optional': {
      const inner = compile(def.innerType as z.ZodType, delegated);
      return (value) => (value === undefined ? undefined : inner(value));
    }
    case 'array':
      return checks.length === 0 ? compileArray(def.element as z.ZodType, delegated) : undefined;
    case 'object':
      return checks.length === 0 && def.catchall === undefined ? compileObject(def.shape ?? {}, delegated) : undefined;
    case 'union':
      return checks.length === 0 ? compileUnion(def.options ?? [], delegated) : undefined;
    default:
      return undefined;
  }
}

/**
 * Code is generated for every parser, even a leaf's: each generated function has feedback of
 * its own, so every call and property read in it sees one shape and one target. Closures
 * made by one function literal share theirs, and a check called from such a shared closure
 * (the uuid test here, the date-time test there) became a polymorphic call V8 does not
 * inline, on every field of every item.
 */
function generated(names: string[], values: unknown[], body: string): FastParser | undefined {
  try {
    return new Function('F', ...names, body)(NOT_ACCEPTED, ...values) as FastParser;
  } catch {
    // Code generation forbidden (a content security policy): zod parses this node.
    return undefined;
  }
}

/**
 * A value accepted as itself (a string, number, boolean, enum or literal, with the checks
 * this file mirrors), as a condition written into the code of its parser, its object or its
 * array: `refuses(v)` is JavaScript that is true when `v` is not accepted. Functions and
 * constants it needs are passed in by name (`names`, `values`), never written as text.
 */
interface Leaf {
  refuses(variable: string): string;
  names: string[];
  values: unknown[];
}

// Numbers the leaves, so the names of two leaves written into one object's code never clash.
let leavesMade = 0;

/** Collects what a generated function needs from outside, each under a name of its own. */
class Bindings {
  readonly names: string[] = [];
  readonly values: unknown[] = [];
  private readonly prefix = `k${(leavesMade += 1)}_`;
  bind(value: unknown): string {
    const name = `${this.prefix}${this.names.length}`;
    this.names.push(name);
    this.values.push(value);
    return name;
  }
}

function leafOf(schema: z.ZodType): Leaf | undefined {
  const def = definitionOf(schema);
  if (def.coerce) return undefined;
  const checks = (def.checks ?? []).map((check) => check._zod.def);
  const bindings = new Bindings();
  const conditions = leafConditions(def, checks, bindings);
  if (!conditions) return undefined;
  return { refuses: (v) => `(${conditions.map((condition) => condition(v)).join(' || ') || 'false'})`, names: bindings.names, values: bindings.values };
}

type Condition = (variable: string) => string;

function leafConditions(def: Definition, checks: CheckDefinition[], bindings: Bindings): Condition[] | undefined {
  switch (def.type) {
    case 'string':
      return stringConditions(def, checks, bindings);
    case 'number':
      return numberConditions(checks, bindings);
    case 'boolean':
      return checks.length === 0 ? [(v) => `typeof ${v} !== 'boolean'`] : undefined;
    case 'unknown':
    case 'any':
      return [];
    case 'enum': {
      const allowed = bindings.bind(new Set(Object.values(def.entries ?? {})));
      return [(v) => `!${allowed}.has(${v})`];
    }
    case 'literal': {
      const values = def.values ?? [];
      const [only] = values;
      // One literal (the envelope's `success: true`) is compared directly; NaN never equals itself.
      if (values.length === 1 && only === only) {
        const name = bindings.bind(only);
        return [(v) => `${v} !== ${name}`];
      }
      const allowed = bindings.bind(new Set(values));
      return [(v) => `!${allowed}.has(${v})`];
    }
    default:
      return undefined;
  }
}

function stringConditions(def: Definition, checks: CheckDefinition[], bindings: Bindings): Condition[] | undefined {
  const test = (fn: (value: string) => boolean): Condition => {
    const name = bindings.bind(fn);
    return (v) => `!${name}(${v})`;
  };
  const conditions: Condition[] = [(v) => `typeof ${v} !== 'string'`];
  if (def.format === 'guid' && def.pattern) conditions.push(test(def.pattern.source === ZOD_GUID_SOURCE ? isGuidShape : patternTest(def.pattern)));
  else if (def.format !== undefined) return undefined;
  for (const check of checks) {
    if (check.check === 'string_format' && check.format === 'regex' && check.pattern) conditions.push(test(patternTest(check.pattern)));
    else if (check.check === 'min_length') conditions.push(bound('<', check.minimum, bindings, '.length'));
    else if (check.check === 'max_length') conditions.push(bound('>', check.maximum, bindings, '.length'));
    else if (check.check === 'length_equals') conditions.push(bound('!==', check.length, bindings, '.length'));
    // A refinement is a function zod cannot see into; only the contract's own pure ones are mirrored.
    else if (check.check === 'custom' && check.fn === isReadableDateTime && check.when === undefined) conditions.push(test(isReadableDateTime));
    else return undefined;
  }
  return conditions;
}

/** `v<suffix> <operator> limit`, the limit passed in by name. */
function bound(operator: string, limit: number | undefined, bindings: Bindings, suffix = ''): Condition {
  const name = bindings.bind(limit);
  return (v) => `${v}${suffix} ${operator} ${name}`;
}

function numberConditions(checks: CheckDefinition[], bindings: Bindings): Condition[] | undefined {
  // zod's number refuses NaN and the infinities.
  const conditions: Condition[] = [(v) => `typeof ${v} !== 'number' || !Number.isFinite(${v})`];
  for (const check of checks) {
    if (check.check === 'number_format' && check.format === 'safeint') conditions.push((v) => `!Number.isSafeInteger(${v})`);
    else if (check.check === 'greater_than') conditions.push(bound(check.inclusive ? '<' : '<=', check.value, bindings));
    else if (check.check === 'less_than') conditions.push(bound(check.inclusive ? '>' : '>=', check.value, bindings));
    else return undefined;
  }
  return conditions;
}

function compileArray(elementSchema: z.ZodType, delegated: string[]): FastParser | undefined {
  const leaf = leafOf(elementSchema);
  const element = compile(elementSchema, delegated);
  // A hole reads as undefined; zod writes an explicit undefined there, so where the element
  // accepts undefined, a hole means the array must be copied: such arrays take the general loop.
  const holesMatter = element(undefined) !== NOT_ACCEPTED;
  if (leaf && !holesMatter) {
    return generated(leaf.names, leaf.values, `return function parseArray(value) {
if (!Array.isArray(value)) return F;
for (let index = 0; index < value.length; index += 1) { const item = value[index]; if (${leaf.refuses('item')}) return F; }
return value;
};`);
  }
  // Copied only from the first element that parses to something else (copy on write).
  return generated(['element', 'holesMatter'], [element, holesMatter], `return function parseArray(value) {
if (!Array.isArray(value)) return F;
let out;
for (let index = 0; index < value.length; index += 1) {
  const item = value[index];
  const parsed = element(item);
  if (parsed === F) return F;
  if (out) out[index] = parsed;
  else if (parsed !== item || (holesMatter && !(index in value))) { out = value.slice(0, index); out[index] = parsed; }
}
return out ?? value;
};`);
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
    const leaf = leafOf(inner);
    return {
      key,
      // zod lets an optional key be absent; any other absent key is refused.
      optional: (fieldSchema as unknown as { _zod: { optin?: string } })._zod.optin === 'optional',
      acceptsNull,
      acceptsUndefined,
      leaf,
      parse: leaf ? undefined : compile(inner, delegated),
    };
  });
  return generatedObjectParser(fields);
}

interface CompiledField {
  key: string;
  optional: boolean;
  acceptsNull: boolean;
  acceptsUndefined: boolean;
  /** Checked inline, in the object's code; otherwise `parse` decides. */
  leaf: Leaf | undefined;
  parse: FastParser | undefined;
}

/**
 * The object parser written out as code, one statement per field, as zod's own JIT does: a
 * loop over the fields reads and writes properties by computed name, which V8 cannot
 * specialise, and was most of this file's cost on a list page. Keys are embedded as JSON
 * string literals, so no key can escape its quotes.
 *
 * Each field is checked into locals first. When every field parsed to itself and the input's
 * own keys are exactly the present fields in the schema's order, the input is the result. Otherwise the
 * result is a new object with the schema's keys in the schema's order; an absent optional
 * key stays absent, as in zod.
 */
function generatedObjectParser(fields: CompiledField[]): FastParser | undefined {
  const names: string[] = ['OBJECT'];
  const values: unknown[] = [Object.prototype];
  const checks = fields.map((field, index) => {
    const key = JSON.stringify(field.key);
    const v = `v${index}`;
    const absent = field.optional ? `h${index} = false; n -= 1;` : 'return F;';
    let check: string;
    if (field.leaf) {
      names.push(...field.leaf.names);
      values.push(...field.leaf.values);
      check = `if (${field.leaf.refuses(v)}) return F;`;
    } else {
      names.push(`p${index}`);
      values.push(field.parse);
      check = `r${index} = p${index}(${v}); if (r${index} === F) return F;`;
    }
    return `let ${v} = input[${key}]; let r${index} = ${v}; let h${index} = true;
if (${v} === undefined && !(${key} in input)) { ${absent} }${field.acceptsNull ? ` else if (${v} === null) {}` : ''}${field.acceptsUndefined ? ` else if (${v} === undefined) {}` : ''} else { ${check} }`;
  });
  const unchanged = fields
    .filter((field) => !field.leaf)
    .map((field) => `r${fields.indexOf(field)} === v${fields.indexOf(field)}`)
    .join(' && ');
  // The input's own keys are the n present fields in the schema's order: compared one by one
  // when every field is present (the usual case), else walked along the schema's keys. Object.keys
  // copies V8's cached key list at once; a for-in stepped through it key by key, and was a
  // third of the object's cost on a quote detail.
  const allPresent = fields.map((field, index) => `own[${index}] === ${JSON.stringify(field.key)}`).join(' && ');
  const sameKeys = `(n === ${fields.length} ? ${allPresent || 'true'} : inSchemaOrder(own))`;
  values.push((own: string[]) => {
    let at = 0;
    for (const key of own) {
      while (at < fields.length && (fields[at] as CompiledField).key !== key) at += 1;
      if (at === fields.length) return false;
      at += 1;
    }
    return true;
  });
  names.push('inSchemaOrder');
  const copies = fields.map((field, index) => `${field.optional ? `if (h${index}) ` : ''}out[${JSON.stringify(field.key)}] = r${index};`);
  return generated(names, values, `return function parseObject(input) {
if (typeof input !== 'object' || input === null || Array.isArray(input)) return F;
let n = ${fields.length};
${checks.join('\n')}
if (${unchanged || 'true'} && Object.getPrototypeOf(input) === OBJECT) {
  const own = Object.keys(input);
  if (own.length === n && ${sameKeys}) return input;
}
const out = {};
${copies.join('\n')}
return out;
};`);
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

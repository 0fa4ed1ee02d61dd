// A bridge schema in a few words for the architecture map's table: what a caller sends or
// gets back at a glance (its top-level fields, a list of what, which words), read from zod 4's
// own JSON Schema of the schema so that every kind of zod schema is covered without walking
// zod's internals. The exact shapes stay in preload/contract; this only has to be true.
import { z } from 'zod';

type Json = {
  type?: string | string[];
  properties?: Record<string, Json>;
  required?: string[];
  items?: Json;
  prefixItems?: Json[];
  additionalProperties?: Json | boolean;
  anyOf?: Json[];
  oneOf?: Json[];
  allOf?: Json[];
  enum?: unknown[];
  const?: unknown;
  $ref?: string;
  $defs?: Record<string, Json>;
};

/** Fields shown of an object; the rest is "…" (the contract has them all). */
const MAX_FIELDS = 5;
/** Words shown of an enum. */
const MAX_WORDS = 4;

/** "nothing" when the schema is `z.void()`: no input to send, no value in the answer. */
export const NOTHING = '—';

export function briefOf(schema: z.ZodType, io: 'input' | 'output'): string {
  if (schema.def.type === 'void' || schema.def.type === 'undefined') return NOTHING;
  const json = z.toJSONSchema(schema, { io, unrepresentable: 'any', cycles: 'ref', reused: 'inline' }) as Json;
  return new Brief(json.$defs ?? {}).of(json, 0);
}

class Brief {
  constructor(private readonly defs: Record<string, Json>) {}

  of(json: Json, depth: number): string {
    if (json.$ref !== undefined) return this.ref(json.$ref, depth);
    if (json.const !== undefined) return literal(json.const);
    if (json.enum !== undefined) return words(json.enum);
    const alternatives = json.oneOf ?? json.anyOf;
    if (alternatives !== undefined) return this.union(alternatives, depth);
    if (json.allOf !== undefined) return json.allOf.map((part) => this.of(part, depth)).join(' & ');
    const types = Array.isArray(json.type) ? json.type : json.type === undefined ? [] : [json.type];
    if (types.length === 0) return 'any';
    return types.map((type) => this.typed(type, json, depth)).join(' | ');
  }

  private typed(type: string, json: Json, depth: number): string {
    if (type === 'object') return this.object(json, depth);
    if (type === 'array') return this.array(json, depth);
    if (type === 'integer') return 'number';
    return type;
  }

  private object(json: Json, depth: number): string {
    const keys = Object.keys(json.properties ?? {});
    if (keys.length === 0) return typeof json.additionalProperties === 'object' ? `{ [key]: ${this.of(json.additionalProperties, depth + 1)} }` : '{}';
    // Nested objects are named by their field only: one level tells what the value is about.
    if (depth > 0) return '{…}';
    const required = new Set(json.required ?? []);
    const shown = keys.slice(0, MAX_FIELDS).map((key) => (required.has(key) ? key : `${key}?`));
    return `{ ${shown.join(', ')}${keys.length > MAX_FIELDS ? ', …' : ''} }`;
  }

  private array(json: Json, depth: number): string {
    if (json.prefixItems !== undefined) return `[${json.prefixItems.map((item) => this.of(item, depth + 1)).join(', ')}]`;
    const item = json.items === undefined ? 'any' : this.of(json.items, depth);
    return /[ |&]/.test(item) && !item.startsWith('{') ? `(${item})[]` : `${item}[]`;
  }

  /** A union whose objects share a constant field (`kind`, `status`) reads as that field's words. */
  private union(alternatives: Json[], depth: number): string {
    const tag = depth === 0 ? sharedTag(alternatives) : null;
    if (tag !== null) {
      const values = alternatives.map((alternative) => literal(alternative.properties![tag]!.const));
      return `{ ${tag}: ${values.join(' | ')}, … }`;
    }
    return [...new Set(alternatives.map((alternative) => this.of(alternative, depth)))].join(' | ');
  }

  private ref(ref: string, depth: number): string {
    const name = ref.replace(/^#\/\$defs\//, '');
    const target = this.defs[name];
    // A schema that contains itself (a tree) is named, not unfolded.
    return target === undefined || depth > 0 ? name : this.of(target, depth);
  }
}

function sharedTag(alternatives: Json[]): string | null {
  if (alternatives.length < 2 || alternatives.some((alternative) => alternative.type !== 'object')) return null;
  const first = alternatives[0]!.properties ?? {};
  const tag = Object.keys(first).find((key) => alternatives.every((alternative) => alternative.properties?.[key]?.const !== undefined));
  return tag ?? null;
}

function words(values: unknown[]): string {
  const shown = values.slice(0, MAX_WORDS).map(literal);
  return values.length > MAX_WORDS ? `${shown.join(' | ')} | … (${values.length} words)` : shown.join(' | ');
}

function literal(value: unknown): string {
  return typeof value === 'string' ? `'${value}'` : String(value);
}

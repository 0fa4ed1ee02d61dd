import { hash } from 'node:crypto';

/** JSON with keys in a fixed order, so equal content always gives equal text. */
export function canonicalJson(value: unknown): string {
  // Hand-written rather than a JSON.stringify replacer: it runs for every quote of every
  // page, and building sorted copies of each object cost more than the hashing (a replacer
  // array, which orders keys natively, measured slower still). One string built by
  // appending, each key quoted once, and an object's sorted key order reused while the
  // next object has the same keys (every list item of a page has).
  if (value === null) return 'null';
  switch (typeof value) {
    case 'string':
      return JSON.stringify(value);
    case 'number':
      return Number.isFinite(value) ? String(value) : 'null';
    case 'boolean':
      return value ? 'true' : 'false';
    case 'object':
      break;
    default:
      return JSON.stringify(value) ?? 'null';
  }
  if (Array.isArray(value)) {
    let out = '[';
    for (let index = 0; index < value.length; index += 1) {
      const entry: unknown = value[index];
      if (index > 0) out += ',';
      out += entry === undefined || typeof entry === 'function' ? 'null' : canonicalJson(entry);
    }
    return `${out}]`;
  }
  const record = value as Record<string, unknown>;
  let out = '{';
  let first = true;
  for (const key of sortedKeys(Object.keys(record))) {
    const entry = record[key];
    if (entry === undefined || typeof entry === 'function') continue;
    if (!first) out += ',';
    first = false;
    out += quotedKey(key) + canonicalJson(entry);
  }
  return `${out}}`;
}

// The keys of quotes are a few dozen names: each quoted once. Bounded, for unknown fields.
const QUOTED_KEYS = new Map<string, string>();
function quotedKey(key: string): string {
  let quoted = QUOTED_KEYS.get(key);
  if (quoted === undefined) {
    quoted = `${JSON.stringify(key)}:`;
    if (QUOTED_KEYS.size < 4096) QUOTED_KEYS.set(key, quoted);
  }
  return quoted;
}

// Sorted orders by an object's first key and key count, reused when all its keys match.
const SORTED = new Map<string, { keys: string[]; sorted: string[] }>();
function sortedKeys(keys: string[]): string[] {
  if (keys.length < 2) return keys;
  const slot = `${keys.length}:${keys[0]}`;
  const known = SORTED.get(slot);
  if (known && known.keys.every((key, index) => key === keys[index])) return known.sorted;
  const sorted = [...keys].sort();
  if (SORTED.size < 1024) SORTED.set(slot, { keys, sorted });
  return sorted;
}

/**
 * The first 128 bits of the text's sha-256, in hex: a change detector, not a signature, and
 * stored for every quote (schema 3 shortened the stored hashes the same way).
 */
export function hashText(text: string): string {
  // One-shot: no Hash object per quote.
  return hash('sha256', text, 'hex').slice(0, 32);
}

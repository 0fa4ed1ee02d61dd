import { createHash } from 'node:crypto';

/** JSON with keys in a fixed order, so equal content always gives equal text. */
export function canonicalJson(value: unknown): string {
  // Hand-written rather than a JSON.stringify replacer: it runs for every quote of every
  // page, and building sorted copies of each object cost more than the hashing.
  if (value === null || typeof value !== 'object') return JSON.stringify(value) ?? 'null';
  if (Array.isArray(value)) return `[${value.map((entry) => (entry === undefined ? 'null' : canonicalJson(entry))).join(',')}]`;
  const record = value as Record<string, unknown>;
  const parts: string[] = [];
  for (const key of Object.keys(record).sort()) {
    const entry = record[key];
    if (entry === undefined || typeof entry === 'function') continue;
    parts.push(`${JSON.stringify(key)}:${canonicalJson(entry)}`);
  }
  return `{${parts.join(',')}}`;
}

export function contentHash(value: unknown): string {
  return hashText(canonicalJson(value));
}

/**
 * The first 128 bits of the text's sha-256, in hex: a change detector, not a signature, and
 * stored for every quote (schema 3 shortened the stored hashes the same way).
 */
export function hashText(text: string): string {
  return createHash('sha256').update(text).digest('hex').slice(0, 32);
}

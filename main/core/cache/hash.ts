import { createHash } from 'node:crypto';

/** JSON with keys in a fixed order, so equal content always gives equal text. */
export function canonicalJson(value: unknown): string {
  return JSON.stringify(value, (_key, inner: unknown) => {
    if (inner === null || typeof inner !== 'object' || Array.isArray(inner)) return inner;
    const sorted: Record<string, unknown> = {};
    for (const key of Object.keys(inner).sort()) sorted[key] = (inner as Record<string, unknown>)[key];
    return sorted;
  });
}

export function contentHash(value: unknown): string {
  return hashText(canonicalJson(value));
}

export function hashText(text: string): string {
  return createHash('sha256').update(text).digest('hex');
}

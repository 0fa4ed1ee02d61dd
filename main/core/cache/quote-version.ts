import { createHash } from 'node:crypto';
import type { QuoteDetails } from '../../../preload/contract';

/** JSON with keys sorted at every level, so the same quote hashes the same however it was read. */
function canonical(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonical).join(',')}]`;
  if (value && typeof value === 'object') {
    const entries = Object.entries(value as Record<string, unknown>)
      .filter(([, inner]) => inner !== undefined)
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return `{${entries.map(([key, inner]) => `${JSON.stringify(key)}:${canonical(inner)}`).join(',')}}`;
  }
  return JSON.stringify(value);
}

/** A short hash of everything the service said about a quote: any change gives another version. */
export function quoteVersion(quote: QuoteDetails): string {
  return createHash('sha256').update(canonical(quote)).digest('hex').slice(0, 16);
}

import type { QuoteDetails } from '../../../preload/contract';
import { canonicalJson, hashText } from './hash';

/**
 * A short hash of everything the service said about a quote: any change gives another
 * version. It is the start of the hash the cache stores the details under, so what the cache
 * stored tells the version without reading the details back ('inbox.changed' carries it).
 */
export function quoteVersion(quote: QuoteDetails): string {
  return versionOfDetailsHash(hashText(canonicalJson(quote)));
}

/** The version of details stored under this hash (record.ts's detailsHash). */
export function versionOfDetailsHash(detailsHash: string): string {
  return detailsHash.slice(0, 16);
}

// A quote's service types and target markets as two text columns beside the inbox's, NULL
// when the details were never fetched. Each value is written as its length, ':', and itself
// ("11:translation3:dtp"): any label survives, and loading the inbox still parses no JSON.
import type { QuoteDetails } from '../../../preload/contract';
import { pricingFacets } from './pricing-facets';

export interface FacetColumns {
  serviceTypes: readonly string[] | null;
  targetMarkets: readonly string[] | null;
}

export const NO_FACETS: FacetColumns = { serviceTypes: null, targetMarkets: null };

export function facetColumnsOf(details: QuoteDetails): FacetColumns {
  return pricingFacets(details);
}

export const encodeFacet = (values: readonly string[] | null): string | null => (values === null ? null : values.map((value) => `${value.length}:${value}`).join(''));

function decodeFacet(text: string): string[] {
  const values: string[] = [];
  for (let at = 0; at < text.length; ) {
    const colon = text.indexOf(':', at);
    const length = Number(text.slice(at, colon));
    if (colon < 0 || !Number.isInteger(length)) throw new Error(`A stored facet value cannot be read: ${text}`);
    values.push(text.slice(colon + 1, colon + 1 + length));
    at = colon + 1 + length;
  }
  return values;
}

/**
 * Decodes a column; quotes share a handful of distinct sets, so each distinct text is parsed
 * once per load (a fresh decoder per load: the sets are frozen and shared by the rows).
 */
export function facetDecoder(): (text: string | number | null) => readonly string[] | undefined {
  const seen = new Map<string, readonly string[]>();
  return (text) => {
    if (text === null) return undefined;
    const key = String(text);
    let values = seen.get(key);
    if (!values) seen.set(key, (values = Object.freeze(decodeFacet(key))));
    return values;
  };
}

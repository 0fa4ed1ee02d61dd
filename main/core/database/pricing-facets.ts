import type { QuoteDetails } from '../../../preload/contract';

/**
 * The service types and target markets a quote's pricing names: two facets of the inbox,
 * known from its details. Here in the store because the store keeps them beside the inbox
 * columns (and a migration fills them from stored details); the cache reads them from here.
 */
export function pricingFacets(details: QuoteDetails): { serviceTypes: string[]; targetMarkets: string[] } {
  const serviceTypes = new Set<string>();
  const targetMarkets = new Set<string>();
  for (const team of details.itemsPricing?.teams ?? []) {
    for (const service of team.clientServices) {
      serviceTypes.add(service.serviceType);
      for (const market of service.targetMarkets) targetMarkets.add(market.targetMarketLabel);
    }
  }
  return { serviceTypes: [...serviceTypes], targetMarkets: [...targetMarkets] };
}

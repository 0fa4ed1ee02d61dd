import type { QuoteDetails } from '../../../../preload/contract';

/** The service types and target markets a quote's pricing names: two facets of the inbox, known from its details. */
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

// The three responses whose shapes the spec leaves open: filters, summary and project
// team users. Their shapes are documented in docs/simulator.md.
import { QUOTE_STATUSES } from '../../../preload/contract';
import type { QuoteStatus } from '../../../preload/contract';
import type { Principal } from '../auth/credentials';
import type { QuoteRecord } from '../model';
import { round2 } from '../model';
import { marketSubTotal, pricingTotal, serviceTotal, servicesByTeam } from '../seed/pricing';
import type { World } from '../world';
import { canSee, currentPricing, visibleStatus } from './quote-views';

export function quoteFilters(world: World, principal: Principal) {
  const statuses = new Set<QuoteStatus>(QUOTE_STATUSES.map((status) => visibleStatus(principal, status)));
  const companies = world.companies.filter((company) => principal.kind === 'admin' || company.id === principal.companyId);
  const currencies = new Set<string>();
  const serviceTypes = new Map<string, string>();
  const markets = new Map<string, { id: string; code: string; label: string }>();
  for (const quote of world.quotes) {
    if (!canSee(principal, quote)) continue;
    const pricing = currentPricing(quote);
    if (!pricing) continue;
    currencies.add(pricing.currency);
    for (const service of pricing.services) {
      serviceTypes.set(service.serviceType, service.serviceName);
      for (const { market } of service.markets) markets.set(market.id, market);
    }
  }
  return {
    statuses: [...statuses],
    companies: companies.map((company) => ({ id: company.id, name: company.name })),
    currencies: [...currencies].sort(),
    serviceTypes: [...serviceTypes].map(([value, label]) => ({ value, label })).sort((a, b) => a.value.localeCompare(b.value)),
    targetMarkets: [...markets.values()].sort((a, b) => a.code.localeCompare(b.code)),
  };
}

export function quoteSummary(principal: Principal, quote: QuoteRecord) {
  const pricing = currentPricing(quote);
  const teams = pricing
    ? servicesByTeam(pricing).map(({ teamName, services }) => ({
        teamName,
        total: round2(services.reduce((sum, service) => sum + serviceTotal(service), 0)),
        services: services.map((service) => ({ serviceType: service.serviceType, serviceName: service.serviceName, total: serviceTotal(service) })),
        targetMarkets: [...new Set(services.flatMap((service) => service.markets.map(({ market }) => market.code)))],
        lineItems: services.flatMap((service) =>
          service.markets.map(({ market, items }) => ({ serviceType: service.serviceType, targetMarket: market.code, items: items.length, subTotal: marketSubTotal(items) })),
        ),
      }))
    : [];
  return {
    quoteId: quote.id,
    quoteNumber: quote.quoteNumber,
    status: visibleStatus(principal, quote.status),
    currency: pricing?.currency ?? null,
    total: pricing ? pricingTotal(pricing) : null,
    revision: quote.revisions.at(-1)?.revision ?? 1,
    teams,
    lineItemCount: pricing ? pricing.services.reduce((sum, service) => sum + service.markets.reduce((count, entry) => count + entry.items.length, 0), 0) : 0,
  };
}

export function projectTeamUsers(quote: QuoteRecord) {
  return quote.team.members.map((member) => ({
    userId: member.id,
    name: member.name,
    email: member.email,
    role: member.role,
    isProjectOwner: member.id === quote.team.ownerId,
  }));
}

// Spec shapes of a quote, as one principal may see it (the visibility rule).
import { clientFacingStatus } from '../../../preload/contract';
import type { QuoteDetails, QuoteListItem, QuoteStatus } from '../../../preload/contract';
import type { Principal } from '../auth/credentials';
import type { CompanyRecord, PricingRecord, QuoteRecord } from '../model';
import { currentPricing, isoDateTime, round2 } from '../model';

export { currentPricing };
import { lineTotal, marketSubTotal, pricingTotal, serviceTotal, servicesByTeam } from '../seed/pricing';

export function visibleStatus(principal: Pick<Principal, 'kind'>, stored: QuoteStatus): QuoteStatus {
  return principal.kind === 'admin' ? stored : clientFacingStatus(stored);
}

export function canSee(principal: Principal, quote: QuoteRecord): boolean {
  return principal.kind === 'admin' || principal.companyId === quote.companyId;
}

function totalPrice(quote: QuoteRecord): { amount: number; currency: string } | null {
  const pricing = currentPricing(quote);
  return pricing ? { amount: pricingTotal(pricing), currency: pricing.currency } : null;
}

export function toListItem(principal: Principal, quote: QuoteRecord, company: CompanyRecord): QuoteListItem {
  return {
    id: quote.id,
    quoteNumber: quote.quoteNumber,
    projectName: quote.projectName,
    projectDescription: quote.projectDescription,
    status: visibleStatus(principal, quote.status),
    companyId: company.id,
    companyName: company.name,
    totalPrice: totalPrice(quote),
    quoteDate: quote.quoteDate === null ? null : isoDateTime(quote.quoteDate),
    deadlineForQuote: quote.deadlineForQuote,
    projectDueDate: quote.projectDueDate,
    referenceNumber: quote.referenceNumber,
    validUntil: quote.validUntil === null ? null : isoDateTime(quote.validUntil),
    createdAt: isoDateTime(quote.createdAt),
    updatedAt: isoDateTime(quote.updatedAt),
  };
}

/** `logoUrl`: where the company's logo is served, or null when it has none. */
export function toDetails(principal: Principal, quote: QuoteRecord, company: CompanyRecord, logoUrl: string | null = null): QuoteDetails {
  const owner = quote.team.members.find((member) => member.id === quote.team.ownerId) ?? null;
  const revision = quote.revisions.at(-1);
  return {
    id: quote.id,
    quoteNumber: quote.quoteNumber,
    projectName: quote.projectName,
    projectDescription: quote.projectDescription,
    status: visibleStatus(principal, quote.status),
    company: {
      id: company.id,
      name: company.name,
      country: company.country,
      timezone: company.timezone,
      clientUsers: company.users.map((user) => ({ ...user, profilePicture: null })),
      logo: logoUrl === null ? null : { url: logoUrl },
      team: company.team,
    },
    totalPrice: totalPrice(quote),
    quoteDate: quote.quoteDate === null ? null : isoDateTime(quote.quoteDate),
    deadlineForQuote: quote.deadlineForQuote,
    projectDueDate: quote.projectDueDate,
    validUntil: quote.validUntil === null ? null : isoDateTime(quote.validUntil),
    referenceNumber: quote.referenceNumber,
    poNumber: quote.poNumber,
    poRequired: quote.poRequired,
    generalInformation: {
      projectName: quote.projectName,
      projectDescription: quote.projectDescription,
      backgroundInfo: quote.backgroundInfo,
      targetAudience: quote.targetAudience,
      referenceNumber: quote.referenceNumber,
    },
    timeline: {
      quoteExpiryDate: quote.validUntil === null ? null : isoDateTime(quote.validUntil),
      projectDueDate: `${quote.projectDueDate}T17:00:00.000Z`,
    },
    rfqInformation: { rfqId: quote.rfqId, rfqNo: quote.rfqNumber, deadlineForQuote: quote.deadlineForQuote },
    projectTeam: {
      members: quote.team.members.map((member) => ({
        userId: member.id,
        name: member.name,
        email: member.email,
        role: member.role,
        isProjectOwner: member.id === quote.team.ownerId,
        profilePicture: null,
      })),
      projectOwner: owner ? { name: owner.name, email: owner.email, userId: owner.id, profilePicture: null } : null,
    },
    itemsPricing: revision?.pricing ? itemsPricing(revision.pricing, revision.at) : null,
    createdAt: isoDateTime(quote.createdAt),
    updatedAt: isoDateTime(quote.updatedAt),
  };
}

function itemsPricing(pricing: PricingRecord, calculatedAt: number): NonNullable<QuoteDetails['itemsPricing']> {
  return {
    teams: servicesByTeam(pricing).map(({ teamName, services }) => ({
      teamName,
      currency: pricing.currency,
      total: round2(services.reduce((sum, service) => sum + serviceTotal(service), 0)),
      clientServices: services.map((service) => ({
        serviceName: service.serviceName,
        serviceType: service.serviceType,
        dueDate: service.dueDate,
        notes: service.notes,
        total: serviceTotal(service),
        targetMarkets: service.markets.map(({ market, items }) => ({
          targetMarketId: market.id,
          targetMarketLabel: market.label,
          items: items.map((item) => ({ ...item, totalPrice: lineTotal(item) })),
          subTotal: marketSubTotal(items),
        })),
      })),
    })),
    total: pricingTotal(pricing),
    calculatedAt: isoDateTime(calculatedAt),
  };
}

// Priced line items for a quote, and how a revision changes them.
import type { Random } from '../random';
import type { LineItemRecord, PricingRecord, ServicePricing, TargetMarket } from '../model';
import { DAY_MS, isoDate, round2 } from '../model';
import { SERVICE_NOTES, SERVICES } from './catalog';

export function generatePricing(random: Random, currency: string, markets: readonly TargetMarket[], dueMs: number): PricingRecord {
  const services: ServicePricing[] = random.sample(SERVICES, random.int(1, 3)).map((template) => ({
    serviceName: template.serviceName,
    serviceType: template.serviceType,
    teamName: template.teamName,
    dueDate: random.chance(0.8) ? isoDate(dueMs - random.int(0, 5) * DAY_MS) : null,
    notes: random.chance(0.4) ? random.pick(SERVICE_NOTES) : null,
    markets: random.sample(markets, random.int(1, 3)).map((market) => ({
      market,
      items: template.items
        .filter((_, index) => index === 0 || random.chance(0.6))
        .map((item) => ({
          itemName: item.itemName,
          unit: item.unit,
          quantity: random.int(item.quantity[0], item.quantity[1]),
          unitPrice: round2(item.unitPrice[0] + random.next() * (item.unitPrice[1] - item.unitPrice[0])) || item.unitPrice[1],
        })),
    })),
  }));
  return { currency, services };
}

/** A revised offer: some prices drop, some quantities change, sometimes an item goes. */
export function revisePricing(random: Random, previous: PricingRecord): PricingRecord {
  const services = previous.services.map((service) => ({
    ...service,
    markets: service.markets.map((entry) => ({
      market: entry.market,
      items: reviseItems(random, entry.items),
    })),
  }));
  const revised = { currency: previous.currency, services };
  // A revision always changes the total, so a client comparing versions sees a difference.
  if (pricingTotal(revised) === pricingTotal(previous)) {
    const first = services[0]?.markets[0]?.items[0];
    // Ten percent off a price of a few cents can round back to the same cents: then a cent more.
    const lower = first ? round2(first.unitPrice * 0.9) : 0;
    if (first) first.unitPrice = lower > 0 && lower < first.unitPrice ? lower : round2(first.unitPrice + 0.01);
  }
  return revised;
}

function reviseItems(random: Random, items: LineItemRecord[]): LineItemRecord[] {
  const kept = items.filter((_, index) => index === 0 || !random.chance(0.15));
  return kept.map((item) => {
    const next = { ...item };
    if (random.chance(0.6)) next.unitPrice = round2(item.unitPrice * (0.85 + random.next() * 0.12)) || item.unitPrice;
    if (random.chance(0.3)) next.quantity = Math.max(1, Math.round(item.quantity * (0.8 + random.next() * 0.4)));
    return next;
  });
}

export function lineTotal(item: LineItemRecord): number {
  return round2(item.quantity * item.unitPrice);
}

export function marketSubTotal(items: readonly LineItemRecord[]): number {
  return round2(items.reduce((sum, item) => sum + lineTotal(item), 0));
}

export function serviceTotal(service: ServicePricing): number {
  return round2(service.markets.reduce((sum, entry) => sum + marketSubTotal(entry.items), 0));
}

export function pricingTotal(pricing: PricingRecord): number {
  return round2(pricing.services.reduce((sum, service) => sum + serviceTotal(service), 0));
}

/** Services grouped by the team that delivers them, in first-seen order. */
export function servicesByTeam(pricing: PricingRecord): { teamName: string; services: ServicePricing[] }[] {
  const teams = new Map<string, ServicePricing[]>();
  for (const service of pricing.services) {
    const list = teams.get(service.teamName) ?? [];
    list.push(service);
    teams.set(service.teamName, list);
  }
  return [...teams].map(([teamName, services]) => ({ teamName, services }));
}

// Checks and views over a quote's itemsPricing. Pure: the pricing component and its tests
// share them.
import type { ItemsPricing } from '../../../preload/contract';
import { minorUnit, minorUnitDigits } from './money';
import { m } from '../../../i18n/paraglide/messages.js';

export type PricingLevel = 'line item' | 'target market' | 'service' | 'team' | 'quote';

/** One place where the stated amount is not the sum (or product) of its parts. */
export interface PricingMismatch {
  level: PricingLevel;
  /** Where, as a person reads it: ["Translation team", "Translation", "German (Germany)", "Words"]. */
  path: string[];
  stated: number;
  computed: number;
  /** stated − computed, rounded to the currency's minor unit. */
  difference: number;
  currency: string;
}

function roundTo(value: number, digits: number): number {
  const factor = 10 ** digits;
  return Math.round((value + Number.EPSILON * Math.sign(value)) * factor) / factor;
}

/**
 * Every stated total that does not match its parts: line totals (quantity × unit price),
 * target-market subtotals, service totals, team totals and the quote total. Amounts are
 * compared after rounding to the currency's minor unit, and one minor unit of difference is
 * tolerated, since the service may round each part before adding them up.
 */
export function checkPricingSums(pricing: ItemsPricing | null | undefined): PricingMismatch[] {
  if (!pricing) return [];
  const mismatches: PricingMismatch[] = [];
  const currencies = new Set(pricing.teams.map((team) => team.currency));
  const quoteCurrency = pricing.teams[0]?.currency ?? 'EUR';

  function compare(level: PricingLevel, path: string[], stated: number, computed: number, currency: string) {
    const digits = minorUnitDigits(currency);
    const difference = roundTo(roundTo(stated, digits) - roundTo(computed, digits), digits);
    if (Math.abs(difference) > minorUnit(currency) + 1e-9) {
      mismatches.push({ level, path, stated, computed: roundTo(computed, digits), difference, currency });
    }
  }

  let teamsSum = 0;
  for (const team of pricing.teams) {
    let servicesSum = 0;
    for (const service of team.clientServices) {
      let marketsSum = 0;
      for (const market of service.targetMarkets) {
        let itemsSum = 0;
        for (const item of market.items) {
          const path = [team.teamName, service.serviceName, market.targetMarketLabel, item.itemName];
          compare('line item', path, item.totalPrice, item.quantity * item.unitPrice, team.currency);
          itemsSum += item.totalPrice;
        }
        compare('target market', [team.teamName, service.serviceName, market.targetMarketLabel], market.subTotal, itemsSum, team.currency);
        marketsSum += market.subTotal;
      }
      compare('service', [team.teamName, service.serviceName], service.total, marketsSum, team.currency);
      servicesSum += service.total;
    }
    compare('team', [team.teamName], team.total, servicesSum, team.currency);
    teamsSum += team.total;
  }
  // Teams priced in different currencies cannot be added up: there is no total to check.
  if (currencies.size <= 1 && pricing.teams.length > 0) compare('quote', [m.quote_pricing_quote_total()], pricing.total, teamsSum, quoteCurrency);
  return mismatches;
}

export type SplitDimension = 'team' | 'service' | 'market';

export interface SplitSlice {
  label: string;
  amount: number;
  /** Share of the whole, 0..1 (0 when the whole is not positive). */
  share: number;
}

/** The quote's money split by team, service or target market, largest first. */
export function splitPricing(pricing: ItemsPricing | null | undefined, by: SplitDimension): SplitSlice[] {
  if (!pricing) return [];
  const sums = new Map<string, number>();
  const add = (label: string, amount: number) => sums.set(label, (sums.get(label) ?? 0) + amount);
  for (const team of pricing.teams) {
    if (by === 'team') {
      add(team.teamName, team.total);
      continue;
    }
    for (const service of team.clientServices) {
      if (by === 'service') {
        add(service.serviceName, service.total);
        continue;
      }
      for (const market of service.targetMarkets) add(market.targetMarketLabel, market.subTotal);
    }
  }
  const whole = [...sums.values()].reduce((sum, amount) => sum + Math.max(0, amount), 0);
  return [...sums]
    .map(([label, amount]) => ({ label, amount, share: whole > 0 ? Math.max(0, amount) / whole : 0 }))
    .sort((a, b) => b.amount - a.amount || a.label.localeCompare(b.label));
}

/** The currency the quote is priced in: the stated total's, else the first team's. */
export function pricingCurrency(pricing: ItemsPricing | null | undefined, fallback: string | null | undefined): string {
  return fallback ?? pricing?.teams[0]?.currency ?? 'EUR';
}

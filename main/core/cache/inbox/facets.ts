import type { QuoteFacts } from './facts';
import { DUE_RANGES, INBOX_STAGES, VALIDITY_RANGES } from './types';
import type { DueRange, FacetCount, InboxFacets, InboxFilters, InboxStage, ValidityRange } from './types';

export const DAY_MS = 86_400_000;

/** The facets whose values come from the quotes, each value numbered once for the index's life. */
export type ValueFacet = 'companies' | 'currencies' | 'serviceTypes' | 'targetMarkets';

/** Numbers each facet value, so a count is an array slot rather than a map entry. */
export class FacetValues {
  private readonly ids = new Map<string, number>();
  readonly values: string[] = [];

  idOf(value: string): number {
    let id = this.ids.get(value);
    if (id === undefined) {
      id = this.values.length;
      this.ids.set(value, id);
      this.values.push(value);
    }
    return id;
  }

  /** The id of a value already seen; -2 for one never seen (it matches no quote: -1 is a quote without the value). */
  find(value: string): number {
    return this.ids.get(value) ?? -2;
  }
}


/** The facets in the order of a failure bit. */
const STAGES = 1 << 0;
const COMPANIES = 1 << 1;
const CURRENCIES = 1 << 2;
const SERVICES = 1 << 3;
const MARKETS = 1 << 4;
const DUE = 1 << 5;
const VALIDITY = 1 << 6;

/** Where the date ranges start and end for one query's `now`, worked out once. */
class Ranges {
  private readonly today: number;
  private readonly dueWeek: number;
  private readonly dueMonth: number;
  private readonly validWeek: number;
  private readonly validMonth: number;

  constructor(private readonly now: number) {
    this.today = Math.floor(now / DAY_MS) * DAY_MS;
    this.dueWeek = this.today + 7 * DAY_MS;
    this.dueMonth = this.today + 30 * DAY_MS;
    this.validWeek = now + 7 * DAY_MS;
    this.validMonth = now + 30 * DAY_MS;
  }

  due(dueMs: number): number {
    if (dueMs === Number.POSITIVE_INFINITY) return 4;
    return dueMs < this.today ? 0 : dueMs < this.dueWeek ? 1 : dueMs < this.dueMonth ? 2 : 3;
  }

  validity(validMs: number): number {
    if (validMs === Number.POSITIVE_INFINITY) return 4;
    return validMs < this.now ? 0 : validMs <= this.validWeek ? 1 : validMs <= this.validMonth ? 2 : 3;
  }
}

const anyIn = (ids: readonly number[], set: Set<number>) => {
  for (let index = 0; index < ids.length; index += 1) if (set.has(ids[index]!)) return true;
  return false;
};

/**
 * A query's facet filters as sets of numbers: `failures` says which of them a quote fails,
 * one bit per facet, so one pass both filters and counts each facet against every filter
 * but its own.
 */
export class FacetFilter {
  private readonly stages: Set<number> | null;
  private readonly companies: Set<number> | null;
  private readonly currencies: Set<number> | null;
  private readonly services: Set<number> | null;
  private readonly markets: Set<number> | null;
  private readonly due: Set<number> | null;
  private readonly validity: Set<number> | null;
  private readonly ranges: Ranges;
  readonly active: boolean;

  constructor(filters: InboxFilters & { stages?: readonly InboxStage[] }, dictionaries: Record<ValueFacet, FacetValues>, now: number) {
    const valueSet = (values: readonly string[] | undefined, dictionary: FacetValues) =>
      values && values.length > 0 ? new Set(values.map((value) => dictionary.find(value))) : null;
    const indexSet = <R extends string>(values: readonly R[] | undefined, all: readonly R[]) =>
      values && values.length > 0 ? new Set(values.map((value) => all.indexOf(value))) : null;
    this.stages = indexSet(filters.stages, INBOX_STAGES);
    this.companies = valueSet(filters.companies, dictionaries.companies);
    this.currencies = valueSet(filters.currencies, dictionaries.currencies);
    this.services = valueSet(filters.serviceTypes, dictionaries.serviceTypes);
    this.markets = valueSet(filters.targetMarkets, dictionaries.targetMarkets);
    this.due = indexSet<DueRange>(filters.dueDate, DUE_RANGES);
    this.validity = indexSet<ValidityRange>(filters.validUntil, VALIDITY_RANGES);
    this.ranges = new Ranges(now);
    this.active = [this.stages, this.companies, this.currencies, this.services, this.markets, this.due, this.validity].some((set) => set !== null);
  }

  /** One bit per facet filter the quote fails (0: it passes them all); `stage` is its number in INBOX_STAGES. */
  failures(stage: number, ordinal: number, facts: QuoteFacts): number {
    let bits = 0;
    if (this.stages !== null && !this.stages.has(stage)) bits |= STAGES;
    if (this.companies !== null && !this.companies.has(facts.company[ordinal]!)) bits |= COMPANIES;
    if (this.currencies !== null && !this.currencies.has(facts.currency[ordinal]!)) bits |= CURRENCIES;
    if (this.services !== null && !anyIn(facts.serviceTypes[ordinal]!, this.services)) bits |= SERVICES;
    if (this.markets !== null && !anyIn(facts.targetMarkets[ordinal]!, this.markets)) bits |= MARKETS;
    if (this.due !== null && !this.due.has(this.ranges.due(facts.dueMs[ordinal]!))) bits |= DUE;
    if (this.validity !== null && !this.validity.has(this.ranges.validity(facts.validMs[ordinal]!))) bits |= VALIDITY;
    return bits;
  }
}

/** Counts of one query, filled a quote at a time. */
export class FacetCounter {
  private total = 0;
  private coverageKnown = 0;
  private coverageTotal = 0;
  private readonly stages = new Int32Array(INBOX_STAGES.length);
  private readonly companies: Int32Array;
  private readonly currencies: Int32Array;
  private readonly services: Int32Array;
  private readonly markets: Int32Array;
  private readonly due = new Int32Array(DUE_RANGES.length);
  private readonly validity = new Int32Array(VALIDITY_RANGES.length);
  private readonly ranges: Ranges;

  constructor(
    private readonly dictionaries: Record<ValueFacet, FacetValues>,
    private readonly filters: InboxFilters,
    now: number,
  ) {
    this.companies = new Int32Array(dictionaries.companies.values.length);
    this.currencies = new Int32Array(dictionaries.currencies.values.length);
    this.services = new Int32Array(dictionaries.serviceTypes.values.length);
    this.markets = new Int32Array(dictionaries.targetMarkets.values.length);
    this.ranges = new Ranges(now);
  }

  /** A quote the facets count over (the base filters and search pass it): whether its service types and target markets are known. */
  cover(described: boolean): void {
    this.coverageTotal += 1;
    if (described) this.coverageKnown += 1;
  }

  /** Counts a quote matching the base filters, given the facet filters it fails. */
  add(stage: number, ordinal: number, facts: QuoteFacts, failures: number): void {
    // Failing two facet filters, a quote counts in none; failing one, only in that one.
    if (failures !== 0 && (failures & (failures - 1)) !== 0) return;
    if (failures === 0) this.total += 1;
    const all = failures === 0;
    if (all || failures === STAGES) this.stages[stage]! += 1;
    const company = facts.company[ordinal]!;
    if ((all || failures === COMPANIES) && company >= 0) this.companies[company]! += 1;
    const currency = facts.currency[ordinal]!;
    if ((all || failures === CURRENCIES) && currency >= 0) this.currencies[currency]! += 1;
    if (all || failures === SERVICES) {
      const ids = facts.serviceTypes[ordinal]!;
      for (let index = 0; index < ids.length; index += 1) this.services[ids[index]!]! += 1;
    }
    if (all || failures === MARKETS) {
      const ids = facts.targetMarkets[ordinal]!;
      for (let index = 0; index < ids.length; index += 1) this.markets[ids[index]!]! += 1;
    }
    if (all || failures === DUE) this.due[this.ranges.due(facts.dueMs[ordinal]!)]! += 1;
    if (all || failures === VALIDITY) this.validity[this.ranges.validity(facts.validMs[ordinal]!)]! += 1;
  }

  result(): InboxFacets {
    const listed = (facet: ValueFacet, counts: Int32Array): FacetCount[] => {
      const chosen = new Set(this.filters[facet] ?? []);
      const out: FacetCount[] = [];
      this.dictionaries[facet].values.forEach((value, id) => {
        const count = id < counts.length ? counts[id]! : 0;
        if (count > 0 || chosen.has(value)) out.push({ value, count });
        chosen.delete(value);
      });
      // A chosen value no quote has (any more) stays listed, so its chip can be removed.
      for (const value of chosen) out.push({ value, count: 0 });
      return out.sort((a, b) => b.count - a.count || (a.value < b.value ? -1 : a.value > b.value ? 1 : 0));
    };
    const ranged = <R extends string>(all: readonly R[], counts: Int32Array): FacetCount<R>[] => all.map((value, index) => ({ value, count: counts[index]! }));
    return {
      total: this.total,
      stages: ranged(INBOX_STAGES, this.stages),
      companies: listed('companies', this.companies),
      currencies: listed('currencies', this.currencies),
      serviceTypes: listed('serviceTypes', this.services),
      targetMarkets: listed('targetMarkets', this.markets),
      dueDate: ranged(DUE_RANGES, this.due),
      validUntil: ranged(VALIDITY_RANGES, this.validity),
      coverage: { known: this.coverageKnown, total: this.coverageTotal },
    };
  }
}

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

/** What the facets read of a quote (its stage is the view's, given apart). */
export interface FacetFacts {
  company: number;
  currency: number;
  serviceTypes: readonly number[];
  targetMarkets: readonly number[];
  dueMs: number;
  validMs: number;
}

export function dueRange(dueMs: number, now: number): number {
  if (dueMs === Number.POSITIVE_INFINITY) return 4;
  const today = Math.floor(now / DAY_MS) * DAY_MS;
  if (dueMs < today) return 0;
  if (dueMs < today + 7 * DAY_MS) return 1;
  if (dueMs < today + 30 * DAY_MS) return 2;
  return 3;
}

export function validityRange(validMs: number, now: number): number {
  if (validMs === Number.POSITIVE_INFINITY) return 4;
  if (validMs < now) return 0;
  if (validMs <= now + 7 * DAY_MS) return 1;
  if (validMs <= now + 30 * DAY_MS) return 2;
  return 3;
}

const STAGE_NUMBER = new Map<InboxStage, number>(INBOX_STAGES.map((stage, index) => [stage, index]));

/** The facets in the order of a failure bit. */
const STAGES = 0;
const COMPANIES = 1;
const CURRENCIES = 2;
const SERVICES = 3;
const MARKETS = 4;
const DUE = 5;
const VALIDITY = 6;

/**
 * A query's facet filters as sets of numbers: `failures(facts)` says which of them a quote
 * fails, one bit per facet, so one pass both filters and counts each facet against every
 * filter but its own.
 */
export class FacetFilter {
  private readonly sets: (Set<number> | null)[];
  readonly active: boolean;

  constructor(
    filters: InboxFilters & { stages?: readonly InboxStage[] },
    dictionaries: Record<ValueFacet, FacetValues>,
    private readonly now: number,
  ) {
    const valueSet = (values: readonly string[] | undefined, dictionary: FacetValues) =>
      values && values.length > 0 ? new Set(values.map((value) => dictionary.find(value))) : null;
    const rangeSet = <R extends string>(values: readonly R[] | undefined, all: readonly R[]) =>
      values && values.length > 0 ? new Set(values.map((value) => all.indexOf(value))) : null;
    this.sets = [
      filters.stages && filters.stages.length > 0 ? new Set(filters.stages.map((stage) => STAGE_NUMBER.get(stage)!)) : null,
      valueSet(filters.companies, dictionaries.companies),
      valueSet(filters.currencies, dictionaries.currencies),
      valueSet(filters.serviceTypes, dictionaries.serviceTypes),
      valueSet(filters.targetMarkets, dictionaries.targetMarkets),
      rangeSet<DueRange>(filters.dueDate, DUE_RANGES),
      rangeSet<ValidityRange>(filters.validUntil, VALIDITY_RANGES),
    ];
    this.active = this.sets.some((set) => set !== null);
  }

  /** One bit per facet filter the quote fails (0: it passes them all). */
  failures(stage: InboxStage, facts: FacetFacts): number {
    const [stages, companies, currencies, services, markets, due, validity] = this.sets;
    let bits = 0;
    if (stages && !stages.has(STAGE_NUMBER.get(stage)!)) bits |= 1 << STAGES;
    if (companies && !companies.has(facts.company)) bits |= 1 << COMPANIES;
    if (currencies && !currencies.has(facts.currency)) bits |= 1 << CURRENCIES;
    if (services && !facts.serviceTypes.some((id) => services.has(id))) bits |= 1 << SERVICES;
    if (markets && !facts.targetMarkets.some((id) => markets.has(id))) bits |= 1 << MARKETS;
    if (due && !due.has(dueRange(facts.dueMs, this.now))) bits |= 1 << DUE;
    if (validity && !validity.has(validityRange(facts.validMs, this.now))) bits |= 1 << VALIDITY;
    return bits;
  }
}

/** Counts of one query, filled a quote at a time. */
export class FacetCounter {
  private total = 0;
  private readonly stages = new Int32Array(INBOX_STAGES.length);
  private readonly values: Record<ValueFacet, Int32Array>;
  private readonly due = new Int32Array(DUE_RANGES.length);
  private readonly validity = new Int32Array(VALIDITY_RANGES.length);

  constructor(
    private readonly dictionaries: Record<ValueFacet, FacetValues>,
    private readonly filters: InboxFilters & { stages?: readonly InboxStage[] },
    private readonly now: number,
  ) {
    const counts = (facet: ValueFacet) => new Int32Array(dictionaries[facet].values.length);
    this.values = { companies: counts('companies'), currencies: counts('currencies'), serviceTypes: counts('serviceTypes'), targetMarkets: counts('targetMarkets') };
  }

  /** Counts a quote matching the base filters, given the facet filters it fails. */
  add(stage: InboxStage, facts: FacetFacts, failures: number): void {
    if (failures === 0) this.total += 1;
    // A quote failing two facet filters counts in none; failing one, only in that one.
    if (failures !== 0 && (failures & (failures - 1)) !== 0) return;
    const counts = (facet: number) => failures === 0 || failures === 1 << facet;
    if (counts(STAGES)) this.stages[STAGE_NUMBER.get(stage)!]! += 1;
    if (counts(COMPANIES) && facts.company >= 0) this.values.companies[facts.company]! += 1;
    if (counts(CURRENCIES) && facts.currency >= 0) this.values.currencies[facts.currency]! += 1;
    if (counts(SERVICES)) for (const id of facts.serviceTypes) this.values.serviceTypes[id]! += 1;
    if (counts(MARKETS)) for (const id of facts.targetMarkets) this.values.targetMarkets[id]! += 1;
    if (counts(DUE)) this.due[dueRange(facts.dueMs, this.now)]! += 1;
    if (counts(VALIDITY)) this.validity[validityRange(facts.validMs, this.now)]! += 1;
  }

  result(): InboxFacets {
    const listed = (facet: ValueFacet): FacetCount[] => {
      const chosen = new Set(this.filters[facet] ?? []);
      const counts = this.values[facet];
      const out: FacetCount[] = [];
      this.dictionaries[facet].values.forEach((value, id) => {
        const count = id < counts.length ? counts[id]! : 0;
        if (count > 0 || chosen.has(value)) out.push({ value, count });
        chosen.delete(value);
      });
      // A chosen value no quote has (any more) stays listed, so its chip can be removed.
      for (const value of chosen) out.push({ value, count: 0 });
      return out.sort((a, b) => b.count - a.count || a.value.localeCompare(b.value));
    };
    const ranged = <R extends string>(all: readonly R[], counts: Int32Array): FacetCount<R>[] => all.map((value, index) => ({ value, count: counts[index]! }));
    return {
      total: this.total,
      stages: ranged(INBOX_STAGES, this.stages),
      companies: listed('companies'),
      currencies: listed('currencies'),
      serviceTypes: listed('serviceTypes'),
      targetMarkets: listed('targetMarkets'),
      dueDate: ranged(DUE_RANGES, this.due),
      validUntil: ranged(VALIDITY_RANGES, this.validity),
    };
  }
}

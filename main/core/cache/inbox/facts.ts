const NONE: readonly number[] = [];
const DAY_MS = 86_400_000;
/** `quoteDay` of a quote without a (readable) quote date. */
export const NO_DAY = -2_147_483_648;

/** The day (UTC days since the epoch) a quote date names, as written (its first 10 characters, so a local date-time stays on its own day); NO_DAY without one. */
export function dayOf(quoteDate: string | null): number {
  if (quoteDate === null || quoteDate.length < 10) return NO_DAY;
  const ms = Date.UTC(Number(quoteDate.slice(0, 4)), Number(quoteDate.slice(5, 7)) - 1, Number(quoteDate.slice(8, 10)));
  return Number.isNaN(ms) ? NO_DAY : Math.round(ms / DAY_MS);
}

/**
 * What the filters and facets read of each quote, by its ordinal, in typed arrays: a pass
 * over 100,000 quotes then reads memory in sequence, not 100,000 objects scattered over the
 * heap (each a cache miss: on the shared machine that was most of a facet count's time).
 */
export class QuoteFacts {
  company = new Int32Array(1024);
  /** The quote date (`quoteDateMs`: UNDATED_MS without one), what the date orders read. */
  quoteMs = new Float64Array(1024);
  currency = new Int32Array(1024);
  dueMs = new Float64Array(1024);
  validMs = new Float64Array(1024);
  /** 1: the quote's service types and target markets are known (its details were read, or refused). */
  described = new Uint8Array(1024);
  /** The shown total's amount, NaN without one (what Insights sums, in `currency`). */
  amount = new Float64Array(1024);
  /** The quote date's day (`dayOf`): what Insights' ranges and months read. */
  quoteDay = new Int32Array(1024);
  /**
   * When the quote at each ordinal came into the index (a count that only grows): an ordinal
   * freed by a removed quote is given to the next new one, so a reader that keeps something per
   * ordinal (Insights) tells it is still the same quote by a number compare, not by its id.
   */
  born = new Float64Array(1024);
  private births = 0;
  /** Few quotes have them (they come with the details): an array per quote that does. */
  readonly serviceTypes: (readonly number[])[] = [];
  readonly targetMarkets: (readonly number[])[] = [];

  set(
    ordinal: number,
    facts: { company: number; currency: number; quoteMs: number; dueMs: number; validMs: number; serviceTypes: readonly number[]; targetMarkets: readonly number[]; described: boolean },
    shown: { totalAmount: number | null; quoteDate: string | null },
  ): void {
    if (ordinal >= this.company.length) this.grow(ordinal + 1);
    this.company[ordinal] = facts.company;
    this.quoteMs[ordinal] = facts.quoteMs;
    this.currency[ordinal] = facts.currency;
    this.dueMs[ordinal] = facts.dueMs;
    this.validMs[ordinal] = facts.validMs;
    this.described[ordinal] = facts.described ? 1 : 0;
    this.amount[ordinal] = shown.totalAmount ?? Number.NaN;
    this.quoteDay[ordinal] = dayOf(shown.quoteDate);
    this.serviceTypes[ordinal] = facts.serviceTypes.length > 0 ? facts.serviceTypes : NONE;
    this.targetMarkets[ordinal] = facts.targetMarkets.length > 0 ? facts.targetMarkets : NONE;
  }

  /** A new quote takes `ordinal` (new, or freed by a removed one). */
  bear(ordinal: number): void {
    if (ordinal >= this.company.length) this.grow(ordinal + 1);
    this.born[ordinal] = ++this.births;
  }

  private grow(needed: number): void {
    const size = Math.max(needed, this.company.length * 2);
    this.company = grown(this.company, new Int32Array(size));
    this.quoteMs = grown(this.quoteMs, new Float64Array(size));
    this.currency = grown(this.currency, new Int32Array(size));
    this.dueMs = grown(this.dueMs, new Float64Array(size));
    this.validMs = grown(this.validMs, new Float64Array(size));
    this.described = grown(this.described, new Uint8Array(size));
    this.amount = grown(this.amount, new Float64Array(size));
    this.quoteDay = grown(this.quoteDay, new Int32Array(size));
    this.born = grown(this.born, new Float64Array(size));
  }
}

/** `into`, holding `from` at its start. */
export function grown<T extends Int32Array | Float64Array | Uint8Array>(from: T, into: T): T {
  into.set(from as never);
  return into;
}

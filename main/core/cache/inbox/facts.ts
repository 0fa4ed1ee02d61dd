const NONE: readonly number[] = [];

/**
 * What the filters and facets read of each quote, by its ordinal, in typed arrays: a pass
 * over 100,000 quotes then reads memory in sequence, not 100,000 objects scattered over the
 * heap (each a cache miss: on the shared machine that was most of a facet count's time).
 */
export class QuoteFacts {
  company = new Int32Array(1024);
  currency = new Int32Array(1024);
  dueMs = new Float64Array(1024);
  validMs = new Float64Array(1024);
  /** 1: the quote's service types and target markets are known (its details were read, or refused). */
  described = new Uint8Array(1024);
  /** Few quotes have them (they come with the details): an array per quote that does. */
  readonly serviceTypes: (readonly number[])[] = [];
  readonly targetMarkets: (readonly number[])[] = [];

  set(
    ordinal: number,
    facts: { company: number; currency: number; dueMs: number; validMs: number; serviceTypes: readonly number[]; targetMarkets: readonly number[]; described: boolean },
  ): void {
    if (ordinal >= this.company.length) this.grow(ordinal + 1);
    this.company[ordinal] = facts.company;
    this.currency[ordinal] = facts.currency;
    this.dueMs[ordinal] = facts.dueMs;
    this.validMs[ordinal] = facts.validMs;
    this.described[ordinal] = facts.described ? 1 : 0;
    this.serviceTypes[ordinal] = facts.serviceTypes.length > 0 ? facts.serviceTypes : NONE;
    this.targetMarkets[ordinal] = facts.targetMarkets.length > 0 ? facts.targetMarkets : NONE;
  }

  private grow(needed: number): void {
    const size = Math.max(needed, this.company.length * 2);
    this.company = grown(this.company, new Int32Array(size));
    this.currency = grown(this.currency, new Int32Array(size));
    this.dueMs = grown(this.dueMs, new Float64Array(size));
    this.validMs = grown(this.validMs, new Float64Array(size));
    this.described = grown(this.described, new Uint8Array(size));
  }
}

/** `into`, holding `from` at its start. */
export function grown<T extends Int32Array | Float64Array | Uint8Array>(from: T, into: T): T {
  into.set(from as never);
  return into;
}

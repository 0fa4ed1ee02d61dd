// Numbers for the quotes the history feed holds facts of (decision times, revision changes,
// unit-priced lines), so the figures read those facts as typed columns by number rather than
// a map lookup by quote id per quote: at 100,000 quotes the lookups cost several times the
// rest of the pass. A quote keeps its number for good (a number is never given to another).
// OrdinalSlots ties them to the inbox index's places (ordinals), which the figures walk.
import type { SelectedQuotes } from '../cache/inbox';

export class QuoteSlots {
  private readonly ids: string[] = [];
  private readonly slots = new Map<string, number>();

  /** How many numbers are given: the numbers are 0 to size - 1, given in that order. */
  get size(): number {
    return this.ids.length;
  }

  /** The quote's number, given at the first ask. */
  slotOf(quoteId: string): number {
    let slot = this.slots.get(quoteId);
    if (slot === undefined) {
      slot = this.ids.push(quoteId) - 1;
      this.slots.set(quoteId, slot);
    }
    return slot;
  }

  /** The quote's number, or -1 when none was given. */
  find(quoteId: string): number {
    return this.slots.get(quoteId) ?? -1;
  }

  idAt(slot: number): string {
    return this.ids[slot]!;
  }
}

/** Grows a typed column so `slot` fits, new places filled with `empty`. */
export function fitted<T extends Float64Array | Int32Array | Uint8Array>(column: T, slot: number, empty: number): T {
  if (slot < column.length) return column;
  const grown = new (column.constructor as new (length: number) => T)(Math.max(slot + 1, column.length * 2, 64));
  grown.set(column);
  grown.fill(empty, column.length);
  return grown;
}

/**
 * The number (QuoteSlots) of the quote at each ordinal of one inbox index, learnt as the
 * figures walk it. The index's `born` column tells whether an ordinal still holds the quote
 * seen there last time (a number compare); only when another quote took it is the quote's id
 * read and looked up (reading 100,000 ids was most of an update after one quote changed).
 * Numbers given after a quote was seen are tied to its ordinal by `sync`.
 */
export class OrdinalSlots {
  private idAt: (string | undefined)[] = [];
  private bornAt = new Float64Array(0);
  private slotByOrdinal = new Int32Array(0);
  private readonly ordinalOf = new Map<string, number>();
  private synced = 0;

  constructor(private readonly slots: QuoteSlots) {}

  /** Ties the numbers given since the last call to the ordinals their quotes were seen at. */
  sync(): void {
    for (let slot = this.synced; slot < this.slots.size; slot += 1) {
      const quoteId = this.slots.idAt(slot);
      const ordinal = this.ordinalOf.get(quoteId);
      if (ordinal !== undefined && this.idAt[ordinal] === quoteId) this.slotByOrdinal[ordinal] = slot;
    }
    this.synced = this.slots.size;
  }

  /** The number of the quote at place `at` of `selected` (its `ordinal`), or -1 when it has none. */
  slotOf(selected: SelectedQuotes, at: number, ordinal: number): number {
    const born = selected.facts.born[ordinal]!;
    if (ordinal < this.bornAt.length && this.bornAt[ordinal] === born) return this.slotByOrdinal[ordinal]!;
    const quoteId = selected.quoteIdOf(at);
    const earlier = this.idAt[ordinal];
    if (earlier !== undefined && this.ordinalOf.get(earlier) === ordinal) this.ordinalOf.delete(earlier);
    this.idAt[ordinal] = quoteId;
    this.ordinalOf.set(quoteId, ordinal);
    this.bornAt = fitted(this.bornAt, ordinal, 0);
    this.bornAt[ordinal] = born;
    this.slotByOrdinal = fitted(this.slotByOrdinal, ordinal, -1);
    const slot = this.slots.find(quoteId);
    this.slotByOrdinal[ordinal] = slot;
    return slot;
  }
}

const bySlots = new WeakMap<object, WeakMap<QuoteSlots, OrdinalSlots>>();

/** The OrdinalSlots of an index (its facts, one object per index) and one set of numbers, kept between reads. */
export function ordinalSlotsOf(indexFacts: object, slots: QuoteSlots): OrdinalSlots {
  let ofIndex = bySlots.get(indexFacts);
  if (!ofIndex) bySlots.set(indexFacts, (ofIndex = new WeakMap()));
  let ordinals = ofIndex.get(slots);
  if (!ordinals) ofIndex.set(slots, (ordinals = new OrdinalSlots(slots)));
  ordinals.sync();
  return ordinals;
}

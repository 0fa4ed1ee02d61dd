import type { KeyAccess } from '../../../../preload/contract';
import type { InboxSourceRow } from '../../database/types';
import { companyKey, valueKey } from '../../database/sort-keys';
import { grown } from './facts';
import { SearchText } from './search-text';
import type { Found, Searchable } from './search-text';
import { SortedOrder } from './sorted-order';
import { searchTextOf } from './status';
import type { Ordered } from './sorted-order';
import type { InboxSort, InboxStage, PdfBadge } from './types';
import { INBOX_SORTS } from './types';

/** One account's view of a quote: its status as that key sees it, its details and PDF. */
export class QuoteView implements Ordered, Searchable {
  readonly placed = unplaced();
  removed = false;
  textSlot = -1;
  source!: InboxSourceRow;
  stage: InboxStage = 'in-preparation';
  /** The stage's place in INBOX_STAGES: what the facets count by. */
  stageNumber = 0;
  needsAction = false;
  pdf: PdfBadge = 'none';
  /** As last given (undefined: never given, the list item does not carry them). */
  serviceTypes: readonly string[] | undefined;
  targetMarkets: readonly string[] | undefined;

  constructor(
    readonly account: AccountState,
    readonly quote: QuoteEntry,
  ) {}

  get quoteId(): string {
    return this.quote.quoteId;
  }

  get namespace(): string {
    return this.quote.namespace;
  }

  get searchText(): string {
    return this.quote.searchText;
  }

  /** In an account's scope the view shows itself. */
  get shown(): QuoteView {
    return this;
  }
}

/**
 * One quote across accounts (identity: its service and its id): the fields every view
 * shares, folded and parsed once, and the view a row across accounts shows.
 */
export class QuoteEntry implements Ordered, Searchable {
  readonly placed = unplaced();
  removed = false;
  textSlot = -1;
  /** The account that sees it first in line: one that needs action, a client key first. */
  views: QuoteView[] = [];
  shown!: QuoteView;
  quoteDateMs = 0;
  dueMs = Number.POSITIVE_INFINITY;
  validMs = Number.POSITIVE_INFINITY;
  company = -1;
  currency = -1;
  serviceTypes: readonly number[] = [];
  targetMarkets: readonly number[] = [];
  /** Some view's details gave its service types and target markets (or the service refused the details): the facets know it. */
  described = false;

  constructor(
    /** The service its accounts are on (or one account's own, service unknown). */
    readonly namespace: string,
    readonly quoteId: string,
    readonly ordinal: number,
  ) {}

  get quote(): QuoteEntry {
    return this;
  }

  /** Computed when asked (a block's rebuild after a change, a search patched after one): the blocks keep it. */
  get searchText(): string {
    return searchTextOf(this.shown.source);
  }
}

export type Member = QuoteView | QuoteEntry;

/** Valid-until dates beyond this (and none) sort together, after every real date. */
const LAST_DATE = 4e15;
/** Quotes that wait for nobody's decision come after every quote that does. */
const NOT_WAITING = 5e15;

/** "Expiring last": a valid-until date's place, latest first, still before no date at all. */
function latestFirst(validMs: number): number {
  return validMs >= LAST_DATE ? LAST_DATE : LAST_DATE / 2 - Math.max(-LAST_DATE / 2 + 1, Math.min(validMs, LAST_DATE / 2 - 1));
}

/**
 * Each order's key (ascending); ties are broken by the quote's id and namespace. A missing
 * value (Infinity or NaN) sorts last in both directions of an order.
 */
const KEYS: Record<InboxSort, (member: Member) => number> = {
  // An undated quote's date is UNDATED_MS (database/sort-keys.ts): first when newest first, last when oldest first.
  newest: (member) => -member.quote.quoteDateMs,
  oldest: (member) => member.quote.quoteDateMs,
  due: (member) => member.quote.dueMs,
  'due-latest': (member) => (member.quote.dueMs === Number.POSITIVE_INFINITY ? Number.POSITIVE_INFINITY : -member.quote.dueMs),
  // Read from the row when an order places the member, so a load pays nothing for orders never chosen.
  value: (member) => valueKey(member.quote.shown.source.totalAmount, member.quote.shown.source.currency, false),
  'value-lowest': (member) => valueKey(member.quote.shown.source.totalAmount, member.quote.shown.source.currency, true),
  // "Expiring first": quotes waiting for a decision by valid-until, then the rest.
  expiry: (member) => (member.shown.needsAction ? 0 : NOT_WAITING) + Math.min(member.quote.validMs, LAST_DATE),
  'expiry-latest': (member) => (member.shown.needsAction ? 0 : NOT_WAITING) + latestFirst(member.quote.validMs),
  company: (member) => companyKey(member.quote.shown.source.companyName),
  'company-desc': (member) => -companyKey(member.quote.shown.source.companyName),
};

/**
 * A member's keys, one slot per order (NaN: not in it). A literal of exactly that length: it
 * holds unboxed doubles with no spare room (a mapped array holds boxed numbers, a pushed one
 * spare slots), and there are two per quote.
 */
function unplaced(): number[] {
  const N = Number.NaN;
  return [N, N, N, N, N, N, N, N, N, N];
}
if (unplaced().length !== INBOX_SORTS.length) throw new Error('unplaced() must hold one key per inbox order');

/** The key a member sits under in an order (no value sorts last, as SortedOrder places it). */
export function sortKey(sort: InboxSort, member: Member): number {
  const key = KEYS[sort](member);
  return Number.isNaN(key) ? Number.POSITIVE_INFINITY : key;
}

/**
 * The quotes of one account, or of all accounts, with their orders (built at the first
 * read of each, then kept incrementally) and their search text.
 */
export class Scope {
  readonly text = new SearchText<Member>();
  private orders: (SortedOrder<Member> | undefined)[] = INBOX_SORTS.map(() => undefined);
  /** The last search's result (slots), which a search for more letters filters instead of scanning. */
  lastSearch: { words: readonly string[]; version: number; found: Found } | null = null;
  /**
   * By slot (the member's place in the search text): its quote's ordinal (-1: free), and the
   * stage and "needs action" the scope shows, so filters and counts read typed arrays in sequence.
   */
  ordinalOf = new Int32Array(512).fill(-1);
  stageOf = new Uint8Array(512);
  needsOf = new Uint8Array(512);
  /**
   * By slot, each order's key (INBOX_SORTS' sequence): a search's window is chosen from these
   * without reading its members. Made at a search's first need in that order (`keysOf`), then
   * kept: 8 bytes a slot each, which orders never asked for do not cost.
   */
  private keys: (Float64Array | null)[] = INBOX_SORTS.map(() => null);
  /** A search's matches: `stamps[slot] === stamp`. */
  stamps = new Int32Array(512);
  stamp = 0;

  get size(): number {
    return this.text.size;
  }

  /** One more than the highest slot in use. */
  get slots(): number {
    return this.text.capacity;
  }

  add(member: Member): void {
    this.text.add(member);
    this.record(member);
    this.mark(member);
  }

  touch(member: Member, textChanged: boolean): void {
    if (textChanged) this.text.changed(member);
    this.record(member);
    this.mark(member);
  }

  remove(member: Member): void {
    member.removed = true;
    if (member.textSlot >= 0) this.ordinalOf[member.textSlot] = -1;
    this.text.remove(member);
    this.mark(member);
  }

  /** Marks these slots as a search's matches; returns the stamp they carry. */
  stampSlots(slots: ArrayLike<number>): number {
    this.stamp = (this.stamp + 1) | 0 || 1;
    for (let index = 0; index < slots.length; index += 1) this.stamps[slots[index]!] = this.stamp;
    return this.stamp;
  }

  private record(member: Member): void {
    const slot = member.textSlot;
    if (slot >= this.ordinalOf.length) {
      const size = Math.max(slot + 1, this.ordinalOf.length * 2);
      this.ordinalOf = grown(this.ordinalOf, new Int32Array(size).fill(-1));
      this.stageOf = grown(this.stageOf, new Uint8Array(size));
      this.needsOf = grown(this.needsOf, new Uint8Array(size));
      this.stamps = grown(this.stamps, new Int32Array(size));
      this.keys = this.keys.map((keys) => (keys === null ? null : grown(keys, new Float64Array(size))));
    }
    this.ordinalOf[slot] = member.quote.ordinal;
    this.stageOf[slot] = member.shown.stageNumber;
    this.needsOf[slot] = member.shown.needsAction ? 1 : 0;
    for (let sort = 0; sort < INBOX_SORTS.length; sort += 1) {
      const keys = this.keys[sort]!;
      if (keys !== null) keys[slot] = sortKey(INBOX_SORTS[sort]!, member);
    }
  }

  /** By slot, the members' keys in this order. */
  keysOf(sort: InboxSort): Float64Array {
    const at = INBOX_SORTS.indexOf(sort);
    let keys = this.keys[at]!;
    if (keys === null) {
      const made = new Float64Array(this.ordinalOf.length);
      this.text.forEach((member) => (made[member.textSlot] = sortKey(sort, member)));
      this.keys[at] = keys = made;
    }
    return keys;
  }

  /** The members in this order (the first read of an order sorts them once). */
  ordered(sort: InboxSort): readonly Member[] {
    const slot = INBOX_SORTS.indexOf(sort);
    let order = this.orders[slot];
    if (!order) {
      order = new SortedOrder<Member>(slot, (member) => sortKey(sort, member));
      const created = order;
      this.text.forEach((member) => created.mark(member));
      this.orders[slot] = order;
    }
    return order.settled();
  }


  private mark(member: Member): void {
    for (const order of this.orders) order?.mark(member);
  }
}

export interface AccountState {
  readonly id: string;
  access: KeyAccess;
  /** The account's service (its origin), or null while unknown: then its quotes are its own. */
  service: string | null;
  /** Where its quotes' ids are unique: its service, or the account itself while that is unknown. */
  namespace: string;
  readonly views: Map<string, QuoteView>;
  readonly scope: Scope;
}

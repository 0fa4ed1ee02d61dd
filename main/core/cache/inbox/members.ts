import type { KeyAccess } from '../../../../preload/contract';
import type { InboxSourceRow } from '../../database/types';
import { companyKey, valueKey } from '../../database/sort-keys';
import { grown } from './facts';
import type { QuoteFacts } from './facts';
import { SearchText } from './search-text';
import type { Found, Searchable } from './search-text';
import { SortedOrder } from './sorted-order';
import { searchTextOf } from './status';
import type { Ordered } from './sorted-order';
import type { InboxSort, InboxStage, PdfBadge } from './types';
import { INBOX_SORTS, INBOX_STAGES } from './types';

/** One account's view of a quote: its status as that key sees it, its details and PDF. */
export class QuoteView implements Ordered, Searchable {
  removed = false;
  textSlot = -1;
  source!: InboxSourceRow;
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

  get stage(): InboxStage {
    return INBOX_STAGES[this.stageNumber]!;
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
 * One quote across accounts (identity: its service and its id) and the view a row across
 * accounts shows. What every view shares, parsed once (dates, company, currency, service
 * types, target markets, whether they are known), is in the index's QuoteFacts at `ordinal`.
 */
export class QuoteEntry implements Ordered, Searchable {
  removed = false;
  textSlot = -1;
  /** The view a row across accounts shows: one that needs action, a client key first (`refresh` chooses it). */
  shown!: QuoteView;
  /**
   * Every account's view of it: the view itself while it is the only one (most quotes: an
   * array of one costs 56 bytes a quote), an array once there are several.
   */
  private listed: QuoteView | QuoteView[] | null = null;

  constructor(
    /** The service its accounts are on (or one account's own, service unknown). */
    readonly namespace: string,
    readonly quoteId: string,
    readonly ordinal: number,
  ) {}

  get quote(): QuoteEntry {
    return this;
  }

  /** Every account's view of it, in the order `sortViews` last left them (the shown one first after a refresh). */
  get views(): readonly QuoteView[] {
    const listed = this.listed;
    return listed === null ? [] : Array.isArray(listed) ? listed : [listed];
  }

  addView(view: QuoteView): void {
    const listed = this.listed;
    this.listed = listed === null ? view : Array.isArray(listed) ? [...listed, view] : [listed, view];
  }

  /** Takes a view out; returns how many are left. */
  removeView(view: QuoteView): number {
    const listed = this.listed;
    if (listed === view) this.listed = null;
    else if (Array.isArray(listed)) {
      const left = listed.filter((other) => other !== view);
      this.listed = left.length === 1 ? left[0]! : left;
    }
    return this.listed === null ? 0 : Array.isArray(this.listed) ? this.listed.length : 1;
  }

  sortViews(compare: (a: QuoteView, b: QuoteView) => number): void {
    if (Array.isArray(this.listed)) this.listed.sort(compare);
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
 * Each order's key (ascending), from the quote's facts (by its ordinal) or its shown row;
 * ties are broken by the quote's id and namespace. A missing value (Infinity or NaN) sorts
 * last in both directions of an order.
 */
const KEYS: Record<InboxSort, (member: Member, facts: QuoteFacts) => number> = {
  // An undated quote's date is UNDATED_MS (database/sort-keys.ts): first when newest first, last when oldest first.
  newest: (member, facts) => -facts.quoteMs[member.quote.ordinal]!,
  oldest: (member, facts) => facts.quoteMs[member.quote.ordinal]!,
  due: (member, facts) => facts.dueMs[member.quote.ordinal]!,
  'due-latest': (member, facts) => {
    const dueMs = facts.dueMs[member.quote.ordinal]!;
    return dueMs === Number.POSITIVE_INFINITY ? Number.POSITIVE_INFINITY : -dueMs;
  },
  // Read from the row when an order places the member, so a load pays nothing for orders never chosen.
  value: (member) => valueKey(member.quote.shown.source.totalAmount, member.quote.shown.source.currency, false),
  'value-lowest': (member) => valueKey(member.quote.shown.source.totalAmount, member.quote.shown.source.currency, true),
  // "Expiring first": quotes waiting for a decision by valid-until, then the rest.
  expiry: (member, facts) => (member.shown.needsAction ? 0 : NOT_WAITING) + Math.min(facts.validMs[member.quote.ordinal]!, LAST_DATE),
  'expiry-latest': (member, facts) => (member.shown.needsAction ? 0 : NOT_WAITING) + latestFirst(facts.validMs[member.quote.ordinal]!),
  company: (member) => companyKey(member.quote.shown.source.companyName),
  'company-desc': (member) => -companyKey(member.quote.shown.source.companyName),
};

/** The key a member sits under in an order (no value sorts last, as SortedOrder places it). */
export function sortKey(sort: InboxSort, member: Member, facts: QuoteFacts): number {
  const key = KEYS[sort](member, facts);
  return Number.isNaN(key) ? Number.POSITIVE_INFINITY : key;
}

/**
 * The quotes of one account, or of all accounts, with their orders (built at the first
 * read of each, then kept incrementally) and their search text.
 */
export class Scope {
  readonly text = new SearchText<Member>();
  /** The index's facts, which the orders' keys read. */
  constructor(private readonly facts: QuoteFacts) {}

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
    if (member.textSlot < 0) return;
    this.ordinalOf[member.textSlot] = -1;
    // Marked while it holds its slot: the orders find it by the key that slot sits under.
    this.mark(member);
    this.text.remove(member);
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
    }
    this.ordinalOf[slot] = member.quote.ordinal;
    this.stageOf[slot] = member.shown.stageNumber;
    this.needsOf[slot] = member.shown.needsAction ? 1 : 0;
  }

  /**
   * By slot, the members' keys in this order (NaN for a free slot): a search's window is
   * chosen from these without reading its members. Read it at once, before the next change.
   */
  keysOf(sort: InboxSort): Float64Array {
    return this.orderOf(sort).keysBySlot();
  }

  /** The members in this order (the first read of an order sorts them once). */
  ordered(sort: InboxSort): readonly Member[] {
    return this.orderOf(sort).settled();
  }

  private orderOf(sort: InboxSort): SortedOrder<Member> {
    const at = INBOX_SORTS.indexOf(sort);
    let order = this.orders[at];
    if (!order) {
      const facts = this.facts;
      const created = new SortedOrder<Member>((member) => sortKey(sort, member, facts));
      this.text.forEach((member) => created.mark(member));
      this.orders[at] = order = created;
    }
    return order;
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

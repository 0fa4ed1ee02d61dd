/**
 * Something an order holds: its quote's id, then its namespace (the service), break ties,
 * so the order is total. `textSlot` is its place in its scope, by which the order keeps the
 * key it placed it under; it stays the same while the member is in the scope.
 */
export interface Ordered {
  readonly quoteId: string;
  readonly namespace: string;
  readonly textSlot: number;
  /** Set once, when it leaves the index: the next settle takes it out. */
  removed: boolean;
}

/** Above this many pending changes, one merge pass costs less than moving each entry. */
const SPLICE_LIMIT = 48;

/**
 * One order of a scope's members, ascending by (key, identity), kept up to date
 * incrementally: a change only marks its member; the next read moves each marked member
 * from its old place to its new one (a binary search and a splice each), or, after many
 * changes (a sync page), takes them out in one pass, sorts just them and merges them back.
 * Nothing is ever sorted whole but on the first read.
 *
 * The keys live in typed arrays, not on the members: `keys` beside `items` (what a binary
 * search compares, without reading a member), and `placed` by slot (where a marked member
 * is found again). A member's own array of keys, one per order, cost 100 bytes or more per
 * member of every scope, built orders or not.
 */
export class SortedOrder<M extends Ordered> {
  private items: M[] = [];
  /** `keys[i]`: the key `items[i]` sits under (the array may be longer than `items`). */
  private keys: Float64Array = new Float64Array(64);
  /** By slot, the key its member sits under; NaN while it is not in the order, or while it is marked. */
  private placed: Float64Array = new Float64Array(64).fill(Number.NaN);
  /** Marked members, each with the key it sat under when first marked (NaN: it was not in the order). */
  private readonly pending = new Map<M, number>();

  constructor(private readonly keyOf: (member: M) => number) {}

  /**
   * The member's key may have moved, it is new, or it is `removed`. Called while it still
   * holds its slot (before a removal frees it): a member that takes the slot next is not placed.
   */
  mark(member: M): void {
    if (this.pending.has(member)) return;
    const slot = member.textSlot;
    if (slot >= this.placed.length) this.placed = grownNaN(this.placed, slot + 1);
    this.pending.set(member, this.placed[slot]!);
    this.placed[slot] = Number.NaN;
  }

  /** Every member in order, after applying what was marked. */
  settled(): readonly M[] {
    if (this.pending.size > 0) {
      if (this.pending.size <= SPLICE_LIMIT) this.moveEach();
      else this.merge();
      this.pending.clear();
    }
    return this.items;
  }

  /**
   * By slot, the key each member sits under (NaN for a free slot): read it at once after
   * `settled()`, before the next change (a later growth replaces the array).
   */
  keysBySlot(): Float64Array {
    this.settled();
    return this.placed;
  }

  /**
   * Moves each marked member; one whose key did not move (most changes) stays where it is.
   * The entries between its old and new place shift by one in a loop: `splice` out and back
   * in costs about ten times as much on an order of 100,000 (each call moves the whole tail).
   */
  private moveEach(): void {
    const items = this.items;
    for (const [member, old] of this.pending) {
      const key = member.removed ? Number.NaN : this.safeKey(member);
      if (!member.removed && key === old) {
        this.placed[member.textSlot] = key;
        continue;
      }
      let from = Number.isNaN(old) ? -1 : this.find(old, member);
      if (member.removed) {
        if (from >= 0) {
          const keys = this.keys;
          for (let at = from; at < items.length - 1; at += 1) {
            items[at] = items[at + 1]!;
            keys[at] = keys[at + 1]!;
          }
          items.pop();
        }
        continue;
      }
      if (from < 0) {
        from = items.push(member) - 1;
        if (items.length > this.keys.length) this.keys = grown(this.keys, items.length * 2);
      }
      const keys = this.keys;
      const to = this.lowerBound(key, member, from);
      if (to < from) {
        for (let at = from; at > to; at -= 1) {
          items[at] = items[at - 1]!;
          keys[at] = keys[at - 1]!;
        }
      } else {
        for (let at = from; at < to; at += 1) {
          items[at] = items[at + 1]!;
          keys[at] = keys[at + 1]!;
        }
      }
      items[to] = member;
      keys[to] = key;
      this.placed[member.textSlot] = key;
    }
  }

  /** Takes the marked members out in one pass, sorts those still in the scope and merges them back. */
  private merge(): void {
    const { items, keys } = this;
    const leaving = new Uint8Array(items.length);
    const added: M[] = [];
    for (const [member, old] of this.pending) {
      if (!Number.isNaN(old)) {
        const at = this.find(old, member);
        if (at >= 0) leaving[at] = 1;
      }
      if (!member.removed) added.push(member);
    }
    const addedKeys = new Float64Array(added.length);
    for (let index = 0; index < added.length; index += 1) addedKeys[index] = this.safeKey(added[index]!);
    sortByKeys(added, addedKeys);
    const size = items.length - leaving.reduce((sum, flag) => sum + flag, 0) + added.length;
    const merged = new Array<M>(size);
    const mergedKeys = new Float64Array(Math.max(64, size));
    let i = 0;
    let j = 0;
    let k = 0;
    for (;;) {
      while (i < items.length && leaving[i] === 1) i += 1;
      if (i >= items.length || j >= added.length) break;
      if (compare(keys[i]!, items[i]!, addedKeys[j]!, added[j]!) <= 0) {
        mergedKeys[k] = keys[i]!;
        merged[k++] = items[i++]!;
      } else {
        mergedKeys[k] = addedKeys[j]!;
        merged[k++] = added[j++]!;
      }
    }
    for (; i < items.length; i += 1) {
      if (leaving[i] === 1) continue;
      mergedKeys[k] = keys[i]!;
      merged[k++] = items[i]!;
    }
    for (; j < added.length; j += 1) {
      mergedKeys[k] = addedKeys[j]!;
      merged[k++] = added[j]!;
    }
    for (let index = 0; index < added.length; index += 1) this.placed[added[index]!.textSlot] = addedKeys[index]!;
    this.items = merged;
    this.keys = mergedKeys;
  }

  /** Where a member placed under `key` is; -1 when it is not in the order. */
  private find(key: number, member: M): number {
    const at = this.lowerBound(key, member, -1);
    // Always found where it was placed; the linear look-up only guards against a key changed in place.
    return this.items[at] === member ? at : this.items.indexOf(member);
  }

  private safeKey(member: M): number {
    const key = this.keyOf(member);
    return Number.isNaN(key) ? Number.POSITIVE_INFINITY : key;
  }

  /**
   * The first place whose (key, quote) is not below the given one, among the items without
   * the one at `skip` (-1: all of them): where it goes once taken out of `skip`.
   */
  private lowerBound(key: number, member: M, skip: number): number {
    const { items, keys } = this;
    let low = 0;
    let high = skip < 0 ? items.length : items.length - 1;
    while (low < high) {
      const middle = (low + high) >>> 1;
      const at = skip >= 0 && middle >= skip ? middle + 1 : middle;
      if (compare(keys[at]!, items[at]!, key, member) < 0) low = middle + 1;
      else high = middle;
    }
    return low;
  }
}

/** By key, then by quote id and namespace. Infinity (no value) sorts after every date or amount. */
export function compare(keyA: number, a: Ordered, keyB: number, b: Ordered): number {
  if (keyA !== keyB) return keyA < keyB ? -1 : 1;
  if (a.quoteId !== b.quoteId) return a.quoteId < b.quoteId ? -1 : 1;
  return a.namespace < b.namespace ? -1 : a.namespace > b.namespace ? 1 : 0;
}

/**
 * Sorts members and their keys together, by key: positions are sorted, so each comparison
 * reads two numbers, not two objects (the first read of an order sorts every member: a
 * third of the time at 100,000).
 */
function sortByKeys<M extends Ordered>(members: M[], keys: Float64Array): void {
  const positions = Array.from({ length: members.length }, (_, index) => index);
  positions.sort((i, j) => {
    const a = keys[i]!;
    const b = keys[j]!;
    if (a !== b) return a < b ? -1 : 1;
    return compare(a, members[i]!, b, members[j]!);
  });
  const copy = members.slice();
  const copiedKeys = keys.slice();
  for (let index = 0; index < positions.length; index += 1) {
    members[index] = copy[positions[index]!]!;
    keys[index] = copiedKeys[positions[index]!]!;
  }
}

function grown(from: Float64Array, size: number): Float64Array {
  const into = new Float64Array(size);
  into.set(from);
  return into;
}

function grownNaN(from: Float64Array, needed: number): Float64Array {
  const into = new Float64Array(Math.max(needed, from.length * 2)).fill(Number.NaN);
  into.set(from);
  return into;
}

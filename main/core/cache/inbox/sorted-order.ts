/**
 * Something an order holds: its quote's id, then its namespace (the service), break ties,
 * so the order is total; `placed[s]` is the key it sits under in order `s` (NaN while it is
 * not in it). An order compares the key it placed a member under, never one recomputed
 * since, so it can find the member again.
 */
export interface Ordered {
  readonly quoteId: string;
  readonly namespace: string;
  readonly placed: number[];
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
 */
export class SortedOrder<M extends Ordered> {
  private items: M[] = [];
  private readonly pending = new Set<M>();

  constructor(
    private readonly slot: number,
    private readonly keyOf: (member: M) => number,
  ) {}

  /** The member's key may have moved, it is new, or it is `removed`. */
  mark(member: M): void {
    this.pending.add(member);
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
   * Moves each marked member; one whose key did not move (most changes) stays where it is.
   * The entries between its old and new place shift by one in a loop: `splice` out and back
   * in costs about ten times as much on an order of 100,000 (each call moves the whole tail).
   */
  private moveEach(): void {
    const s = this.slot;
    const items = this.items;
    for (const member of this.pending) {
      const old = member.placed[s]!;
      if (!member.removed && !Number.isNaN(old) && this.safeKey(member) === old) continue;
      let from = -1;
      if (!Number.isNaN(old)) {
        const found = this.lowerBound(old, member, -1);
        // Always found where it was placed; the linear look-up only guards against a key changed in place.
        from = items[found] === member ? found : items.indexOf(member);
        member.placed[s] = Number.NaN;
      }
      if (member.removed) {
        if (from >= 0) {
          for (let at = from; at < items.length - 1; at += 1) items[at] = items[at + 1]!;
          items.pop();
        }
        continue;
      }
      if (from < 0) from = items.push(member) - 1;
      const key = this.safeKey(member);
      const to = this.lowerBound(key, member, from);
      if (to < from) for (let at = from; at > to; at -= 1) items[at] = items[at - 1]!;
      else for (let at = from; at < to; at += 1) items[at] = items[at + 1]!;
      items[to] = member;
      member.placed[s] = key;
    }
  }

  private merge(): void {
    const s = this.slot;
    for (const member of this.pending) member.placed[s] = Number.NaN;
    const kept = this.items.filter((member) => !Number.isNaN(member.placed[s]!));
    const added: M[] = [];
    for (const member of this.pending) {
      if (member.removed) continue;
      member.placed[s] = this.safeKey(member);
      added.push(member);
    }
    sortByPlaced(added, s);
    const merged = new Array<M>(kept.length + added.length);
    let i = 0;
    let j = 0;
    let k = 0;
    while (i < kept.length && j < added.length) {
      const a = kept[i]!;
      const b = added[j]!;
      if (compare(a.placed[s]!, a, b.placed[s]!, b) <= 0) {
        merged[k++] = a;
        i += 1;
      } else {
        merged[k++] = b;
        j += 1;
      }
    }
    while (i < kept.length) merged[k++] = kept[i++]!;
    while (j < added.length) merged[k++] = added[j++]!;
    this.items = merged;
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
    const s = this.slot;
    let low = 0;
    let high = skip < 0 ? this.items.length : this.items.length - 1;
    while (low < high) {
      const middle = (low + high) >>> 1;
      const item = this.items[skip >= 0 && middle >= skip ? middle + 1 : middle]!;
      if (compare(item.placed[s]!, item, key, member) < 0) low = middle + 1;
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
 * Sorts members by the key placed in slot `s`: the keys are read once into a typed array
 * and positions are sorted, so each comparison reads two numbers, not two objects (the
 * first read of an order sorts every member: a third of the time at 100,000).
 */
function sortByPlaced<M extends Ordered>(members: M[], s: number): void {
  const keys = new Float64Array(members.length);
  const positions = new Array<number>(members.length);
  for (let index = 0; index < members.length; index += 1) {
    keys[index] = members[index]!.placed[s]!;
    positions[index] = index;
  }
  positions.sort((i, j) => {
    const a = keys[i]!;
    const b = keys[j]!;
    if (a !== b) return a < b ? -1 : 1;
    return compare(a, members[i]!, b, members[j]!);
  });
  const copy = members.slice();
  for (let index = 0; index < positions.length; index += 1) members[index] = copy[positions[index]!]!;
}

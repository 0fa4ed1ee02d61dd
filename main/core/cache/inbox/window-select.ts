import { compare } from './sorted-order';
import type { Ordered } from './sorted-order';

/** The window chosen from a search's matches: their slots in the order's sequence, and how many passed. */
export interface ChosenWindow {
  slots: number[];
  total: number;
}

/**
 * The first `count` of a search's matches in an order, chosen by each match's key (`keys`,
 * by slot) with a bounded heap of the `count` earliest seen so far. A member is read only
 * to break a tie of keys. Walking the order until the window is full reads a member for
 * every quote it passes, and matches clustered late in the order ("q-2025" below the
 * newest 2026 quotes) made that walk cross most of 100,000; sorting the matches reads
 * every one of them several times. This reads each match's key once.
 */
export function chooseWindow<M extends Ordered>(
  matches: ArrayLike<number>,
  keys: Float64Array,
  count: number,
  memberAt: (slot: number) => M,
  keep: ((slot: number) => boolean) | null,
): ChosenWindow {
  // A max-heap: the latest of the chosen at the root, the first to leave for an earlier one.
  const heapKeys = new Float64Array(count);
  const heapSlots = new Int32Array(count);
  let size = 0;
  let total = 0;
  const later = (keyA: number, slotA: number, keyB: number, slotB: number) =>
    keyA !== keyB ? keyA > keyB : compare(keyA, memberAt(slotA), keyB, memberAt(slotB)) > 0;
  const place = (at: number, key: number, slot: number) => {
    heapKeys[at] = key;
    heapSlots[at] = slot;
  };
  for (let index = 0; index < matches.length; index += 1) {
    const slot = matches[index]!;
    if (keep !== null && !keep(slot)) continue;
    total += 1;
    if (count === 0) continue;
    const key = keys[slot]!;
    if (size < count) {
      // Sift up from the end.
      let at = size;
      size += 1;
      while (at > 0) {
        const parent = (at - 1) >> 1;
        if (!later(key, slot, heapKeys[parent]!, heapSlots[parent]!)) break;
        place(at, heapKeys[parent]!, heapSlots[parent]!);
        at = parent;
      }
      place(at, key, slot);
    } else if (later(heapKeys[0]!, heapSlots[0]!, key, slot)) {
      // Replace the root and sift down.
      let at = 0;
      for (;;) {
        const left = 2 * at + 1;
        if (left >= size) break;
        const right = left + 1;
        const child = right < size && later(heapKeys[right]!, heapSlots[right]!, heapKeys[left]!, heapSlots[left]!) ? right : left;
        if (!later(heapKeys[child]!, heapSlots[child]!, key, slot)) break;
        place(at, heapKeys[child]!, heapSlots[child]!);
        at = child;
      }
      place(at, key, slot);
    }
  }
  const order = Array.from({ length: size }, (_, index) => index);
  order.sort((a, b) => (later(heapKeys[a]!, heapSlots[a]!, heapKeys[b]!, heapSlots[b]!) ? 1 : later(heapKeys[b]!, heapSlots[b]!, heapKeys[a]!, heapSlots[a]!) ? -1 : 0));
  return { slots: order.map((index) => heapSlots[index]!), total };
}

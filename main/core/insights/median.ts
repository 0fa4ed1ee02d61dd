// The median of many numbers without sorting them all: the middle one (or two) found by
// selection (Hoare's quickselect), linear on average. The decisions' median days run over
// every decided quote of a view (about 60,000 at 100,000 quotes), and a full sort of them
// was about a third of an update of the figures after one quote changed.

/**
 * The median of `values` (the middle value, or the mean of the middle two), exactly as a sort
 * would give it. Reorders `values` in place; NaN is not expected. Empty: NaN.
 */
export function medianInPlace(values: Float64Array): number {
  const count = values.length;
  if (count === 0) return Number.NaN;
  const upper = count >> 1;
  const above = selectInPlace(values, upper);
  if (count % 2 === 1) return above;
  // After the selection every value before `upper` is at most the one at it: the lower middle is their largest.
  let below = values[0]!;
  for (let at = 1; at < upper; at += 1) if (values[at]! > below) below = values[at]!;
  return (below + above) / 2;
}

/** Puts the `k`-th smallest value at place `k` (smaller or equal before it, greater or equal after it) and returns it. */
function selectInPlace(values: Float64Array, k: number): number {
  let low = 0;
  let high = values.length - 1;
  while (high > low) {
    // The median of three as the pivot: sorted or reversed input stays linear.
    const middle = (low + high) >>> 1;
    const pivot = medianOfThree(values[low]!, values[middle]!, values[high]!);
    let left = low;
    let right = high;
    while (left <= right) {
      while (values[left]! < pivot) left += 1;
      while (values[right]! > pivot) right -= 1;
      if (left <= right) {
        const swap = values[left]!;
        values[left] = values[right]!;
        values[right] = swap;
        left += 1;
        right -= 1;
      }
    }
    if (k <= right) high = right;
    else if (k >= left) low = left;
    else return values[k]!;
  }
  return values[k]!;
}

function medianOfThree(a: number, b: number, c: number): number {
  if (a < b) return b < c ? b : a < c ? c : a;
  return a < c ? a : b < c ? c : b;
}

// "Did you mean list?" for a mistyped command: the closest name by edit distance, offered
// only when it is close enough to be a slip of the fingers rather than another word.

/** Levenshtein distance with adjacent swaps counted as one edit ("lsit" is one slip from "list"). */
export function editDistance(a: string, b: string): number {
  const rows = Array.from({ length: a.length + 1 }, (_, i) => Array.from({ length: b.length + 1 }, (_, j) => (i === 0 ? j : j === 0 ? i : 0)));
  for (let i = 1; i <= a.length; i++) {
    for (let j = 1; j <= b.length; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      let best = Math.min(rows[i - 1]![j]! + 1, rows[i]![j - 1]! + 1, rows[i - 1]![j - 1]! + cost);
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) best = Math.min(best, rows[i - 2]![j - 2]! + 1);
      rows[i]![j] = best;
    }
  }
  return rows[a.length]![b.length]!;
}

/**
 * The candidate closest to `typed` (case-insensitive), or null when none is within a third
 * of its length (at least one edit): "lst" gets "list", "frobnicate" gets nothing.
 */
export function closest(typed: string, candidates: readonly string[]): string | null {
  const word = typed.toLowerCase();
  let best: { name: string; distance: number } | null = null;
  for (const name of candidates) {
    const distance = editDistance(word, name);
    if (best === null || distance < best.distance) best = { name, distance };
  }
  if (best === null) return null;
  return best.distance <= Math.max(1, Math.floor(best.name.length / 3)) ? best.name : null;
}

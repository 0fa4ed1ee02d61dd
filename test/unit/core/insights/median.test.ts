import { describe, expect, it } from 'vitest';
import { medianInPlace } from '../../../../main/core/insights/median';

/** The median as a full sort gives it: what medianInPlace must equal. */
function sortedMedian(values: readonly number[]): number {
  const sorted = Float64Array.from(values).sort();
  const middle = sorted.length >> 1;
  return sorted.length % 2 === 1 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
}

/** A repeatable sequence (no Math.random: a failure must be the same on the next run). */
function numbers(count: number, seed: number, spread: number): number[] {
  let state = seed;
  return Array.from({ length: count }, () => {
    state = (state * 1_103_515_245 + 12_345) % 2_147_483_648;
    return (state % spread) / 4;
  });
}

describe('medianInPlace', () => {
  it('is the middle value of an odd count and the mean of the middle two of an even count', () => {
    expect(medianInPlace(Float64Array.from([5, 1, 3]))).toBe(3);
    expect(medianInPlace(Float64Array.from([4, 1, 3, 2]))).toBe(2.5);
    expect(medianInPlace(Float64Array.from([7]))).toBe(7);
    expect(medianInPlace(Float64Array.from([2, 9]))).toBe(5.5);
    expect(medianInPlace(new Float64Array(0))).toBeNaN();
  });

  it('equals the median of a full sort over many counts, with ties, sorted and reversed input', () => {
    for (let count = 1; count <= 60; count += 1) {
      for (const spread of [3, 1_000]) {
        const values = numbers(count, count * 31 + spread, spread);
        const cases = [values, [...values].sort((a, b) => a - b), [...values].sort((a, b) => b - a), values.map(() => 1)];
        for (const input of cases) expect(medianInPlace(Float64Array.from(input)), `${count} values: ${input.join(',')}`).toBe(sortedMedian(input));
      }
    }
  });

  it('equals the median of a full sort at the size of a view of 100,000 quotes', () => {
    for (const count of [60_001, 60_000]) {
      const values = numbers(count, count, 36_500);
      expect(medianInPlace(Float64Array.from(values))).toBe(sortedMedian(values));
    }
  });
});

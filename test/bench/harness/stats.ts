import type { Spread } from './types';

/** Linear-interpolated quantile of already-sorted values (q from 0 to 1). */
export function quantile(sorted: readonly number[], q: number): number {
  if (sorted.length === 0) throw new RangeError('no values');
  const position = (sorted.length - 1) * q;
  const below = Math.floor(position);
  const above = Math.ceil(position);
  const low = sorted[below] as number;
  return low + ((sorted[above] as number) - low) * (position - below);
}

export function median(values: readonly number[]): number {
  return quantile([...values].sort((a, b) => a - b), 0.5);
}

export function spreadOf(values: readonly number[]): Spread {
  const sorted = [...values].sort((a, b) => a - b);
  return { min: quantile(sorted, 0), q1: quantile(sorted, 0.25), q3: quantile(sorted, 0.75), max: quantile(sorted, 1) };
}

/** Rounds to a few significant digits so the JSON and table stay readable. */
export function round(value: number, digits = 3): number {
  if (!Number.isFinite(value) || value === 0) return value;
  const magnitude = Math.floor(Math.log10(Math.abs(value)));
  const factor = 10 ** Math.max(0, digits - 1 - magnitude);
  return Math.round(value * factor) / factor;
}

/** The spread with each quartile rounded as `round` rounds a figure: what a figure carries. */
export function roundedSpreadOf(values: readonly number[]): Spread {
  const spread = spreadOf(values);
  return { min: round(spread.min), q1: round(spread.q1), q3: round(spread.q3), max: round(spread.max) };
}

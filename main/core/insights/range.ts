import type { InsightRangePreset } from '../../../preload/contract/bridge/insights';
import { dayOf } from '../cache/inbox';

/** The days a range covers, UTC, both included; `from` null for all time. */
export interface DayRange {
  from: string | null;
  to: string;
}

const day = (ms: number) => new Date(ms).toISOString().slice(0, 10);

/**
 * The days of a preset as of `now` (UTC, as the inbox's date facets count). "Last 3 months"
 * is this month and the two before it, so a month's bar is never cut in half.
 */
export function rangeOf(preset: InsightRangePreset, now: number, custom?: { from?: string; to?: string }): DayRange {
  const today = new Date(now);
  const year = today.getUTCFullYear();
  const month = today.getUTCMonth();
  const monthsBack = (count: number) => day(Date.UTC(year, month - count + 1, 1));
  switch (preset) {
    case 'this-month':
      return { from: monthsBack(1), to: day(now) };
    case 'last-3-months':
      return { from: monthsBack(3), to: day(now) };
    case 'last-12-months':
      return { from: monthsBack(12), to: day(now) };
    case 'this-year':
      return { from: day(Date.UTC(year, 0, 1)), to: day(now) };
    case 'all-time':
      return { from: null, to: day(now) };
    case 'custom':
      // The contract refuses a custom range without both days; today stands in for a caller in the core.
      return { from: custom?.from ?? day(now), to: custom?.to ?? day(now) };
  }
}

/** The range's days as day numbers (`dayOf`), both included; `from` null for all time (which holds undated quotes too). */
export function dayRangeOf(range: DayRange): { from: number | null; to: number } {
  return { from: range.from === null ? null : dayOf(range.from), to: dayOf(range.to) };
}

/** The month (YYYY-MM) of a day number. */
export function monthOf(day: number): string {
  return new Date(day * 86_400_000).toISOString().slice(0, 7);
}

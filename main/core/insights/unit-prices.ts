// The "Unit prices" figures: per service type, language pair, unit and currency (never across
// currencies), the spread of the unit prices of the lines of the view's quotes dated in the
// range: count, median, quartiles, range, and the outliers (beyond 1.5 interquartile ranges
// from the quartiles, Tukey's fences) with their quotes, so each can be opened. figures.ts
// adds each quote of its pass; the lines come from UnitPriceLines (kept by the history feed).
import type { UnitPriceRow } from '../../../preload/contract/bridge/insights';
import type { QuoteUnitPrices, UnitPriceLines } from './unit-price-lines';

/** The inbox opens at most this many quotes by id (the contract's limit of a list of quotes). */
export const QUOTE_IDS_MAX = 100;
/** Outliers listed per row, the furthest from the median first; `outliers` counts them all. */
export const OUTLIERS_LISTED = 20;
const FENCE = 1.5;

interface GroupLines {
  prices: number[];
  /** The quote (its place in `quotes`) of each price. */
  quotes: number[];
  /** Distinct quotes with a line here. */
  quoteCount: number;
  lastQuote: number;
}

export class UnitPricesCollector {
  private readonly groups = new Map<number, GroupLines>();
  private readonly quotes: { quoteId: string; quoteNumber: string | null }[] = [];

  constructor(private readonly lines: UnitPriceLines) {}

  /** A quote of the view dated in the range: its unit-priced lines (`held`, when already read) count. */
  add(quoteId: string, held: QuoteUnitPrices | undefined = this.lines.of(quoteId)): void {
    if (!held) return;
    const quote = this.quotes.push({ quoteId, quoteNumber: held.quoteNumber }) - 1;
    for (let at = 0; at < held.groups.length; at += 1) {
      const id = held.groups[at]!;
      let group = this.groups.get(id);
      if (!group) this.groups.set(id, (group = { prices: [], quotes: [], quoteCount: 0, lastQuote: -1 }));
      group.prices.push(held.prices[at]!);
      group.quotes.push(quote);
      if (group.lastQuote !== quote) {
        group.lastQuote = quote;
        group.quoteCount += 1;
      }
    }
  }

  /** The rows, by service type, language pair, unit and currency. */
  rows(): UnitPriceRow[] {
    const rows: UnitPriceRow[] = [];
    for (const [id, lines] of this.groups) rows.push({ ...this.lines.group(id), ...this.spreadOf(lines) });
    return rows.sort(
      (a, b) => compareText(a.serviceType, b.serviceType) || compareText(a.market, b.market) || compareText(a.unit, b.unit) || compareText(a.currency, b.currency),
    );
  }

  private spreadOf(group: GroupLines): Omit<UnitPriceRow, 'serviceType' | 'market' | 'unit' | 'currency'> {
    // A typed array sorts numbers natively: a comparator per pair cost most of a view at 100,000 quotes.
    const sorted = Float64Array.from(group.prices).sort();
    const p25 = quantileOf(sorted, 0.25);
    const median = quantileOf(sorted, 0.5);
    const p75 = quantileOf(sorted, 0.75);
    const low = p25 - FENCE * (p75 - p25);
    const high = p75 + FENCE * (p75 - p25);
    const outliers: UnitPriceRow['outlierLines'] = [];
    for (let at = 0; at < group.prices.length; at += 1) {
      const price = group.prices[at]!;
      if (price >= low && price <= high) continue;
      outliers.push({ ...this.quotes[group.quotes[at]!]!, unitPrice: price });
    }
    const quoteIds = group.quoteCount <= QUOTE_IDS_MAX ? [...new Set(group.quotes.map((quote) => this.quotes[quote]!.quoteId))] : null;
    return {
      quotes: group.quoteCount,
      lines: sorted.length,
      median: rounded(median),
      p25: rounded(p25),
      p75: rounded(p75),
      min: sorted[0]!,
      max: sorted[sorted.length - 1]!,
      outliers: outliers.length,
      outlierLines: outliers
        .sort((a, b) => Math.abs(b.unitPrice - median) - Math.abs(a.unitPrice - median) || compareText(a.quoteId, b.quoteId))
        .slice(0, OUTLIERS_LISTED),
      quoteIds,
    };
  }
}

/** Counts kept per UnitPriceLines: a few views' (the last read first), each read again as it was while nothing in it changed. */
const COUNTS_KEPT = 8;
const countsKept = new WeakMap<UnitPriceLines, { version: number; slots: Int32Array; rows: UnitPriceRow[] }[]>();

/**
 * The rows of the quotes numbered `slots` (their order the pass's), those with unit-priced
 * lines. Counted again only when those quotes or any quote's lines changed since a count
 * kept: a quote changed otherwise (its stage, its total) leaves them as they were.
 */
export function unitPriceRowsOf(lines: UnitPriceLines, slots: Int32Array): UnitPriceRow[] {
  let kept = countsKept.get(lines);
  if (!kept) countsKept.set(lines, (kept = []));
  const found = kept.findIndex((count) => count.version === lines.version && sameSlots(count.slots, slots));
  if (found >= 0) {
    const [count] = kept.splice(found, 1);
    kept.unshift(count!);
    return structuredClone(count!.rows);
  }
  const collector = new UnitPricesCollector(lines);
  const bySlot = lines.bySlot();
  for (const slot of slots) collector.add(lines.slots.idAt(slot), bySlot[slot]);
  const rows = collector.rows();
  // `slots` may be the pass's buffer (figures.ts), which the next pass overwrites: kept as a copy.
  kept.unshift({ version: lines.version, slots: slots.slice(), rows: structuredClone(rows) });
  kept.length = Math.min(kept.length, COUNTS_KEPT);
  return rows;
}

function sameSlots(a: Int32Array, b: Int32Array): boolean {
  if (a.length !== b.length) return false;
  for (let at = 0; at < a.length; at += 1) if (a[at] !== b[at]) return false;
  return true;
}

/**
 * The `p` quantile of ascending `sorted`, interpolated between the two nearest ranks (as a
 * spreadsheet's PERCENTILE.INC): the median is the middle value, or the mean of the middle two.
 */
export function quantileOf(sorted: Float64Array, p: number): number {
  const rank = (sorted.length - 1) * p;
  const below = Math.floor(rank);
  const above = Math.min(below + 1, sorted.length - 1);
  return sorted[below]! + (rank - below) * (sorted[above]! - sorted[below]!);
}

/** Interpolated prices drift in the last digits (0.1 + 0.2): kept to a millionth, finer than any unit price. */
const rounded = (price: number) => Math.round(price * 1e6) / 1e6;
const compareText = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);

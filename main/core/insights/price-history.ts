// The unit prices of every pricing line the cache holds, by service type, item, language (the
// target market), unit and currency, kept sorted by the quote's day: "Compared with your
// history" reads one key's last 12 months as a contiguous stretch, so an open quote is
// compared in well under a millisecond a line, whatever the number of quotes. Pure: the
// feed (history-feed.ts) puts each quote's details as the cache stores them.
import type { QuoteDetails } from '../../../preload/contract';
import { dayOf, NO_DAY } from '../cache/inbox';

/** Fewer quotes than this to compare with, and a median says nothing: the line is not compared. */
export const MIN_QUOTES_COMPARED = 5;
/** "The last 12 months": the days before the quote's, the quote's own day included. */
const HISTORY_DAYS = 365;

export interface PricedLine {
  serviceType: string;
  serviceName: string;
  /** The target market's label: the language pair the line is priced for. */
  market: string;
  itemName: string;
  unit: string;
  currency: string;
  unitPrice: number;
}

/**
 * What a line is compared by: the same service type, item, language, unit and currency (never
 * across currencies). The item keeps apart what one service prices differently by the same
 * unit: new words and fuzzy matches are both "words".
 */
export function lineKeyOf(line: Pick<PricedLine, 'serviceType' | 'itemName' | 'market' | 'unit' | 'currency'>): string {
  return [line.serviceType, line.itemName.trim().toLowerCase(), line.market, line.unit.trim().toLowerCase(), line.currency].join('\u0000');
}

/** The lines of a quote's pricing, with the team's currency each is in. */
export function pricedLinesOf(details: Pick<QuoteDetails, 'itemsPricing'>): PricedLine[] {
  const lines: PricedLine[] = [];
  for (const team of details.itemsPricing?.teams ?? [])
    for (const service of team.clientServices)
      for (const market of service.targetMarkets)
        for (const item of market.items)
          if (Number.isFinite(item.unitPrice))
            lines.push({ serviceType: service.serviceType, serviceName: service.serviceName, market: market.targetMarketLabel, itemName: item.itemName, unit: item.unit, currency: team.currency, unitPrice: item.unitPrice });
  return lines;
}

/** One key's lines, sorted by day: parallel arrays, so a year's stretch is two binary searches away. */
class KeyLines {
  readonly days: number[] = [];
  readonly prices: number[] = [];
  readonly quotes: number[] = [];

  insert(day: number, price: number, quote: number): void {
    const at = firstAtOrAfter(this.days, day + 1);
    this.days.splice(at, 0, day);
    this.prices.splice(at, 0, price);
    this.quotes.splice(at, 0, quote);
  }

  removeQuote(quote: number, day: number): void {
    // A quote's lines of one key all sit among the entries of its day.
    for (let at = firstAtOrAfter(this.days, day); at < this.days.length && this.days[at] === day; ) {
      if (this.quotes[at] === quote) {
        this.days.splice(at, 1);
        this.prices.splice(at, 1);
        this.quotes.splice(at, 1);
      } else at += 1;
    }
  }
}

export interface HistoryComparison {
  line: PricedLine;
  /** The median unit price of the same key's lines over the 12 months up to the quote's day, this quote left out. */
  median: number;
  /** How many other quotes those lines come from (at least MIN_QUOTES_COMPARED). */
  quotes: number;
}

export class PriceHistory {
  private readonly byKey = new Map<string, KeyLines>();
  /** Each quote held: its number here, its day and the keys it has lines under. */
  private readonly held = new Map<string, { number: number; day: number; keys: string[] }>();
  private nextNumber = 0;
  /** Scratch for counting distinct quotes in a stretch: stamp per quote number. */
  private stamps = new Int32Array(1024);
  private stamp = 0;

  get size(): number {
    return this.held.size;
  }

  /** Puts a quote's lines (replacing what it had); details without a quote date or pricing leave it out. */
  put(quoteKey: string, details: Pick<QuoteDetails, 'itemsPricing' | 'quoteDate'> | null): void {
    this.remove(quoteKey);
    const day = details ? dayOf(details.quoteDate) : NO_DAY;
    if (details === null || day === NO_DAY) return;
    const lines = pricedLinesOf(details);
    if (lines.length === 0) return;
    const number = this.nextNumber++;
    const keys = new Set<string>();
    for (const line of lines) {
      const key = lineKeyOf(line);
      keys.add(key);
      let kept = this.byKey.get(key);
      if (!kept) this.byKey.set(key, (kept = new KeyLines()));
      kept.insert(day, line.unitPrice, number);
    }
    this.held.set(quoteKey, { number, day, keys: [...keys] });
  }

  remove(quoteKey: string): void {
    const was = this.held.get(quoteKey);
    if (!was) return;
    this.held.delete(quoteKey);
    for (const key of was.keys) {
      const kept = this.byKey.get(key)!;
      kept.removeQuote(was.number, was.day);
      if (kept.days.length === 0) this.byKey.delete(key);
    }
  }

  /**
   * Each line of the quote compared with the same key's lines of other quotes dated in the 12
   * months up to `day` (the open quote's own day): only lines with at least MIN_QUOTES_COMPARED
   * quotes to compare with.
   */
  compare(quoteKey: string, details: Pick<QuoteDetails, 'itemsPricing'>, day: number): HistoryComparison[] {
    if (day === NO_DAY) return [];
    const own = this.held.get(quoteKey)?.number ?? -1;
    const compared: HistoryComparison[] = [];
    for (const line of pricedLinesOf(details)) {
      const kept = this.byKey.get(lineKeyOf(line));
      if (!kept) continue;
      const from = firstAtOrAfter(kept.days, day - HISTORY_DAYS + 1);
      const to = firstAtOrAfter(kept.days, day + 1);
      const prices = new Float64Array(to - from);
      const stamp = this.nextStamp();
      let quotes = 0;
      let count = 0;
      for (let at = from; at < to; at += 1) {
        const quote = kept.quotes[at]!;
        if (quote === own) continue;
        prices[count++] = kept.prices[at]!;
        if (quote >= this.stamps.length) this.growStamps(quote + 1);
        if (this.stamps[quote] !== stamp) {
          this.stamps[quote] = stamp;
          quotes += 1;
        }
      }
      if (quotes < MIN_QUOTES_COMPARED) continue;
      const median = medianOf(prices.subarray(0, count));
      // Free lines make a median of nothing: no share of it says anything.
      if (median > 0) compared.push({ line, median, quotes });
    }
    return compared;
  }

  private nextStamp(): number {
    this.stamp += 1;
    if (this.stamp === 0x7fffffff) {
      this.stamps.fill(0);
      this.stamp = 1;
    }
    return this.stamp;
  }

  private growStamps(needed: number): void {
    const grown = new Int32Array(Math.max(needed, this.stamps.length * 2));
    grown.set(this.stamps);
    this.stamps = grown;
  }
}

/** The first place in ascending `days` holding a day at or after `day`. */
function firstAtOrAfter(days: readonly number[], day: number): number {
  let low = 0;
  let high = days.length;
  while (low < high) {
    const middle = (low + high) >>> 1;
    if (days[middle]! < day) low = middle + 1;
    else high = middle;
  }
  return low;
}

/** The median of `values` (the mean of the middle two when even); sorts `values` in place (a typed array sorts numbers natively). */
export function medianOf(values: Float64Array): number {
  values.sort();
  const middle = values.length >> 1;
  return values.length % 2 === 1 ? values[middle]! : (values[middle - 1]! + values[middle]!) / 2;
}

// The unit-priced lines of every quote the cache holds details of, by quote id, as the Insights
// "Unit prices" section reads them: each line's group (service type, language pair, unit and
// currency, numbered once) and its unit price. The lines are the ones "Compared with your
// history" reads (pricedLinesOf): one extraction for both. Kept by the history feed as quotes
// change; a quote two accounts see is held once, from whichever account has its details.
import type { QuoteDetails } from '../../../preload/contract';
import { pricedLinesOf } from './price-history';
import { QuoteSlots } from './quote-slots';

/** What the unit prices are grouped by: never across currencies. */
export interface UnitPriceGroup {
  serviceType: string;
  /** The target market's label: the language pair the line is priced for. */
  market: string;
  /** As the service writes it, trimmed and in lower case, so "Word" and "word " are one unit. */
  unit: string;
  currency: string;
}

/** One quote's lines: parallel arrays, the group's number and the unit price of each. */
export interface QuoteUnitPrices {
  quoteNumber: string | null;
  groups: Int32Array;
  prices: Float64Array;
}

export class UnitPriceLines {
  private readonly groupList: UnitPriceGroup[] = [];
  private readonly groupIds = new Map<string, number>();
  private readonly byQuote = new Map<string, QuoteUnitPrices>();
  /** The accounts whose details gave each quote's lines: one account without details does not drop another's. */
  private readonly givenBy = new Map<string, Set<string>>();
  /** Each quote's lines by its number (QuoteSlots), which the figures' pass reads. */
  private linesColumn: (QuoteUnitPrices | undefined)[] = [];
  private changes = 0;

  constructor(readonly slots: QuoteSlots = new QuoteSlots()) {}

  /** Goes up at each change of any quote's lines: a count made at the same version and over the same quotes still stands. */
  get version(): number {
    return this.changes;
  }

  get size(): number {
    return this.byQuote.size;
  }

  /** The group a number stands for. */
  group(id: number): UnitPriceGroup {
    return this.groupList[id]!;
  }

  /** Each number's lines, or undefined when that quote has no unit-priced line. */
  bySlot(): readonly (QuoteUnitPrices | undefined)[] {
    return this.linesColumn;
  }

  /** A quote's lines, or undefined when no account's details gave it a unit-priced line. */
  of(quoteId: string): QuoteUnitPrices | undefined {
    return this.byQuote.get(quoteId);
  }

  /** One account's view of a quote: its details' lines replace the quote's; none (or no details) takes this account's back. */
  put(accountId: string, quoteId: string, details: Pick<QuoteDetails, 'itemsPricing' | 'quoteNumber'> | null): void {
    const lines = details === null ? [] : pricedLinesOf(details);
    this.changes += 1;
    let accounts = this.givenBy.get(quoteId);
    if (lines.length === 0) {
      if (!accounts?.delete(accountId) || accounts.size > 0) return;
      this.givenBy.delete(quoteId);
      this.byQuote.delete(quoteId);
      const slot = this.slots.find(quoteId);
      if (slot >= 0) this.linesColumn[slot] = undefined;
      return;
    }
    if (!accounts) this.givenBy.set(quoteId, (accounts = new Set()));
    accounts.add(accountId);
    const groups = new Int32Array(lines.length);
    const prices = new Float64Array(lines.length);
    lines.forEach((line, at) => {
      groups[at] = this.groupIdOf({ serviceType: line.serviceType, market: line.market, unit: line.unit.trim().toLowerCase(), currency: line.currency });
      prices[at] = line.unitPrice;
    });
    const held = { quoteNumber: details?.quoteNumber ?? null, groups, prices };
    this.byQuote.set(quoteId, held);
    this.linesColumn[this.slots.slotOf(quoteId)] = held;
  }

  clear(): void {
    this.byQuote.clear();
    this.givenBy.clear();
    this.linesColumn = [];
    this.changes += 1;
  }

  private groupIdOf(group: UnitPriceGroup): number {
    const key = [group.serviceType, group.market, group.unit, group.currency].join('\u0000');
    let id = this.groupIds.get(key);
    if (id === undefined) {
      id = this.groupList.push(group) - 1;
      this.groupIds.set(key, id);
    }
    return id;
  }
}

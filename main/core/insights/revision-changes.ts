// How revisions moved a quote's total: from the versions of its details the cache keeps
// (oldest first), each step between two versions priced in the same currency is added to
// "up" or "down" of that currency. A step across currencies is no change of amount: it is
// left out rather than compared. Pure: the feed (history-feed.ts) puts each quote's versions.
import type { QuoteDetails } from '../../../preload/contract';
import { QuoteSlots } from './quote-slots';

export interface RevisionChange {
  /** Versions of the quote's details kept: at least 2 for a revised quote. */
  versions: number;
  /** Per currency, the sums of the rises and of the falls (both positive) of the total. */
  byCurrency: { currency: string; up: number; down: number }[];
}

/** The changes of a quote's total over its kept versions, or null when it was never revised. */
export function revisionChangeOf(versions: readonly Pick<QuoteDetails, 'totalPrice'>[]): RevisionChange | null {
  if (versions.length < 2) return null;
  const byCurrency = new Map<string, { currency: string; up: number; down: number }>();
  for (let at = 1; at < versions.length; at += 1) {
    const before = versions[at - 1]!.totalPrice;
    const after = versions[at]!.totalPrice;
    if (!before || !after || before.currency !== after.currency || !before.currency) continue;
    const sums = byCurrency.get(after.currency) ?? { currency: after.currency, up: 0, down: 0 };
    const change = after.amount - before.amount;
    if (change > 0) sums.up += change;
    else sums.down -= change;
    byCurrency.set(after.currency, sums);
  }
  return { versions: versions.length, byCurrency: [...byCurrency.values()] };
}

/** The revised quotes' changes by quote id, also by the quote's number (QuoteSlots), which the figures' pass reads. */
export class RevisionChanges extends Map<string, RevisionChange> {
  private changeColumn: (RevisionChange | undefined)[] = [];

  constructor(readonly slots: QuoteSlots = new QuoteSlots()) {
    super();
  }

  override set(quoteId: string, change: RevisionChange): this {
    super.set(quoteId, change);
    this.changeColumn[this.slots.slotOf(quoteId)] = change;
    return this;
  }

  override delete(quoteId: string): boolean {
    const slot = this.slots.find(quoteId);
    if (slot >= 0) this.changeColumn[slot] = undefined;
    return super.delete(quoteId);
  }

  override clear(): void {
    super.clear();
    this.changeColumn = [];
  }

  /** Each number's change, or undefined when that quote is not revised. */
  bySlot(): readonly (RevisionChange | undefined)[] {
    return this.changeColumn;
  }
}

// When each decided quote was decided, and why a decline was made, as well as it can be known:
// the service keeps no decision date and no decline reason a client can read. A decision made
// here has its receipt (the moment it was sent, and the reason typed in the decline dialog); a
// decision made elsewhere has the service's last change of the quote (`updatedAt`: a decided
// quote changes no more), and without that only the time Quotedesk stored the decided quote.
// Pure: the feed (history-feed.ts) puts each quote as the cache holds it.
import type { DecisionReceipt } from '../../../preload/contract/bridge/decisions';
import type { QuoteDetails, QuoteListItem } from '../../../preload/contract';
import { stageOf } from '../cache/inbox';
import { fitted, QuoteSlots } from './quote-slots';

/** Where a decision's time comes from, most exact first. */
export const DECISION_BASES = ['here', 'service', 'stored'] as const;
export type DecisionBasis = (typeof DECISION_BASES)[number];

export interface DecisionTime {
  /** Epoch milliseconds of the decision. */
  at: number;
  basis: DecisionBasis;
  /** The reason given in Quotedesk's decline dialog; null when declined elsewhere or without one. */
  reason: string | null;
}

export interface DecidedQuote {
  list: Pick<QuoteListItem, 'status' | 'updatedAt'> | null;
  details: Pick<QuoteDetails, 'status' | 'updatedAt'> | null;
  storedAt: number;
}

/** The decision of a quote as now held, or null when it is not decided (accepted, in a project or declined). */
export function decisionTimeOf(quote: DecidedQuote, receipts: readonly DecisionReceipt[]): DecisionTime | null {
  const status = quote.details?.status ?? quote.list?.status;
  if (status === undefined) return null;
  // The quote number only tells preparation from waiting: no decided stage depends on it.
  const stage = stageOf(status, null);
  const decision = stage === 'declined' ? 'decline' : stage === 'accepted' || stage === 'in-project' ? 'accept' : null;
  if (decision === null) return null;
  // The receipt of the decision that stands: a decision refused or of the other kind says nothing of it.
  const receipt = receipts.filter((made) => made.decision === decision && made.outcome !== 'refused').sort((a, b) => b.at.localeCompare(a.at))[0];
  const sentAt = receipt ? Date.parse(receipt.at) : Number.NaN;
  if (receipt && Number.isFinite(sentAt)) return { at: sentAt, basis: 'here', reason: decision === 'decline' ? reasonOf(receipt.reason) : null };
  const updatedAt = Date.parse(quote.details?.updatedAt ?? quote.list?.updatedAt ?? '');
  if (Number.isFinite(updatedAt)) return { at: updatedAt, basis: 'service', reason: null };
  return { at: quote.storedAt, basis: 'stored', reason: null };
}

const reasonOf = (reason: string | null) => (reason === null || reason.trim() === '' ? null : reason.trim());

/**
 * The decision times of the quotes held, by quote id (a quote two accounts see is decided once),
 * also as typed columns by the quote's number (QuoteSlots), which the figures' pass reads.
 */
export class DecisionTimes {
  private readonly byQuote = new Map<string, DecisionTime>();
  /** Epoch milliseconds of each number's decision. */
  private atColumn = new Float64Array(0);
  /** Each number's basis: its place in DECISION_BASES plus one; 0 when not decided. */
  private basisColumn = new Uint8Array(0);
  /** Each number's decline reason: its place in `reasons`, or -1 for none. */
  private reasonColumn = new Int32Array(0);
  private readonly reasonList: (string | null)[] = [];
  private readonly reasonIds = new Map<string | null, number>();

  constructor(readonly slots: QuoteSlots = new QuoteSlots()) {}

  /**
   * One account's view of the quote: undecided forgets it; decided keeps the more exact of this
   * view and the one held, since a quote seen through a client key and an internal key has its
   * receipt (and its decline reason) under the client account only.
   */
  put(quoteId: string, time: DecisionTime | null): void {
    if (time === null) {
      if (this.byQuote.delete(quoteId)) this.column(this.slots.find(quoteId), null);
      return;
    }
    const held = this.byQuote.get(quoteId);
    if (held && DECISION_BASES.indexOf(held.basis) < DECISION_BASES.indexOf(time.basis)) return;
    this.byQuote.set(quoteId, time);
    this.column(this.slots.slotOf(quoteId), time);
  }

  get(quoteId: string): DecisionTime | undefined {
    return this.byQuote.get(quoteId);
  }

  /** The columns by number: `basis` 0 means no time known; `reason` -1 means none, else a place in `reasons`. */
  columns(): { at: Float64Array; basis: Uint8Array; reason: Int32Array; reasons: readonly (string | null)[] } {
    return { at: this.atColumn, basis: this.basisColumn, reason: this.reasonColumn, reasons: this.reasonList };
  }

  clear(): void {
    this.byQuote.clear();
    this.basisColumn.fill(0);
  }

  private column(slot: number, time: DecisionTime | null): void {
    if (slot < 0) return;
    this.atColumn = fitted(this.atColumn, slot, 0);
    this.basisColumn = fitted(this.basisColumn, slot, 0);
    this.reasonColumn = fitted(this.reasonColumn, slot, -1);
    this.basisColumn[slot] = time === null ? 0 : DECISION_BASES.indexOf(time.basis) + 1;
    if (time === null) return;
    this.atColumn[slot] = time.at;
    this.reasonColumn[slot] = this.reasonIdOf(time.reason);
  }

  private reasonIdOf(reason: string | null): number {
    let id = this.reasonIds.get(reason);
    if (id === undefined) {
      id = this.reasonList.push(reason) - 1;
      this.reasonIds.set(reason, id);
    }
    return id;
  }
}

import type { InboxRow } from '../inbox-bridge';
import type { InboxState } from './inbox.svelte';

/** The decided quote's place in the view, taken before the decision is sent (the list moves after it). */
export interface DecisionMark {
  index: number;
  quoteId: string;
  /** Its status in the row before: the row showing another one shows the decision. */
  statusBefore: string;
}

interface PendingAdvance extends DecisionMark {
  decision: 'accept' | 'decline';
}

/** An advance the list never comes to show (no refresh arrives) is given up after this long. */
const GIVE_UP_MS = 10_000;
const DONE_WORDS = { accept: 'Quote accepted.', decline: 'Quote declined.' } as const;

/**
 * After a decision, the next quote of the view becomes the active row (the reading pane
 * follows it) and is announced, so `j` goes on from it. "Next" is found once the list shows
 * the decision: in a filtered view the decided quote leaves and the next slides into its
 * place; elsewhere it stays, with its new status, and the next is the row after it. Until
 * then nothing moves, so a late refresh can never make the keyboard skip a quote.
 */
export class TriageAdvance {
  /** What the live region says: the decision and the quote now in front of the person. */
  announcement = $state('');
  /** Moves at each advance: the list puts the keyboard on the new active row. */
  advances = $state(0);

  readonly #inbox: Pick<InboxState, 'activeRow' | 'rowAt' | 'total'>;
  readonly #show: (row: InboxRow, decidedId: string) => void;
  #pending = $state<PendingAdvance | null>(null);
  #giveUp: ReturnType<typeof setTimeout> | undefined;

  /** `show`: puts the next quote where the decided one was shown (the reading pane). */
  constructor(inbox: Pick<InboxState, 'activeRow' | 'rowAt' | 'total'>, show: (row: InboxRow, decidedId: string) => void) {
    this.#inbox = inbox;
    this.#show = show;
  }

  /** Where the quote being decided stands in the view: null unless it is the active row. */
  mark(quoteId: string | undefined): DecisionMark | null {
    const index = this.#inbox.activeRow;
    const row = index < 0 ? undefined : this.#inbox.rowAt(index);
    if (!row || row.quoteId !== quoteId) return null;
    return { index, quoteId, statusBefore: row.status };
  }

  /** The decision was made (and its dialog closed): advance once the list shows it. */
  advance(mark: DecisionMark, decision: 'accept' | 'decline'): void {
    clearTimeout(this.#giveUp);
    this.#pending = { ...mark, decision };
    this.#giveUp = setTimeout(() => (this.#pending = null), GIVE_UP_MS);
    this.settle();
  }

  /** Run from an effect: reads the rows around the decided one and advances when they show the decision. */
  settle(): void {
    const pending = this.#pending;
    if (!pending) return;
    const inbox = this.#inbox;
    const total = inbox.total ?? 0;
    // The last quote of a filtered view left it: there is no next one (the list clamps its row meanwhile).
    if (total <= pending.index) return this.#settle(pending, null, -1);
    // The person moved on by themselves: their move stands.
    if (inbox.activeRow !== pending.index) return this.#stop();
    const at = inbox.rowAt(pending.index);
    if (!at) return;
    if (at.quoteId !== pending.quoteId) return this.#settle(pending, pending.index, -1);
    // Still the decided quote as it was: the list has not heard of the decision yet.
    if (at.status === pending.statusBefore) return;
    // It stays in the view: the next is the row after it; after the last one, it stays the active row.
    this.#settle(pending, pending.index + 1 < total ? pending.index + 1 : null, pending.index);
  }

  /** `index`: the next quote's row, null when there is none (then `otherwise` is the active row). */
  #settle(pending: PendingAdvance, index: number | null, otherwise: number): void {
    this.#stop();
    this.#inbox.activeRow = index ?? otherwise;
    const row = index === null ? undefined : this.#inbox.rowAt(index);
    if (row) this.#show(row, pending.quoteId);
    const next = index === null ? 'That was the last quote in this view.' : row ? `Next: ${rowWords(row)}.` : 'Next quote.';
    this.announcement = `${DONE_WORDS[pending.decision]} ${next}`;
    this.advances++;
  }

  #stop(): void {
    clearTimeout(this.#giveUp);
    this.#pending = null;
  }
}

function rowWords(row: InboxRow): string {
  return [row.quoteNumber, row.projectName ?? 'Untitled project'].filter(Boolean).join(', ');
}

import { m } from '../../../../i18n/paraglide/messages.js';
import type { InboxRow } from '../inbox-bridge';
import type { InboxState } from './inbox.svelte';

/** The decided quote in the view, taken before the decision is sent (the list moves after it). */
export interface DecisionMark {
  quoteId: string;
  /** Its status in the row before: the row showing another one shows the decision. */
  statusBefore: string;
  /** The person's moves of the active row until then: one more means they moved on by themselves. */
  moves: number;
  /** It was the view's last row: when it leaves, no quote takes its place. */
  last: boolean;
}

interface PendingAdvance extends DecisionMark {
  decision: 'accept' | 'decline';
}

/** An advance the list never comes to show (no refresh arrives) is given up after this long. */
const GIVE_UP_MS = 10_000;

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

  readonly #inbox: TriageInbox;
  readonly #show: (row: InboxRow, decidedId: string) => void;
  #pending = $state<PendingAdvance | null>(null);
  #giveUp: ReturnType<typeof setTimeout> | undefined;

  /** `show`: puts the next quote where the decided one was shown (the reading pane). */
  constructor(inbox: TriageInbox, show: (row: InboxRow, decidedId: string) => void) {
    this.#inbox = inbox;
    this.#show = show;
  }

  /** Where the quote being decided stands in the view: null unless it is the active row. */
  mark(quoteId: string | undefined): DecisionMark | null {
    const index = this.#inbox.activeRow;
    const row = index < 0 ? undefined : this.#inbox.rowAt(index);
    if (!row || row.quoteId !== quoteId) return null;
    return { quoteId, statusBefore: row.status, moves: this.#inbox.activeMoves, last: index + 1 >= (this.#inbox.total ?? 0) };
  }

  /** The decision was made (and its dialog closed): advance once the list shows it. */
  advance(mark: DecisionMark, decision: 'accept' | 'decline'): void {
    clearTimeout(this.#giveUp);
    this.#pending = { ...mark, decision };
    this.#giveUp = setTimeout(() => (this.#pending = null), GIVE_UP_MS);
    this.settle();
  }

  /**
   * Run from an effect: reads the active row and advances once it shows the decision. The list
   * keeps the active row on its quote (wherever quotes arriving above put it) and, when the
   * decided quote leaves the view, moves it to the quote that took its place.
   */
  settle(): void {
    const pending = this.#pending;
    if (!pending) return;
    const inbox = this.#inbox;
    // The person moved on by themselves: their move stands.
    if (inbox.activeMoves !== pending.moves) return this.#stop();
    const total = inbox.total ?? 0;
    const index = inbox.activeRow;
    if (index < 0 || total === 0) return this.#settle(pending, null, -1);
    const at = inbox.rowAt(index);
    if (!at) return;
    if (at.quoteId !== pending.quoteId) {
      // It left the view: the quote in its place is the next, unless it was the last one (then there is none).
      return pending.last ? this.#settle(pending, null, -1) : this.#settle(pending, index, -1);
    }
    // Still the decided quote as it was: the list has not heard of the decision yet.
    if (at.status === pending.statusBefore) return;
    // It stays in the view: the next is the row after it; after the last one, it stays the active row.
    this.#settle(pending, index + 1 < total ? index + 1 : null, index);
  }

  /** `index`: the next quote's row, null when there is none (then `otherwise` is the active row). */
  #settle(pending: PendingAdvance, index: number | null, otherwise: number): void {
    this.#stop();
    this.#inbox.activeRow = index ?? otherwise;
    const row = index === null ? undefined : this.#inbox.rowAt(index);
    if (row) this.#show(row, pending.quoteId);
    const done = pending.decision === 'accept' ? m.shell_triage_accepted() : m.shell_triage_declined();
    const next = index === null ? m.shell_triage_last() : row ? m.shell_triage_next({ quote: rowWords(row) }) : m.shell_triage_next_quote();
    // Said once, in the language of the moment it is said: a live region is not read again.
    this.announcement = `${done} ${next}`;
    this.advances++;
  }

  #stop(): void {
    clearTimeout(this.#giveUp);
    this.#pending = null;
  }
}

/** What the advance reads of the inbox: its active row is held by its quote (ActiveRow). */
type TriageInbox = Pick<InboxState, 'activeRow' | 'activeMoves' | 'rowAt' | 'total'>;

function rowWords(row: InboxRow): string {
  return [row.quoteNumber, row.projectName ?? m.shell_untitled_project()].filter(Boolean).join(', ');
}

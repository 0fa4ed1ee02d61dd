import type { InboxRow } from '../inbox-bridge';

/** How many rows after the active one are remembered, to find the one that takes its place. */
const FOLLOWERS_KEPT = 50;

/** What the list can say about its rows once a window of them was read (again). */
export interface ReadRows {
  rowAt(index: number): InboxRow | undefined;
  /** Where the quote is among the rows on hand, -1 when it is not (or not yet) among them. */
  indexOf(quoteId: string): number;
  total: number;
  /** Every window of this reading has arrived: a quote not found is not in the view any more. */
  complete: boolean;
}

/**
 * The row the keyboard is on, held by its quote rather than by its place: the list read again
 * (quotes arriving above it, a webhook, a window reloaded) keeps it on the same quote at its
 * new index, so `j` goes on from where the person was. When its quote leaves the view, the
 * active row becomes the quote that took its place (the first of those below it still there),
 * as after a decision in a filtered view.
 *
 * `moves` counts the person's moves only (a click, j/k, a decision's advance), never the
 * list's: the reading pane follows those, so a refresh never switches it.
 */
export class ActiveRow {
  /** The row's index among all matches, -1 for none. */
  index = $state(-1);
  moves = $state(0);
  #quoteId: string | null = null;
  /** The quotes of the rows after it, nearest first, as last seen. */
  #followers: string[] = [];
  readonly #rowAt: (index: number) => InboxRow | undefined;

  constructor(rowAt: (index: number) => InboxRow | undefined) {
    this.#rowAt = rowAt;
  }

  /** The person puts the keyboard on row `index` (the same row again is no move). */
  moveTo(index: number): void {
    const quoteId = index < 0 ? null : (this.#rowAt(index)?.quoteId ?? null);
    if (index === this.index && (quoteId === null || quoteId === this.#quoteId)) return;
    this.index = index;
    this.moves++;
    this.#remember();
  }

  /** A new query: no row is active, and nothing of the old list is followed. */
  clear(): void {
    this.index = -1;
    this.#quoteId = null;
    this.#followers = [];
  }

  /** A window of rows arrived: the active row goes where its quote now is. */
  follow(rows: ReadRows): void {
    if (this.index < 0) return;
    const quoteId = this.#quoteId;
    if (quoteId !== null) {
      const at = rows.indexOf(quoteId);
      if (at >= 0) return this.#place(at);
      // Its window of this reading is still on its way: nothing moves until it is in.
      if (!rows.complete) return;
      const successor = this.#followers.map((id) => rows.indexOf(id)).find((index) => index >= 0);
      if (successor !== undefined) return this.#place(successor);
    }
    // Not known yet (its row was not on hand when it was chosen), or nothing below it is left: its place.
    this.#place(Math.min(this.index, rows.total - 1));
  }

  #place(index: number): void {
    this.index = index;
    this.#remember();
  }

  #remember(): void {
    const row = this.index < 0 ? undefined : this.#rowAt(this.index);
    this.#quoteId = row?.quoteId ?? null;
    this.#followers = [];
    if (!row) return;
    for (let next = this.index + 1; this.#followers.length < FOLLOWERS_KEPT; next++) {
      const follower = this.#rowAt(next);
      if (!follower) break;
      this.#followers.push(follower.quoteId);
    }
  }
}

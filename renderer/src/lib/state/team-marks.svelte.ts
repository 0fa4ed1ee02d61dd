import type { BridgeApi, TeamQuoteInput, TeamRowMark } from '../../../../preload/contract';
import { TeamMarkReads } from './team-mark-reads';

export type TeamMarksBridge = Pick<BridgeApi, 'inbox'>;

/** At most this many quotes in one 'inbox.teamMarks' (the contract's window). */
const MARKS_PER_CALL = 200;

/**
 * The inbox rows' team marks (assignee, approval of the current revision). Each row on screen
 * says it is shown; the rows that appear together (a window scrolled into view) are read in one
 * bridge call, never one per row. Only while admitted to a team: otherwise nothing is asked and
 * every row is as it was.
 */
export class TeamRowMarks {
  /** By quote id; a quote without an entry has no mark. */
  byQuote = $state<Record<string, TeamRowMark>>({});
  readonly #reads = new TeamMarkReads();
  readonly #api: TeamMarksBridge;
  readonly #active: () => boolean;

  constructor(api: TeamMarksBridge, active: () => boolean) {
    this.#api = api;
    this.#active = active;
  }

  /** A row shows this quote; the returned function says it no longer does. */
  show(quote: TeamQuoteInput): () => void {
    if (this.#reads.show(quote)) this.#want([quote]);
    return () => this.#reads.hide(quote.quoteId);
  }

  /** Entries arrived for these quotes: those on screen are read again (in one call). */
  moved(quoteIds: readonly string[]): void {
    this.#want(this.#reads.shown(quoteIds));
  }

  /** The team moved (joined, admitted, left, a member renamed): every quote on screen again, or no marks off a team. */
  reread(): void {
    if (!this.#active()) {
      this.byQuote = {};
      return;
    }
    this.#want(this.#reads.shown());
  }

  #want(quotes: readonly TeamQuoteInput[]): void {
    if (quotes.length === 0 || !this.#active()) return;
    // The rows of one render mount in one task: gathered, they are one call.
    if (this.#reads.wait(quotes)) queueMicrotask(() => this.#readWaiting());
  }

  #readWaiting(): void {
    const { sequence, quotes } = this.#reads.take();
    for (let start = 0; start < quotes.length; start += MARKS_PER_CALL) void this.#read(sequence, quotes.slice(start, start + MARKS_PER_CALL));
  }

  async #read(sequence: number, quotes: TeamQuoteInput[]): Promise<void> {
    const result = await this.#api.inbox.teamMarks({ quotes });
    // A failed read keeps what the rows showed: the next move of the team reads them again.
    if (!result.ok || !this.#active()) return;
    const next = { ...this.byQuote };
    for (const { quoteId } of quotes) {
      if (!this.#reads.answers(sequence, quoteId)) continue;
      const mark = result.value.marks.find((candidate) => candidate.quoteId === quoteId);
      if (mark) next[quoteId] = mark;
      else delete next[quoteId];
    }
    this.byQuote = next;
  }
}

import type { TeamQuoteInput } from '../../../../preload/contract';

/**
 * The bookkeeping behind the rows' team marks (team-marks.svelte.ts), none of it shown: which
 * quotes rows show now, which wait to be read with the rest of their window, and the newest
 * read asked for each quote (an older answer arriving late is dropped).
 */
export class TeamMarkReads {
  readonly #shown = new Map<string, { quote: TeamQuoteInput; rows: number }>();
  readonly #waiting = new Map<string, TeamQuoteInput>();
  readonly #asked = new Map<string, number>();
  #sequence = 0;

  /** A row shows the quote; true when no other row did (it is to be read). */
  show(quote: TeamQuoteInput): boolean {
    const shown = this.#shown.get(quote.quoteId);
    if (shown) shown.rows++;
    else this.#shown.set(quote.quoteId, { quote, rows: 1 });
    return !shown;
  }

  hide(quoteId: string): void {
    const shown = this.#shown.get(quoteId);
    if (shown && --shown.rows === 0) this.#shown.delete(quoteId);
  }

  /** The quotes shown now, of those named (all when none are). */
  shown(quoteIds?: readonly string[]): TeamQuoteInput[] {
    if (!quoteIds) return [...this.#shown.values()].map((shown) => shown.quote);
    return quoteIds.flatMap((id) => this.#shown.get(id)?.quote ?? []);
  }

  /** Adds to the next read; true when a read is not planned yet. */
  wait(quotes: readonly TeamQuoteInput[]): boolean {
    const first = this.#waiting.size === 0;
    for (const quote of quotes) this.#waiting.set(quote.quoteId, quote);
    return first;
  }

  /** What waited, now asked in one read with its number. */
  take(): { sequence: number; quotes: TeamQuoteInput[] } {
    const quotes = [...this.#waiting.values()];
    this.#waiting.clear();
    const sequence = ++this.#sequence;
    for (const quote of quotes) this.#asked.set(quote.quoteId, sequence);
    return { sequence, quotes };
  }

  /** Whether the read numbered `sequence` is still the newest asked for the quote (and forgets it if so). */
  answers(sequence: number, quoteId: string): boolean {
    if (this.#asked.get(quoteId) !== sequence) return false;
    this.#asked.delete(quoteId);
    return true;
  }
}

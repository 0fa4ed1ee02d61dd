import type { EventPayload } from '../../../../preload/contract';
import type { QuoteDetailView } from '../../../../preload/contract/bridge/inbox';

export interface QuoteRef {
  accountId: string;
  quoteId: string;
}

/** The rows of the list on screen (read ahead) and the rows around them (kept once read, never read for). */
export interface RowsInView {
  shown: readonly QuoteRef[];
  kept: readonly QuoteRef[];
}

/**
 * How many cached views are asked for at once: a click or a `j` meanwhile waits behind at most
 * these few (six, under load, could still be on their way at the next key: issue 27's third round).
 */
const READS_PER_TURN = 3;
/** An idle moment is waited for at most this long (a busy page still gets its rows read). */
const IDLE_TIMEOUT_MS = 500;

type Schedule = (run: () => void) => () => void;

/** The page's idle time, or a short timer where there is none (jsdom, older engines). */
const whenIdle: Schedule = (run) => {
  if (typeof requestIdleCallback === 'function') {
    const handle = requestIdleCallback(run, { timeout: IDLE_TIMEOUT_MS });
    return () => cancelIdleCallback(handle);
  }
  const handle = setTimeout(run, 0);
  return () => clearTimeout(handle);
};

/**
 * The cached views of the rows on screen, so that a click on any of them shows its quote with
 * no bridge call (issue 27). They are read once the pane settled, a few at a time in the
 * page's idle time, and the reads stop at a scroll or a move (whatever was not read yet is
 * asked for at the next settle). Only the rows around the view are kept: the memory is a
 * screenful of 4.5 KB views. Kept as the cache's copy by 'inbox.changed', as the neighbours are.
 */
export class ViewsInView {
  readonly #read: (ref: QuoteRef) => Promise<QuoteDetailView | null>;
  readonly #schedule: Schedule;
  #views = new Map<string, QuoteDetailView>();
  #rows: RowsInView = { shown: [], kept: [] };
  #kept = new Set<string>();
  /** The newest read of each quote on its way: an older one answering later is dropped. */
  #turns = new Map<string, number>();
  #cancel: (() => void) | null = null;
  /** Moves at every pause: a chain of reads started before it stops. */
  #generation = 0;

  constructor(read: (ref: QuoteRef) => Promise<QuoteDetailView | null>, schedule: Schedule = whenIdle) {
    this.#read = read;
    this.#schedule = schedule;
  }

  get(ref: QuoteRef): QuoteDetailView | undefined {
    return this.#views.get(keyOf(ref));
  }

  /** The list scrolled (or its rows changed): views out of reach go, and reads not sent yet wait for the next settle. */
  show(rows: RowsInView): void {
    this.pause();
    this.#rows = rows;
    this.#kept = new Set(rows.kept.map(keyOf));
    for (const key of this.#shownKeys()) this.#kept.add(key);
    for (const key of [...this.#views.keys()]) if (!this.#kept.has(key)) this.#views.delete(key);
  }

  /**
   * The pane settled on `around`: the rows on screen not read yet (nor `known` elsewhere, as its
   * neighbours) are, nearest to it first. The quote shown is never one of them, through whichever
   * account its row names: the pane keeps it itself.
   */
  resume(around: QuoteRef, known: (ref: QuoteRef) => boolean): void {
    this.pause();
    const shown = this.#rows.shown;
    const at = shown.findIndex((row) => row.quoteId === around.quoteId);
    const missing = shown
      .map((row, index) => ({ row, distance: at < 0 ? index : Math.abs(index - at) }))
      .filter(({ row }) => row.quoteId !== around.quoteId && !known(row) && !this.#views.has(keyOf(row)) && !this.#turns.has(keyOf(row)))
      .sort((a, b) => a.distance - b.distance)
      .map(({ row }) => row);
    if (missing.length > 0) this.#next(missing, this.#generation);
  }

  /** A move or a scroll: nothing more is sent until the pane settles again. */
  pause(): void {
    this.#cancel?.();
    this.#cancel = null;
    this.#generation++;
  }

  clear(): void {
    this.pause();
    this.#views.clear();
    this.#turns.clear();
    this.#rows = { shown: [], kept: [] };
    this.#kept.clear();
  }

  /**
   * The cache changed: a view named with another version is read again unless `readAgain` says
   * not (the shown quote's: the pane keeps its own copy; one the pane reads anyway; one just
   * decided), and is then only dropped; one in a change too big to name its quotes is dropped.
   */
  follow(change: EventPayload<'inbox.changed'>, readAgain: (ref: QuoteRef) => boolean): void {
    if (change.quotes === null) {
      for (const [key, view] of [...this.#views]) if (change.accountIds.includes(view.accountId)) this.#views.delete(key);
      return;
    }
    for (const named of change.quotes) {
      const key = keyOf(named);
      const kept = this.#views.get(key);
      if (!kept || kept.version === named.version) continue;
      this.#views.delete(key);
      if (named.version !== null && readAgain(named)) void this.#fetch(named);
    }
  }

  #next(queue: QuoteRef[], generation: number): void {
    this.#cancel = this.#schedule(() => {
      this.#cancel = null;
      const turn = queue.splice(0, READS_PER_TURN);
      void Promise.all(turn.map((ref) => this.#fetch(ref))).then(() => {
        if (generation === this.#generation && queue.length > 0) this.#next(queue, generation);
      });
    });
  }

  async #fetch(ref: QuoteRef): Promise<void> {
    const key = keyOf(ref);
    const turn = (this.#turns.get(key) ?? 0) + 1;
    this.#turns.set(key, turn);
    const view = await this.#read(ref);
    if (this.#turns.get(key) !== turn) return;
    this.#turns.delete(key);
    // Scrolled away meanwhile: not kept.
    if (view && this.#kept.has(key)) this.#views.set(key, view);
  }

  *#shownKeys(): Iterable<string> {
    for (const row of this.#rows.shown) yield keyOf(row);
  }
}

const keyOf = (ref: QuoteRef) => `${ref.accountId}\u0000${ref.quoteId}`;

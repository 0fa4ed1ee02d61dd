import { SvelteSet } from 'svelte/reactivity';
import type { BridgeApi, BridgeError, ExportDelivered, ExportFormat, KeepOfflineFailure, QuoteSelection, Result, SelectionInput } from '../../../../preload/contract';
import { describeFailure } from '../error-words';
import { formatCount } from '../format';
import type { InboxState } from './inbox.svelte';

/** The part of the bridge a selection acts through. */
export type SelectionBridge = Pick<BridgeApi, 'selection' | 'inbox'>;

/** Quotes whose PDFs are fetched per call: the progress moves after each. */
const KEEP_OFFLINE_BATCH = 10;

/** What the last action said, for the bar's live region. */
export interface SelectionOutcome {
  text: string;
  failed: boolean;
}

/**
 * Quotes selected in the inbox's view, and what can be done to them at once.
 *
 * A selection belongs to the view it was made in: when the query changes (search, filters,
 * account, order) it is gone. It is kept as the ids selected, or, after Ctrl/Cmd-A, as "every
 * quote of the view but these": a view of 100,000 rows is selected without reading them, and
 * the core finds the rows again in the view (selection.* and inbox.export's selection).
 */
export class SelectionState {
  /** 'some': `#ids` are selected. 'all': every quote of the view is, but `#ids`. */
  #mode = $state<'some' | 'all'>('some');
  readonly #ids = new SvelteSet<string>();
  /** The inbox's queryVersion the selection was made in. */
  #version = $state(-1);
  /** Where the last toggle happened: a Shift-click selects from here. */
  #anchor = -1;
  /** The action running, in words ("Keeping PDFs offline: 20 of 120"), or null. */
  busy = $state<string | null>(null);
  /** 0..1 while PDFs are being kept offline, else null. */
  progress = $state<number | null>(null);
  outcome = $state<SelectionOutcome | null>(null);

  readonly #inbox: InboxState;
  readonly #api: SelectionBridge;

  constructor(inbox: InboxState, api: SelectionBridge) {
    this.#inbox = inbox;
    this.#api = api;
  }

  /** The selection still answers the view on screen (a new query drops it). */
  #current = $derived.by(() => this.#version === this.#inbox.queryVersion);

  /** How many quotes are selected. */
  count = $derived.by(() => {
    if (!this.#current) return 0;
    return this.#mode === 'all' ? Math.max(0, (this.#inbox.total ?? 0) - this.#ids.size) : this.#ids.size;
  });

  /** Every quote of the view is selected. */
  all = $derived(this.#current && this.#mode === 'all' && this.#ids.size === 0);

  /** "3 quotes selected", for the live region and the bar. */
  words = $derived(`${formatCount(this.count)} ${this.count === 1 ? 'quote' : 'quotes'} selected`);

  isSelected(quoteId: string): boolean {
    if (!this.#current) return false;
    return this.#mode === 'all' ? !this.#ids.has(quoteId) : this.#ids.has(quoteId);
  }

  /** Selects or unselects the quote of row `index` (x, Ctrl/Cmd-click, its checkbox). */
  toggle(index: number, quoteId: string): void {
    this.#follow();
    this.#set(quoteId, !this.isSelected(quoteId));
    this.#anchor = index;
  }

  /** Selects the rows from the last toggled one to `index` (Shift-click), reading the ones not on hand. */
  async selectRange(index: number, quoteId: string): Promise<void> {
    this.#follow();
    const anchor = this.#anchor >= 0 && this.#anchor < (this.#inbox.total ?? 0) ? this.#anchor : index;
    const version = this.#version;
    const ids = await this.#inbox.quoteIdsIn(Math.min(anchor, index), Math.max(anchor, index));
    if (!ids.ok) {
      this.#said(`Couldn't select those quotes: ${describeFailure(ids.error).message}`, true);
      return;
    }
    // The view changed while the rows were read: they belong to another selection.
    if (version !== this.#inbox.queryVersion) return;
    for (const id of ids.value.length > 0 ? ids.value : [quoteId]) this.#set(id, true);
    this.#anchor = index;
  }

  /** Every quote of the view (Ctrl/Cmd-A): however many, none is read for it. */
  selectAll(): void {
    this.#version = this.#inbox.queryVersion;
    this.#mode = 'all';
    this.#ids.clear();
    this.outcome = null;
  }

  clear(): void {
    this.#mode = 'some';
    this.#ids.clear();
    this.#anchor = -1;
    this.outcome = null;
  }

  /** The selection as the core reads it, with the view it was made in. */
  input(): SelectionInput {
    const selection: QuoteSelection = this.#mode === 'all' ? { kind: 'all', except: [...this.#ids] } : { kind: 'quotes', quoteIds: [...this.#ids] };
    return { ...this.#inbox.viewInput(), selection };
  }

  async markRead(): Promise<void> {
    await this.#mark('read');
  }

  async markUnread(): Promise<void> {
    await this.#mark('unread');
  }

  /** The selected quotes as a CSV or XLSX file, in the view's order (the export menu shows the outcome). */
  exportSelection(format: ExportFormat): Promise<Result<ExportDelivered>> {
    return this.#api.inbox.export({ ...this.input(), format });
  }

  /**
   * The selected quotes' PDFs downloaded and kept offline, batch after batch so the progress
   * moves; the outcome says how many were kept and which could not be, and why.
   */
  async keepPdfsOffline(): Promise<void> {
    if (this.busy || this.count === 0) return;
    const input = this.input();
    const total = this.count;
    let kept = 0;
    let already = 0;
    let notTried = 0;
    const failed: KeepOfflineFailure[] = [];
    let error: BridgeError | null = null;
    this.outcome = null;
    this.progress = 0;
    this.busy = `Keeping PDFs offline: 0 of ${formatCount(total)}`;
    for (let offset = 0; ; offset += KEEP_OFFLINE_BATCH) {
      const batch = await this.#api.selection.keepPdfsOffline({ ...input, offset, limit: KEEP_OFFLINE_BATCH });
      if (!batch.ok) {
        error = batch.error;
        break;
      }
      const { total: found, kept: keptNow, alreadyOffline, failed: failedNow, notTried: notTriedNow } = batch.value;
      kept += keptNow;
      already += alreadyOffline;
      failed.push(...failedNow);
      const done = Math.min(found, offset + KEEP_OFFLINE_BATCH);
      if (notTriedNow > 0) {
        // The service cannot be reached: the rest would fail the same way.
        notTried = found - done + notTriedNow;
        break;
      }
      this.progress = found === 0 ? 1 : done / found;
      this.busy = `Keeping PDFs offline: ${formatCount(done)} of ${formatCount(found)}`;
      if (done >= found) break;
    }
    this.busy = null;
    this.progress = null;
    this.#said(keepOfflineWords({ kept, already, failed, notTried, error }), failed.length > 0 || notTried > 0 || error !== null);
  }

  async #mark(how: 'read' | 'unread'): Promise<void> {
    if (this.busy || this.count === 0) return;
    this.busy = `Marking ${this.words.replace(' selected', '')} ${how}…`;
    this.outcome = null;
    const result = await (how === 'read' ? this.#api.selection.markRead(this.input()) : this.#api.selection.markUnread(this.input()));
    this.busy = null;
    if (!result.ok) {
      this.#said(`Couldn't mark the quotes ${how}: ${describeFailure(result.error).message}`, true);
      return;
    }
    const count = result.value.quotes;
    this.#said(`Marked ${formatCount(count)} ${count === 1 ? 'quote' : 'quotes'} ${how}.`, false);
  }

  #said(text: string, failed: boolean): void {
    this.outcome = { text, failed };
  }

  /** A selection made in an older view is dropped before this one starts. */
  #follow(): void {
    if (this.#current) return;
    this.clear();
    this.#version = this.#inbox.queryVersion;
  }

  #set(quoteId: string, selected: boolean): void {
    // In 'all' mode the set holds the quotes left out.
    if (selected === (this.#mode === 'some')) this.#ids.add(quoteId);
    else this.#ids.delete(quoteId);
    if (this.#mode === 'all' && this.#ids.size >= (this.#inbox.total ?? 0)) this.clear();
  }
}

/** "Kept 12 PDFs offline (3 already were). 2 couldn't be downloaded: Q-1001 (…), Q-1002 (…)." */
export function keepOfflineWords(outcome: { kept: number; already: number; failed: readonly KeepOfflineFailure[]; notTried: number; error: BridgeError | null }): string {
  const { kept, already, failed, notTried, error } = outcome;
  const pdfs = (count: number) => `${formatCount(count)} ${count === 1 ? 'PDF' : 'PDFs'}`;
  const parts = [`Kept ${pdfs(kept)} offline${already > 0 ? ` (${formatCount(already)} already ${already === 1 ? 'was' : 'were'})` : ''}.`];
  if (failed.length > 0) {
    const named = failed.slice(0, 3).map((failure) => `${failure.label ?? 'Untitled quote'} (${failure.reason.replace(/\.$/, '')})`);
    const more = failed.length > 3 ? `, and ${formatCount(failed.length - 3)} more` : '';
    parts.push(`${pdfs(failed.length)} couldn't be downloaded: ${named.join('; ')}${more}.`);
  }
  if (notTried > 0) parts.push(`${pdfs(notTried)} not tried: the service can't be reached now. Try again later; nothing was lost.`);
  if (error) parts.push(`Stopped: ${describeFailure(error).message}`);
  return parts.join(' ');
}

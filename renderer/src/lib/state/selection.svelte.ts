import { SvelteSet } from 'svelte/reactivity';
import type { BridgeApi, ExportDelivered, ExportFormat, KeepOfflineFailure, KeepOfflineJob, KeepOfflinePlan, QuoteSelection, Result, SelectionInput } from '../../../../preload/contract';
import { describeFailure } from '../error-words';
import { formatCount } from '../format';
import type { InboxState } from './inbox.svelte';
import { timeLeftWords } from '../time-left';
import { m } from '../../../../i18n/paraglide/messages.js';

/** The part of the bridge a selection acts through. */
export type SelectionBridge = Pick<BridgeApi, 'selection' | 'inbox' | 'events'>;

/** Above this many quotes, keeping their PDFs offline asks first (it may take hours and gigabytes). */
export const KEEP_OFFLINE_CONFIRM_ABOVE = 50;

/** What the last action said, for the bar's live region. */
export interface SelectionOutcome {
  text: string;
  failed: boolean;
  /** Told by the keep-offline job: shown even when nothing is selected any more. */
  ofJob?: boolean;
}

/**
 * Quotes selected in the inbox's view, and what can be done to them at once.
 *
 * A selection belongs to the view it was made in: when the query changes (search, filters,
 * account, order) it is gone. It is kept as the ids picked and the Shift-click ranges (sent as
 * their first and last quote, with the ids left out of them), or, after Ctrl/Cmd-A, as "every
 * quote of the view but these": a selection of 100,000 rows is sent in a few bytes, never as
 * the ids it spans, and the core finds the rows again in the view (selection.* and
 * inbox.export's selection).
 */
export class SelectionState {
  /** 'some': `#ids` and the ranges' quotes are selected, but `#unpicked`. 'all': every quote of the view is, but `#ids`. */
  #mode = $state<'some' | 'all'>('some');
  readonly #ids = new SvelteSet<string>();
  /** Shift-click ranges, by their first and last quote: what the core is sent. */
  #ranges: { from: string; to: string }[] = [];
  /** Every quote in a range (read once, to show them ticked); none is in `#ids`. */
  readonly #inRanges = new SvelteSet<string>();
  /** Quotes of a range unticked since. */
  readonly #unpicked = new SvelteSet<string>();
  /** The inbox's queryVersion the selection was made in. */
  #version = $state(-1);
  /** Where the last toggle happened: a Shift-click selects from here. */
  #anchor = -1;
  /** The action running, in words ("Keeping PDFs offline: 20 of 120"), or null. */
  busy = $state<string | null>(null);
  /** The core's keep-offline job (it outlives this page): running, or the last one seen ending. */
  job = $state<KeepOfflineJob | null>(null);
  /** A large selection waits for the person to confirm keeping its PDFs offline. */
  confirming = $state<(KeepOfflinePlan & { input: SelectionInput }) | null>(null);
  outcome = $state<SelectionOutcome | null>(null);

  /** The job runs (or is stopping): its progress and Stop are shown. */
  keeping = $derived(this.job?.state === 'running' || this.job?.state === 'stopping');

  /** "Keeping PDFs offline: 120 of 100,000, about 12 minutes left", or null. */
  progressWords = $derived(
    this.job && this.keeping
      ? withTimeLeft(
          (this.job.state === 'stopping' ? m.inbox_stopping_progress : m.inbox_keeping_progress)({ done: formatCount(this.job.done), total: formatCount(this.job.total) }),
          this.job.state === 'running' ? this.job.secondsLeft : null,
        )
      : null,
  );

  /** 0..1 while the job runs, else null. */
  progress = $derived(this.job && this.keeping ? (this.job.total === 0 ? 1 : this.job.done / this.job.total) : null);

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
    return this.#mode === 'all' ? Math.max(0, (this.#inbox.total ?? 0) - this.#ids.size) : this.#ids.size + this.#inRanges.size - this.#unpicked.size;
  });

  /** Every quote of the view is selected. */
  all = $derived(this.#current && this.#mode === 'all' && this.#ids.size === 0);

  /** "3 quotes selected", for the live region and the bar. */
  words = $derived(m.inbox_selected_count({ count: this.count, countText: formatCount(this.count) }));

  isSelected(quoteId: string): boolean {
    if (!this.#current) return false;
    if (this.#mode === 'all') return !this.#ids.has(quoteId);
    return this.#ids.has(quoteId) || (this.#inRanges.has(quoteId) && !this.#unpicked.has(quoteId));
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
      this.#said(m.inbox_select_failed({ message: describeFailure(ids.error).message }), true);
      return;
    }
    // The view changed while the rows were read: they belong to another selection.
    if (version !== this.#inbox.queryVersion) return;
    const spanned = ids.value.length > 0 ? ids.value : [quoteId];
    if (this.#mode === 'all') {
      for (const id of spanned) this.#set(id, true);
    } else {
      this.#ranges.push({ from: spanned[0]!, to: spanned.at(-1)! });
      for (const id of spanned) {
        this.#inRanges.add(id);
        this.#ids.delete(id);
        this.#unpicked.delete(id);
      }
    }
    this.#anchor = index;
  }

  /** Every quote of the view (Ctrl/Cmd-A): however many, none is read for it. */
  selectAll(): void {
    this.#version = this.#inbox.queryVersion;
    this.#mode = 'all';
    this.#forgetPicks();
    this.outcome = null;
  }

  clear(): void {
    this.#mode = 'some';
    this.#forgetPicks();
    this.#anchor = -1;
    this.outcome = null;
  }

  /** The selection as the core reads it, with the view it was made in. */
  input(): SelectionInput {
    return { ...this.#inbox.viewInput(), selection: this.#selection() };
  }

  #selection(): QuoteSelection {
    if (this.#mode === 'all') return { kind: 'all', except: [...this.#ids] };
    if (this.#ranges.length === 0) return { kind: 'quotes', quoteIds: [...this.#ids] };
    return { kind: 'ranges', ranges: [...this.#ranges], quoteIds: [...this.#ids], except: [...this.#unpicked] };
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
   * Reads the core's keep-offline job and follows it: a page opened or reloaded while one runs
   * shows its progress and Stop. Returns the function that stops following.
   */
  listen(): () => void {
    const stop = this.#api.events['selection.keepOfflineChanged']((job) => this.#jobMoved(job));
    void this.#api.selection.keepOfflineJob().then((result) => {
      // A running job is news to a page that just opened; an ended one was told where it ran.
      const job = result.ok ? result.value : null;
      if (job && this.job === null && (job.state === 'running' || job.state === 'stopping')) this.job = job;
    });
    return stop;
  }

  /** Keeping the selected quotes' PDFs offline: at once for a few, after a confirmation for many. */
  async keepPdfsOffline(): Promise<void> {
    if (this.busy || this.keeping || this.count === 0) return;
    const input = this.input();
    if (this.count <= KEEP_OFFLINE_CONFIRM_ABOVE) {
      await this.#startKeeping(input);
      return;
    }
    const plan = await this.#api.selection.keepOfflinePlan(input);
    if (!plan.ok) {
      this.#said(m.inbox_keep_failed({ message: describeFailure(plan.error).message }), true);
      return;
    }
    this.confirming = { ...plan.value, input };
  }

  /** The person confirmed: the job starts with the selection as it was when they asked. */
  async confirmKeeping(): Promise<void> {
    const confirming = this.confirming;
    this.confirming = null;
    if (confirming) await this.#startKeeping(confirming.input);
  }

  cancelKeeping(): void {
    this.confirming = null;
  }

  /** Stops the core's job: no download starts after it; what was kept stays. */
  async stopKeeping(): Promise<void> {
    if (!this.keeping) return;
    if (this.job) this.job = { ...this.job, state: 'stopping' };
    const result = await this.#api.selection.stopKeepOffline();
    if (!result.ok) {
      this.#said(m.inbox_stop_failed({ message: describeFailure(result.error).message }), true);
      return;
    }
    if (result.value) this.#jobMoved(result.value);
  }

  async #startKeeping(input: SelectionInput): Promise<void> {
    this.outcome = null;
    const result = await this.#api.selection.keepPdfsOffline(input);
    if (!result.ok) {
      this.#said(m.inbox_keep_failed({ message: describeFailure(result.error).message }), true);
      return;
    }
    this.#jobMoved(result.value);
  }

  /** The job moved: an end this page saw is told in words once. */
  #jobMoved(job: KeepOfflineJob): void {
    const wasKeeping = this.keeping;
    this.job = job;
    if (!wasKeeping || this.keeping) return;
    this.outcome = { text: keepOfflineWords(job), failed: job.failedCount > 0 || job.error !== null || (job.notTried > 0 && job.state !== 'stopped'),
      ofJob: true,
    };
  }

  async #mark(how: 'read' | 'unread'): Promise<void> {
    if (this.busy || this.count === 0) return;
    const counted = { count: this.count, countText: formatCount(this.count) };
    this.busy = how === 'read' ? m.inbox_marking_read(counted) : m.inbox_marking_unread(counted);
    this.outcome = null;
    const result = await (how === 'read' ? this.#api.selection.markRead(this.input()) : this.#api.selection.markUnread(this.input()));
    this.busy = null;
    if (!result.ok) {
      const { message } = describeFailure(result.error);
      this.#said(how === 'read' ? m.inbox_mark_read_failed({ message }) : m.inbox_mark_unread_failed({ message }), true);
      return;
    }
    const count = result.value.quotes;
    const marked = { count, countText: formatCount(count) };
    this.#said(how === 'read' ? m.inbox_marked_read(marked) : m.inbox_marked_unread(marked), false);
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
    if (this.#mode === 'some' && this.#inRanges.has(quoteId)) {
      // A quote of a range is ticked by the range; unticking it leaves it out.
      if (selected) this.#unpicked.delete(quoteId);
      else this.#unpicked.add(quoteId);
      return;
    }
    // In 'all' mode the set holds the quotes left out.
    if (selected === (this.#mode === 'some')) this.#ids.add(quoteId);
    else this.#ids.delete(quoteId);
    if (this.#mode === 'all' && this.#ids.size >= (this.#inbox.total ?? 0)) this.clear();
  }

  #forgetPicks(): void {
    this.#ids.clear();
    this.#ranges = [];
    this.#inRanges.clear();
    this.#unpicked.clear();
  }
}

/** "Keeping PDFs offline: 120 of 100,000", and the time left when the core has measured it. */
function withTimeLeft(progress: string, secondsLeft: number | null): string {
  return secondsLeft === null ? progress : m.inbox_progress_time_left({ progress, timeLeft: timeLeftWords(secondsLeft) });
}

/** "Kept 12 PDFs offline (3 already were). 2 couldn't be downloaded: Q-1001 (…), Q-1002 (…)."; "Kept 120 of 100,000 PDFs offline; stopped." */
export function keepOfflineWords(job: KeepOfflineJob): string {
  const { kept, alreadyOffline: already, failed, failedCount, notTried, error } = job;
  const pdfs = (count: number) => m.inbox_pdf_count({ count, countText: formatCount(count) });
  const alreadyWords = already > 0 ? m.inbox_already_offline({ count: already, countText: formatCount(already) }) : null;
  const parts: string[] = [];
  if (job.state === 'stopped') {
    const counts = { kept: formatCount(kept), pdfs: pdfs(job.total) };
    parts.push(alreadyWords === null ? m.inbox_kept_stopped(counts) : m.inbox_kept_stopped_already({ ...counts, already: alreadyWords }));
  } else parts.push(alreadyWords === null ? m.inbox_kept({ pdfs: pdfs(kept) }) : m.inbox_kept_already({ pdfs: pdfs(kept), already: alreadyWords }));
  if (failedCount > 0) {
    const named = failed.slice(0, 3).map((failure: KeepOfflineFailure) => `${failure.label ?? m.inbox_untitled_quote()} (${failure.reason.replace(/\.$/, '')})`);
    const said = { pdfs: pdfs(failedCount), names: named.join('; ') };
    parts.push(failedCount > named.length ? m.inbox_download_failed_more({ ...said, more: formatCount(failedCount - named.length) }) : m.inbox_download_failed(said));
  }
  if (error) parts.push(m.inbox_keep_stopped_error({ error }));
  else if (notTried > 0 && job.state !== 'stopped') parts.push(m.inbox_not_tried({ pdfs: pdfs(notTried) }));
  return parts.join(' ');
}

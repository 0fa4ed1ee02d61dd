import type { BridgeApi, BridgeError, EventPayload, ExportDelivered, ExportFormat, Result } from '../../../../preload/contract';
import type { DecisionReceipt, DecisionResult } from '../../../../preload/contract/bridge/decisions';
import type { InboxRow, InboxRowAccount, PdfOpened, QuoteDetailView, QuoteExtras } from '../../../../preload/contract/bridge/inbox';
import { toCheckAgainOutcome, toDecisionOutcome } from '../decision-outcome';
import type { CheckAgainOutcome, DecisionOutcome } from '../decision-outcome';
import { fetchPdf } from '../pdf-save';
import type { PickedFile } from '../pdf-save';
import { fromCachedDiff } from '../revision-diff';
import type { RevisionDiff } from '../revision-diff';
import { ViewsInView } from './views-in-view';
import type { QuoteRef, RowsInView } from './views-in-view';

export type { QuoteRef, RowsInView } from './views-in-view';

/** How long the quote shown from the cache stays before the service is asked for it again. */
export const BACKGROUND_REFRESH_PAUSE_MS = 150;

/**
 * How long a quote with nothing to show yet is read before the pane says it is loading. The
 * cache answers within a few frames: a skeleton drawn for those, then torn down, only flashes,
 * and building and laying it out delays the quote itself (issue 27).
 */
export const SKELETON_AFTER_MS = 150;

/** How many quotes' views are kept around the one shown (its neighbours, the quotes just left). */
const NEAR_KEPT = 8;

/** Where a PDF open or save stands: downloading (with progress when the size is known) or failed. */
export interface PdfProgress {
  busy: boolean;
  /** 0..1, null when the size is not known. */
  progress: number | null;
  error: string | null;
}

/**
 * One quote on screen: its detail from the cache (`quotes.detail`), its receipts, and the
 * decisions and PDF actions on it. Every load takes a sequence number and only the newest
 * answer for the quote still on screen is kept, so a slow answer about another quote (or an
 * older read of this one) never replaces what is shown.
 */
export class QuoteState {
  ref = $state<QuoteRef | null>(null);
  view = $state<QuoteDetailView | null>(null);
  loading = $state(false);
  /** A load with nothing to show has taken SKELETON_AFTER_MS: the view shows its skeleton; before that the body stays empty (and busy). */
  slow = $state(false);
  error = $state<BridgeError | null>(null);
  receipts = $state<DecisionReceipt[]>([]);
  /** The project team users and the summary: read live after the detail, never holding it up. */
  extras = $state<QuoteExtras | null>(null);
  /** The company's logo as a data: URL, once the core has it (from its cache or fetched); null shows initials. */
  logo = $state<string | null>(null);
  savedReasons = $state<string[]>([]);
  pdf = $state<PdfProgress>({ busy: false, progress: null, error: null });
  /**
   * Every account that sees the quote (a client key and the internal key of one service),
   * from the inbox index; the decision goes through `ref.accountId`, the one picked.
   */
  seenBy = $state<InboxRowAccount[]>([]);

  diff = $derived<RevisionDiff | null>(this.view ? fromCachedDiff(this.view) : null);
  /** The background refresh brought a copy other than the cached one first shown: the view says "Updated". */
  updated = $state(false);
  /** The service is being asked for the quote shown from the cache (its pricing, when the cache has only the row). */
  refreshing = $state(false);
  /**
   * The person stopped on the quote (BACKGROUND_REFRESH_PAUSE_MS after the move): what is read
   * beside it (receipts, extras, logo; the view's price comparison) is asked for from then on,
   * once per load, never at each row `j` passes over.
   */
  stopped = $state(false);
  /** Served from the cache because the service could not be asked now. */
  offline = $derived(this.view !== null && this.view.source === 'cache' && this.view.notice !== null);

  readonly #api: BridgeApi;
  #sequence = 0;
  /** The inbox row of the shown quote as last seen, to tell when a sync pass or a webhook moved it. */
  #row: string | null = null;
  /** Moves with every look at the row: a late answer about an older look is dropped. */
  #rowSequence = 0;
  /** The newest 'inbox.changed' heard: one at or below it is old news. */
  #cacheVersion = -1;
  /**
   * While a decision on the shown quote is on its way: the version the cache's echo of it
   * named (null: re-read), or undefined before any. The echo often comes before the answer,
   * which is then compared with it rather than the version shown before the decision.
   */
  #deciding: { ref: QuoteRef; echoed?: string | null } | null = null;
  #savedReasonsRead = false;
  /** The rows to read ahead around the quote shown, until its own refresh has answered. */
  #ahead: { quoteId: string; quotes: QuoteRef[] } | null = null;
  /** The last rows read ahead, with the quote they were around. */
  #aheadSent: string | null = null;
  /** The quote whose background refresh has answered. */
  #settled: string | null = null;
  /**
   * The cached views of the quotes around the one shown (its neighbours once it settled, and
   * the quote just left), so that `j`/`k` onto one shows it with no call at all. Kept as the
   * cache's copy by 'inbox.changed': an entry whose quote moved is read again.
   */
  #near: QuoteDetailView[] = [];
  /** The newest read of each neighbour on its way: an older one answering later is dropped. */
  #nearTurns: Record<string, number> = {};
  /** The cached views of the rows on screen: a click on one shows it with no call. */
  readonly #inView: ViewsInView;
  /** The quote whose accounts (seenBy) were asked for. */
  #seenByOf: string | null = null;
  /**
   * The quote last decided here: the triage moves on from it, and the cache's echoes of the
   * decision (one per account that sees it) must not read its view again (issue 27's fifth
   * round: an accept cost 6 to 10 calls). A copy of it the page keeps is dropped instead.
   */
  #decided: string | null = null;

  constructor(api: BridgeApi) {
    this.#api = api;
    this.#inView = new ViewsInView(async (ref) => {
      const detail = await api.quotes.detail({ ...ref, cached: true });
      return detail.ok ? detail.value : null;
    });
  }

  /**
   * The list's rows on screen (`quote-table` says so at each scroll): their cached views are
   * read once the pane settles, in the page's idle time; a scroll stops the reads not sent yet.
   */
  rowsInView(rows: RowsInView): void {
    this.#inView.show(rows);
    // A decision's echo re-reads the list: nothing is read for it until the decision is over and the pane settles again.
    if (this.ref && this.#settled === this.ref.quoteId && !this.#deciding) this.#resumeInView(this.ref);
  }

  /** Shows another quote: what was on screen goes at once, so nothing of it is mistaken for the new one. */
  open(ref: QuoteRef): Promise<void> {
    if (this.ref?.quoteId !== ref.quoteId) {
      if (ref.quoteId === this.#decided) this.#decided = null;
      this.seenBy = [];
      this.#row = null;
      this.#seenByOf = null;
    }
    // The quote left is a neighbour of the next one: `k` goes back to it at once.
    if (this.view && this.ref && sameRef(this.view, this.ref)) this.#keepNear(this.view);
    // The rows on screen not read yet wait until this quote settles: they never compete with it.
    this.#inView.pause();
    this.ref = ref;
    this.view = null;
    this.receipts = [];
    this.extras = null;
    this.logo = null;
    this.pdf = { busy: false, progress: null, error: null };
    // The person's saved decline reasons change only through saveReasons here: read them once.
    if (!this.#savedReasonsRead) void this.#loadSavedReasons();
    return this.load();
  }

  /** The same quote through another account that sees it: its view, and the decisions through it. */
  decideAs(accountId: string): Promise<void> {
    const ref = this.ref;
    if (!ref || ref.accountId === accountId || !this.seenBy.some((seen) => seen.accountId === accountId)) return Promise.resolve();
    return this.open({ accountId, quoteId: ref.quoteId });
  }

  async #loadSeenBy(quoteId: string): Promise<void> {
    this.#seenByOf = quoteId;
    const turn = ++this.#rowSequence;
    const found = await this.#api.inbox.query({ quoteIds: [quoteId], limit: 1 });
    if (turn !== this.#rowSequence || !found.ok || this.ref?.quoteId !== quoteId) return;
    const row = found.value.rows[0];
    this.seenBy = row?.accounts ?? [];
    this.#row = row ? rowSignature(row) : null;
  }

  /**
   * The cache changed ('inbox.changed'). A change that names its quotes says the shown one's
   * new version: the quote is read again only when it is named with a version other than the
   * one shown (a decision's own echo costs nothing). "Many or unknown" (quotes: null) in an
   * account that sees it: its row is read, and the quote when the row moved.
   */
  #follow(change: EventPayload<'inbox.changed'>): void {
    if (change.cacheVersion <= this.#cacheVersion) return;
    this.#cacheVersion = change.cacheVersion;
    this.#followNear(change);
    this.#inView.follow(change, (named) => !this.#readsItself(named) && !this.#nearOf(named) && !(keyOf(named) in this.#nearTurns));
    const ref = this.ref;
    if (!ref) return;
    if (change.quotes === null) {
      if (change.accountIds.some((id) => id === ref.accountId || this.seenBy.some((seen) => seen.accountId === id))) void this.#followRow();
      return;
    }
    const named = change.quotes.findLast((quote) => quote.accountId === ref.accountId && quote.quoteId === ref.quoteId);
    if (!named) return;
    if (this.#deciding && sameRef(this.#deciding.ref, ref)) {
      this.#deciding.echoed = named.version;
      return;
    }
    // A version named is the cache's copy already: read from it, with no wait on the service.
    if (named.version === null || named.version !== this.view?.version) void this.#reread(ref, { cached: named.version !== null });
  }

  /** Neighbours kept as the cache holds them: one named with another version is read again, one in a change too big to name its quotes is dropped. */
  #followNear(change: EventPayload<'inbox.changed'>): void {
    if (change.quotes === null) {
      this.#near = this.#near.filter((view) => !change.accountIds.includes(view.accountId));
      return;
    }
    for (const named of change.quotes) {
      const kept = this.#nearOf(named);
      if (!kept || kept.version === named.version) continue;
      this.#near = this.#near.filter((view) => view !== kept);
      if (named.version !== null && named.quoteId !== this.#decided) void this.#readNear(named);
    }
  }

  /** The shown quote's row again (after a change too big to name its quotes): the quote is read again when the row moved. */
  async #followRow(): Promise<void> {
    const ref = this.ref;
    if (!ref) return;
    const turn = ++this.#rowSequence;
    const found = await this.#api.inbox.query({ quoteIds: [ref.quoteId], limit: 1 });
    if (turn !== this.#rowSequence || !found.ok || !this.isShown(ref.accountId, ref.quoteId)) return;
    const row = found.value.rows[0];
    if (!row) return;
    this.seenBy = row.accounts;
    const signature = rowSignature(row);
    if (signature === this.#row) return;
    this.#row = signature;
    await this.#reread(ref);
  }

  /** The shown quote again, without emptying the view meanwhile; a failure keeps what is shown. */
  async #reread(ref: QuoteRef, options: { cached?: boolean } = {}): Promise<void> {
    const sequence = ++this.#sequence;
    this.refreshing = false;
    const [detail, receipts] = await Promise.all([this.#api.quotes.detail({ ...ref, ...(options.cached ? { cached: true } : {}) }), this.#api.decisions.receipts(ref)]);
    if (sequence !== this.#sequence) return;
    // It may have replaced a first load still on its way.
    this.loading = false;
    if (detail.ok) this.#show(detail.value);
    if (receipts.ok) this.receipts = receipts.value;
    // The service's summary (its revision number, its line count) moved with the quote: without
    // this it kept saying the revision first shown, as this reread drops a load's extras.
    // Before the person's pause on the quote, nothing beside it was read yet: all of it is now.
    if (detail.ok && this.stopped) void this.#loadExtras(ref, sequence);
    else if (detail.ok) this.#decorate(ref, sequence);
  }

  /** Leaves the quote: answers still on their way are dropped. */
  close(): void {
    this.#sequence++;
    this.#rowSequence++;
    this.#row = null;
    this.ref = null;
    this.view = null;
    this.seenBy = [];
    this.#seenByOf = null;
    this.#near = [];
    this.#nearTurns = {};
    this.#inView.clear();
    this.stopped = false;
    this.extras = null;
    this.logo = null;
    this.loading = false;
    this.slow = false;
    this.refreshing = false;
    this.updated = false;
  }

  /**
   * Shows the quote as the cache holds it, at once, then asks the service again in the
   * background (refreshInBackground). One call per move: a neighbour read beforehand needs
   * none; the receipts, the accounts that see it, the extras and the logo wait for the person
   * to stop on it. `refresh` (the view's Refresh) waits on the service instead, even when the
   * cached copy is recent.
   */
  async load(options: { refresh?: boolean } = {}): Promise<void> {
    const ref = this.ref;
    if (!ref) return;
    const sequence = ++this.#sequence;
    this.error = null;
    this.updated = false;
    this.refreshing = false;
    this.#settled = null;
    this.stopped = false;
    const near = options.refresh ? undefined : this.#nearOf(ref);
    if (near) {
      this.loading = false;
      this.view = near;
      void this.#refreshInBackground(ref, sequence);
      return;
    }
    this.loading = true;
    this.slow = false;
    const slow = setTimeout(() => (this.slow = this.loading && sequence === this.#sequence), SKELETON_AFTER_MS);
    const detail = await this.#api.quotes.detail(options.refresh ? { ...ref, refresh: true } : { ...ref, cached: true });
    clearTimeout(slow);
    if (sequence !== this.#sequence) return;
    this.loading = false;
    this.slow = false;
    if (!detail.ok) {
      this.error = detail.error;
      return;
    }
    this.view = detail.value;
    if (options.refresh) this.#decorate(ref, sequence);
    else void this.#refreshInBackground(ref, sequence);
  }

  /** What the view shows beside the quote: its receipts, the accounts that see it, the extras and the logo; once per quote opened. */
  #decorate(ref: QuoteRef, sequence: number): void {
    if (this.stopped) return;
    this.stopped = true;
    void this.#loadReceipts(ref, sequence);
    void this.#loadExtras(ref, sequence);
    void this.#loadLogo(ref, sequence);
    if (this.#seenByOf !== ref.quoteId) void this.#loadSeenBy(ref.quoteId);
  }

  // Receipts are a side list: failing to read them does not hide the quote.
  async #loadReceipts(ref: QuoteRef, sequence: number): Promise<void> {
    const receipts = await this.#api.decisions.receipts(ref);
    if (sequence !== this.#sequence || !receipts.ok) return;
    // A decision's own receipt, shown from its answer, stays even if the list was read before it was kept.
    const listed = receipts.value.map((receipt) => receipt.id);
    this.receipts = [...this.receipts.filter((receipt) => !listed.includes(receipt.id)), ...receipts.value];
  }

  /**
   * The service's copy of the quote shown from the cache, after a short pause (j held down
   * passes over rows without asking for each). A copy that moved replaces what is shown and
   * says "Updated"; a failure keeps what is shown, said quietly beside its "cached at".
   */
  async #refreshInBackground(ref: QuoteRef, sequence: number): Promise<void> {
    this.refreshing = true;
    await new Promise((resolve) => setTimeout(resolve, BACKGROUND_REFRESH_PAUSE_MS));
    if (sequence !== this.#sequence) return;
    this.#decorate(ref, sequence);
    const detail = await this.#api.quotes.detail(ref);
    if (sequence !== this.#sequence) return;
    this.refreshing = false;
    this.#settled = ref.quoteId;
    // The rows on screen are read once the neighbours' views answered: `j` onto a neighbour is the
    // likeliest next move, and its view (or the next key's task) would otherwise queue behind them.
    const neighbours = this.#sendAhead();
    void neighbours.then(() => sequence === this.#sequence && this.#resumeInView(ref));
    if (!detail.ok) {
      // Without anything cached the first look failed already; with it, the copy stays.
      if (this.view) this.error = detail.error;
      return;
    }
    this.#show(detail.value);
  }

  /** A newer read of the quote shown: "Updated" when its details moved from what was on screen. */
  #show(view: QuoteDetailView): void {
    const before = this.view;
    this.view = view;
    if (before !== null && view.details !== null && view.version !== before.version) this.updated = true;
  }

  async #loadExtras(ref: QuoteRef, sequence: number): Promise<void> {
    const extras = await this.#api.quotes.extras(ref);
    if (sequence === this.#sequence && extras.ok) this.extras = extras.value;
  }

  // Decoration: without it (none, unreachable, not an image) the company's initials show.
  async #loadLogo(ref: QuoteRef, sequence: number): Promise<void> {
    const logo = await this.#api.quotes.logo(ref);
    if (sequence === this.#sequence && logo.ok) this.logo = logo.value.src;
  }

  /**
   * The quotes of these rows read into the cache in the background (the rows around the one
   * in the reading pane): the core asks the service at low priority, and each call replaces
   * the rows of the one before. Nothing is waited for or shown: a failure costs nothing.
   */
  readAhead(rows: readonly Pick<InboxRow, 'accountId' | 'quoteId'>[]): void {
    if (!this.ref || rows.length === 0) return;
    this.#ahead = { quoteId: this.ref.quoteId, quotes: rows.map(({ accountId, quoteId }) => ({ accountId, quoteId })) };
    void this.#sendAhead();
  }

  /**
   * Rows are read ahead once the shown quote's own refresh has its answer: they never compete
   * with it. Resolves once the neighbours' cached views asked for here have answered.
   */
  #sendAhead(): Promise<unknown> {
    const ahead = this.#ahead;
    if (!ahead || ahead.quoteId !== this.#settled || this.ref?.quoteId !== ahead.quoteId) return Promise.resolve();
    this.#ahead = null;
    // The list read again (a sync, a decision) names the same neighbours: they were asked for already.
    const signature = JSON.stringify(ahead);
    if (signature === this.#aheadSent) return Promise.resolve();
    this.#aheadSent = signature;
    void this.#api.quotes.readAhead({ quotes: ahead.quotes });
    // Their cached views, for a move onto one to show it at once; the quote left is one of them already.
    this.#near = this.#near.filter((view) => ahead.quotes.some((quote) => sameRef(quote, view)));
    return Promise.all(ahead.quotes.filter((quote) => !this.#nearOf(quote)).map((quote) => this.#readNear(quote)));
  }

  /** The rows on screen but the neighbours (read or being read as such). */
  #resumeInView(ref: QuoteRef): void {
    this.#inView.resume(ref, (row) => row.quoteId === this.#decided || this.#near.some((view) => sameRef(view, row)) || keyOf(row) in this.#nearTurns);
  }

  /** The shown quote (the pane reads it itself) or the one just decided (left): no copy of it is read for the rows around. */
  #readsItself(ref: QuoteRef): boolean {
    return (this.ref !== null && sameRef(this.ref, ref)) || ref.quoteId === this.#decided;
  }

  async #readNear(ref: QuoteRef): Promise<void> {
    const key = keyOf(ref);
    const turn = (this.#nearTurns[key] ?? 0) + 1;
    this.#nearTurns[key] = turn;
    const detail = await this.#api.quotes.detail({ ...ref, cached: true });
    // A newer read of the same quote (it moved meanwhile) is the one kept.
    if (this.#nearTurns[key] !== turn) return;
    delete this.#nearTurns[key];
    if (detail.ok) this.#keepNear(detail.value);
  }

  #nearOf(ref: QuoteRef): QuoteDetailView | undefined {
    return this.#near.find((view) => sameRef(view, ref)) ?? this.#inView.get(ref);
  }

  /** Kept newest last; j held down passes over many rows without stopping: only the last few stay. */
  #keepNear(view: QuoteDetailView): void {
    this.#near = [...this.#near.filter((kept) => !sameRef(kept, view)), view].slice(-NEAR_KEPT);
  }

  /** True when the quote is on screen, through any account that sees it. */
  showsQuote(quoteId: string): boolean {
    return this.ref?.quoteId === quoteId;
  }

  /** True when this answer is about the quote on screen (a progress event of another PDF is not). */
  isShown(accountId: string, quoteId: string): boolean {
    return this.ref?.accountId === accountId && this.ref.quoteId === quoteId;
  }

  accept(): Promise<DecisionOutcome> {
    return this.#decide((ref, version) => this.#api.decisions.accept({ ...ref, ...version }));
  }

  decline(reason: string): Promise<DecisionOutcome> {
    return this.#decide((ref, version) => this.#api.decisions.decline({ ...ref, ...version, ...(reason.trim() ? { reason: reason.trim() } : {}) }));
  }

  async checkAgain(): Promise<CheckAgainOutcome> {
    const ref = this.#require();
    const outcome = toCheckAgainOutcome(await this.#api.decisions.checkAgain(ref));
    void this.load();
    return outcome;
  }

  async saveReasons(reasons: string[]): Promise<void> {
    const result = await this.#api.decisions.saveReasons(reasons);
    if (!result.ok) throw new Error(result.error.message);
    this.savedReasons = result.value;
  }

  /** The shown quote's pricing tree as a CSV or XLSX file, the host's way (quotes.exportPricing). */
  exportPricing(format: ExportFormat): Promise<Result<ExportDelivered>> {
    return this.#api.quotes.exportPricing({ ...this.#require(), format });
  }

  /** Opens or saves the PDF the host's way; resolves with what the host did, or null when it failed (said in `pdf.error`). */
  async openPdf(mode: 'open' | 'save'): Promise<PdfOpened | null> {
    const ref = this.#require();
    if (this.pdf.busy) return null;
    this.pdf = { busy: true, progress: null, error: null };
    const result = await this.#api.pdfs.open({ ...ref, mode });
    if (!this.isShown(ref.accountId, ref.quoteId)) return null;
    this.pdf = { busy: false, progress: null, error: result.ok ? null : result.error.message };
    // The badge (cached, outdated) may have moved with the download.
    void this.#refreshPdfStatus(ref);
    return result.ok ? result.value : null;
  }

  /**
   * Browser mode's Save as…: the PDF the host serves for Open goes into the file the person
   * picked. `picking` is the picker the click opened (it must open before anything is awaited);
   * when the person cancels it nothing happens, and what fails is said in `pdf.error`.
   */
  async savePdfInto(picking: Promise<PickedFile | null>): Promise<void> {
    const ref = this.#require();
    try {
      const file = await picking;
      if (!file) return;
      const opened = await this.openPdf('save');
      // A failure to get the PDF is said by openPdf already, in the core's words.
      if (opened?.kind !== 'download') return;
      await file.write(await fetchPdf(opened.url));
    } catch (error) {
      if (!this.isShown(ref.accountId, ref.quoteId)) return;
      // The browser's DOMException is an Error in Chromium but not everywhere: its message is what counts.
      const message = error instanceof Error || error instanceof DOMException ? error.message : String(error);
      const reason = message.trim().replace(/\.$/, '');
      this.pdf = { busy: false, progress: null, error: `Couldn't save the PDF: ${reason}. Try again or use Open PDF.` };
    }
  }

  /** Follows the download of the shown quote's PDF ('pdfs.progress'); returns the unsubscribe function. */
  listen(): () => void {
    const stops = [
      this.#api.events['pdfs.progress'](({ accountId, quoteId, bytes, total }) => {
        if (!this.pdf.busy || !this.isShown(accountId, quoteId)) return;
        this.pdf = { ...this.pdf, progress: total ? Math.min(1, bytes / total) : null };
      }),
      // A change in any account that sees the quote may have moved it.
      this.#api.events['inbox.changed']((change) => this.#follow(change)),
    ];
    return () => stops.forEach((stop) => stop());
  }

  async #refreshPdfStatus(ref: QuoteRef): Promise<void> {
    const status = await this.#api.pdfs.status(ref);
    if (status.ok && this.view && this.isShown(ref.accountId, ref.quoteId)) this.view = { ...this.view, pdf: status.value };
  }

  async #decide(send: (ref: QuoteRef, version: { version?: string }) => Promise<Result<DecisionResult>>): Promise<DecisionOutcome> {
    const ref = this.#require();
    // The version the person is looking at: the service is not asked if the quote moved since.
    const version = this.view?.version ? { version: this.view.version } : {};
    const deciding: { ref: QuoteRef; echoed?: string | null } = { ref };
    this.#deciding = deciding;
    let answer: Result<DecisionResult>;
    try {
      answer = await send(ref, version);
    } finally {
      if (this.#deciding === deciding) this.#deciding = null;
    }
    const outcome = toDecisionOutcome(answer);
    if (answer.ok) this.#decided = ref.quoteId;
    if (!this.isShown(ref.accountId, ref.quoteId)) return outcome;
    // What is shown becomes what the service now says: the answer carries the quote as the cache
    // stored it, and the receipt. Only without it (the quote could not be had) is it read again.
    const shown = answer.ok ? answer.value.view : null;
    if (!answer.ok || !shown) {
      void this.load();
      return outcome;
    }
    const sequence = ++this.#sequence;
    this.view = shown;
    this.error = null;
    this.loading = false;
    this.refreshing = false;
    // Decided before the person's pause on it: what waited for that pause is read now.
    this.#decorate(ref, sequence);
    const receipt = 'receipt' in answer.value ? answer.value.receipt : null;
    if (receipt) this.receipts = [receipt, ...this.receipts.filter((each) => each.id !== receipt.id)];
    // The cache moved on while the answer travelled (another copy stored after the decision's): read that one.
    const { echoed } = deciding;
    if (echoed !== undefined && (echoed === null || echoed !== shown.version)) void this.#reread(ref, { cached: echoed !== null });
    return outcome;
  }

  async #loadSavedReasons(): Promise<void> {
    this.#savedReasonsRead = true;
    const result = await this.#api.decisions.savedReasons();
    if (result.ok) this.savedReasons = result.value;
    // Asked again at the next quote opened (the host back after a reconnection).
    else this.#savedReasonsRead = false;
  }

  #require(): QuoteRef {
    if (!this.ref) throw new Error('No quote is open.');
    return this.ref;
  }
}

const keyOf = (ref: QuoteRef) => `${ref.accountId}\u0000${ref.quoteId}`;

function sameRef(a: QuoteRef, b: QuoteRef): boolean {
  return a.accountId === b.accountId && a.quoteId === b.quoteId;
}

/** What the inbox shows of a quote, but its PDF badge (a download does not move the quote). */
function rowSignature(row: InboxRow): string {
  const { pdf: _pdf, ...shown } = row;
  return JSON.stringify(shown);
}

import { SvelteMap, SvelteSet } from 'svelte/reactivity';
import type { BridgeError, ExportDelivered, ExportFormat, Result, ViewQuery } from '../../../../preload/contract';
import type { AccountSyncState, InboxBridge, InboxFacets, InboxFilterInput, InboxQueryInput, InboxRow, InboxSort, InboxStage, InboxWindow, TeamInboxView } from '../inbox-bridge';
import { facetInput, filtersOnDetails, hasFacetFilters, noFacetFilters, toggledFacet } from '../inbox-filters';
import type { FacetFilters, FacetKey } from '../inbox-filters';
import { ActiveRow } from './active-row.svelte';

/** Rows fetched per call: the windows the list asks for as it scrolls. */
export const WINDOW_SIZE = 100;
/** Rows read per call while picking a notification's quotes out of the cache. */
const PICK_PAGE = 200;
/** Fetched windows kept around the view, so scrolling back does not ask again. */
const WINDOWS_KEPT = 6;
/**
 * While a search is typed, the facet counts wait this long after the rows of the last key
 * have arrived: the counts cost the core several ms over 100,000 quotes and the pickers a
 * redraw, which at every key would hold back the rows of the next one. A key within the
 * pause cancels them; they catch up once typing stops.
 */
export const FACETS_TYPING_PAUSE_MS = 250;
/**
 * After the cache changed, the facet counts wait this long after the rows: a change often
 * comes in pairs (a decision's own store, then the service's webhook about it, in the other
 * account that sees the quote), and the second one's rows cancel the first one's counts.
 */
export const FACETS_AFTER_CHANGE_PAUSE_MS = 600;
/**
 * The rows are read again this long after the last 'inbox.changed' (and at most
 * REFRESH_LONGEST_WAIT_MS after the first): one quote the service changed arrives once per
 * account that sees it (a webhook each, a moment apart), and they cost one query together.
 */
export const REFRESH_SETTLE_MS = 200;
const REFRESH_LONGEST_WAIT_MS = 600;

/**
 * A new query's first window asks no more rows than this or the rows in view, whichever is
 * more: at each keystroke the core checks and serialises, and the page parses, what is
 * shown (about 25 rows at 1280x800) rather than a whole window; the rest of the window is
 * asked when the list is scrolled to it.
 */
const FIRST_ROWS = 40;

/** Names each inbox's lanes: two inboxes on one page never supersede each other's calls. */
let inboxesMade = 0;

export interface InboxOptions {
  windowSize?: number;
  /** FACETS_TYPING_PAUSE_MS unless given (a test on a loaded machine takes a longer one). */
  facetsTypingPauseMs?: number;
}

interface FetchedWindow {
  rows: InboxRow[];
  /** The query generation these rows answer; older ones are shown until replaced. */
  generation: number;
}

/**
 * The inbox over the local cache of every account: one account or all, its filters, sort
 * and search, and the windows of rows fetched by offset as the list scrolls.
 *
 * Every change of the query (a keystroke in the search, a filter, the sort, the scope) starts
 * a new generation; an answer of an older generation is dropped, so a late answer can never
 * overwrite a newer one. A refresh (the cache changed) keeps the rows on screen until the
 * new ones arrive.
 */
export class InboxState {
  /** One account, or null for all accounts. */
  accountId = $state<string | null>(null);
  /** One of the team desk's views (its quotes, in every account), or null: part of the scope, like the account. */
  team = $state<TeamInboxView | null>(null);
  stages = $state<InboxStage[]>([]);
  needsAction = $state(false);
  expiringSoon = $state(false);
  sort = $state<InboxSort>('newest');
  /** What is in the search box: sent at each keystroke. */
  searchInput = $state('');
  /**
   * Only these quotes (the ones a notification was about), or null. inbox.query has no such
   * filter yet: the renderer reads the scope's rows page by page until it found them all.
   */
  quoteIds = $state<string[] | null>(null);
  /** The facet values chosen (company, currency, ranges...): within a facet any, across facets all. */
  facetFilters = $state<FacetFilters>(noFacetFilters());
  /** The index's counts per facet value for the current selection; null until its first answer. */
  facets = $state<InboxFacets | null>(null);
  /** Every match of the current query; null until its first answer. */
  total = $state<number | null>(null);
  /** Every quote of the scope, with no search or filter ("6 quotes out of 27"); null until known. */
  scopeTotal = $state<number | null>(null);
  /** The scope scopeTotal counts (undefined: none yet). */
  #scopeTotalOf: string | undefined = undefined;
  loading = $state(false);
  error = $state<BridgeError | null>(null);
  /**
   * The row the keyboard is on (an index into all matches), -1 for none. It is held by its
   * quote: when the rows are read again it moves to wherever that quote now is.
   */
  get activeRow(): number {
    return this.#active.index;
  }
  set activeRow(index: number) {
    this.#active.moveTo(index);
  }
  /** Counts the person's moves of the active row, never the list's (the reading pane follows these). */
  get activeMoves(): number {
    return this.#active.moves;
  }
  /** Moves with every new query, for the list to scroll back to the top. */
  queryVersion = $state(0);
  /** Freshness per account: from the last window, then kept current by sync.changed. */
  readonly freshness = new SvelteMap<string, AccountSyncState>();

  /** A "Sync now" pass is running. */
  syncing = $state(false);
  syncError = $state<BridgeError | null>(null);

  filtered = $derived(
    this.searchInput.trim() !== '' || this.stages.length > 0 || this.needsAction || this.expiringSoon || this.quoteIds !== null || hasFacetFilters(this.facetFilters),
  );

  readonly #api: InboxBridge;
  readonly #windowSize: number;
  readonly #facetsTypingPauseMs: number;
  readonly #windows = new SvelteMap<number, FetchedWindow>();
  readonly #active = new ActiveRow((index) => this.rowAt(index));
  /** Window offsets asked for in the current generation and not answered yet. */
  readonly #inFlight = new SvelteSet<number>();
  #generation = 0;
  /** Moves with every facet-count request and every new selection: a late answer for an older one is dropped. */
  #facetsGeneration = 0;
  /** The generation whose first answered rows ask for the facet counts (-1: none waiting). */
  #facetsAfter = -1;
  /** How long after those rows the counts are asked. */
  #facetsDelayMs = 0;
  #facetsTimer: ReturnType<typeof setTimeout> | undefined;
  /** This inbox's lanes (CallOptions.lane): a new query supersedes the one still on its way, so the core skips it. */
  readonly #lane = `inbox-${++inboxesMade}`;
  /** The generation that started the current query (a refresh starts a generation of the same query). */
  #queryGeneration = 0;
  /** The last generation an answer arrived for. */
  #answered = -1;
  /** The rows the list shows, to fetch the windows they need. */
  #viewStart = 0;
  #viewEnd = 0;
  #disposers: Array<() => void> = [];
  /** The newest 'inbox.changed' heard. */
  #cacheVersion = -1;
  #refreshTimer: ReturnType<typeof setTimeout> | undefined;
  /** When the first change not yet read again arrived (null: none waiting). */
  #refreshFirstAsked: number | null = null;

  constructor(api: InboxBridge, options: InboxOptions = {}) {
    this.#api = api;
    this.#windowSize = options.windowSize ?? WINDOW_SIZE;
    this.#facetsTypingPauseMs = options.facetsTypingPauseMs ?? FACETS_TYPING_PAUSE_MS;
  }

  /** Follows sync progress and cache changes until the returned function is called. */
  listen(): () => void {
    const offSync = this.#api.events['sync.changed']((state) => this.#keepFreshness(state));
    const offInbox = this.#api.events['inbox.changed'](({ cacheVersion, accountIds, facetsOnly }) => {
      // Old news: the window was read again after it already.
      if (cacheVersion <= this.#cacheVersion) return;
      this.#cacheVersion = cacheVersion;
      if (this.accountId !== null && !accountIds.includes(this.accountId)) return;
      // Details read in the background moved only the counts, unless the rows are chosen by them.
      if (facetsOnly && !filtersOnDetails(this.facetFilters)) this.#facetsSoon();
      else this.#refreshSoon();
    });
    this.#disposers = [offSync, offInbox];
    return () => this.dispose();
  }

  /** The facet counts again once the changes settled (REFRESH_SETTLE_MS); a refresh of the rows asks for them anyway. */
  #facetsSoon(): void {
    if (this.#refreshTimer !== undefined) return;
    clearTimeout(this.#facetsTimer);
    this.#facetsTimer = setTimeout(() => {
      this.#facetsTimer = undefined;
      void this.#fetchFacets();
    }, REFRESH_SETTLE_MS);
  }

  /** The rows again once the changes settled (REFRESH_SETTLE_MS), with the scope's "out of" when it may have moved. */
  #refreshSoon(): void {
    const now = Date.now();
    this.#refreshFirstAsked ??= now;
    clearTimeout(this.#refreshTimer);
    const wait = Math.max(0, Math.min(REFRESH_SETTLE_MS, this.#refreshFirstAsked + REFRESH_LONGEST_WAIT_MS - now));
    this.#refreshTimer = setTimeout(() => {
      this.#refreshTimer = undefined;
      this.#refreshFirstAsked = null;
      void this.refresh();
      // The cache changed: the scope may hold more or fewer quotes than "out of" says.
      if (this.filtered && this.quoteIds === null) void this.#fetchScopeTotal();
    }, wait);
  }

  /** Shows one account's quotes (or all accounts' with null) from the top, without the previous filters. */
  open(accountId: string | null): void {
    this.#openScope(accountId, null, null);
  }

  /** Shows only these quotes of one account (or all); an empty list shows the whole scope. */
  showQuotes(accountId: string | null, quoteIds: readonly string[]): void {
    this.#openScope(accountId, null, quoteIds.length > 0 ? [...quoteIds] : null);
  }

  /** A new scope (an account or all, a team view, a few quotes) from the top, without the previous filters; the order stays. */
  #openScope(accountId: string | null, team: TeamInboxView | null, quoteIds: string[] | null): void {
    this.accountId = accountId;
    this.team = team;
    this.stages = [];
    this.needsAction = false;
    this.expiringSoon = false;
    this.searchInput = '';
    this.quoteIds = quoteIds;
    this.facetFilters = noFacetFilters();
    this.#restart();
  }

  /** A saved or remembered view: its scope, search, status, filters and order, from the top. */
  applyView(accountId: string | null, view: Omit<ViewQuery, 'accountId'>): void {
    this.accountId = accountId;
    this.team = view.team;
    this.stages = [...view.stages];
    this.needsAction = view.needsAction;
    this.expiringSoon = view.expiringSoon;
    this.searchInput = view.search;
    this.quoteIds = null;
    this.facetFilters = structuredClone($state.snapshot(view.filters));
    this.sort = view.sort;
    this.#restart();
  }

  /** A team view (Assigned to me, ...) over every account, from the top, without the previous filters. */
  openTeam(team: TeamInboxView): void {
    this.#openScope(null, team, null);
  }

  /**
   * The team's state moved (the cache did not change): a team view or a chosen assignee on
   * screen reads its quotes again; otherwise only the assignee counts may have moved.
   */
  teamMoved(): void {
    if (this.team !== null || this.facetFilters.assignees.length > 0) void this.refresh();
    else if (this.facets !== null) this.#facetsSoon();
  }

  /** Back to every quote of the scope, keeping the other filters. */
  clearQuoteIds(): void {
    if (this.quoteIds === null) return;
    this.quoteIds = null;
    this.#restart();
  }

  /** Called at each keystroke: the cache answers fast enough that no debounce is needed. */
  typeSearch(text: string): void {
    if (text === this.searchInput) return;
    this.searchInput = text;
    this.#restart(this.#facetsTypingPauseMs);
  }

  clearSearch(): void {
    this.typeSearch('');
  }

  toggleStage(stage: InboxStage): void {
    this.stages = this.stages.includes(stage) ? this.stages.filter((each) => each !== stage) : [...this.stages, stage];
    this.#restart();
  }

  setStages(stages: InboxStage[]): void {
    this.stages = stages;
    this.#restart();
  }

  setNeedsAction(on: boolean): void {
    if (on === this.needsAction) return;
    this.needsAction = on;
    this.#restart();
  }

  setExpiringSoon(on: boolean): void {
    if (on === this.expiringSoon) return;
    this.expiringSoon = on;
    this.#restart();
  }

  /** Chooses `value` of a facet, or takes it out of the filters when it was chosen. */
  toggleFacet(key: FacetKey, value: string): void {
    this.facetFilters = toggledFacet(this.facetFilters, key, value);
    this.#restart();
  }

  /** Every facet filter off, the search and status kept. */
  clearFacets(): void {
    if (!hasFacetFilters(this.facetFilters)) return;
    this.facetFilters = noFacetFilters();
    this.#restart();
  }

  setSort(sort: InboxSort): void {
    if (sort === this.sort) return;
    this.sort = sort;
    this.#restart();
  }

  clearFilters(): void {
    this.stages = [];
    this.needsAction = false;
    this.expiringSoon = false;
    this.searchInput = '';
    this.quoteIds = null;
    this.facetFilters = noFacetFilters();
    this.#restart();
  }

  /** The cache changed: the same query again, keeping the rows on screen until the answer; the counts a pause later. */
  refresh(): Promise<void> {
    this.#generation++;
    this.#inFlight.clear();
    this.#countsAfterRows(FACETS_AFTER_CHANGE_PAUSE_MS);
    return this.#fetchView();
  }

  /** A sync pass now, for the account on screen or all; the states it ends with replace the shown ones. */
  async syncNow(): Promise<void> {
    if (this.syncing) return;
    this.syncing = true;
    this.syncError = null;
    const result = await this.#api.sync.refresh(this.accountId === null ? {} : { accountId: this.accountId });
    this.syncing = false;
    if (!result.ok) {
      this.syncError = result.error;
      return;
    }
    for (const state of result.value) this.#keepFreshness(state);
  }

  /**
   * The view as a CSV or XLSX file (inbox.export): the very selection and order the list
   * queries, so the file holds the quotes counted on screen.
   */
  exportView(format: ExportFormat): Promise<Result<ExportDelivered>> {
    return this.#api.inbox.export({ ...this.viewInput(), format });
  }

  /** The view on screen as the core reads it (filters, search and order, no window): exports and selections are made in it. */
  viewInput(): Omit<InboxQueryInput, 'offset' | 'limit'> {
    const { offset: _offset, limit: _limit, ...view } = this.#query(0);
    return { ...view, ...(this.quoteIds ? { quoteIds: [...this.quoteIds] } : {}) };
  }

  /** The quote ids of rows [start, end] of the view, in order: the rows on hand, the others read from the cache. */
  async quoteIdsIn(start: number, end: number): Promise<Result<string[]>> {
    const ids: string[] = [];
    for (let index = start; index <= end; ) {
      const row = this.rowAt(index);
      if (row) {
        ids.push(row.quoteId);
        index++;
        continue;
      }
      // A notification's few quotes are all on hand; the cache's pages would be the whole scope's.
      if (this.quoteIds !== null) break;
      const page = await this.#api.inbox.query({ ...this.#query(index), limit: PICK_PAGE });
      if (!page.ok) return page;
      if (page.value.rows.length === 0) break;
      for (const each of page.value.rows.slice(0, end - index + 1)) ids.push(each.quoteId);
      index += page.value.rows.length;
    }
    return { ok: true, value: ids };
  }

  /** The row at this index among all matches; undefined while its window is on its way. */
  rowAt(index: number): InboxRow | undefined {
    const offset = index - (index % this.#windowSize);
    return this.#windows.get(offset)?.rows[index - offset];
  }

  /** The list shows rows [start, end): fetch the windows they fall in. */
  showRange(start: number, end: number): void {
    this.#viewStart = Math.max(0, start);
    this.#viewEnd = Math.max(this.#viewStart, end);
    void this.#fetchView();
  }

  moveRow(delta: number): void {
    const count = this.total ?? 0;
    if (count === 0) return;
    const from = this.activeRow < 0 ? (delta > 0 ? -1 : count) : this.activeRow;
    this.#active.moveTo(Math.max(0, Math.min(count - 1, from + delta)));
  }

  dispose(): void {
    for (const dispose of this.#disposers) dispose();
    this.#disposers = [];
    // Answers still on their way belong to no one now.
    this.#generation++;
    clearTimeout(this.#facetsTimer);
    clearTimeout(this.#refreshTimer);
    this.#refreshFirstAsked = null;
    this.#facetsAfter = -1;
  }

  /** A new query: its rows now, its facet counts once they are in and `facetsDelayMs` more have passed without another. */
  #restart(facetsDelayMs = 0): void {
    this.#generation++;
    this.#queryGeneration = this.#generation;
    this.#inFlight.clear();
    // The rows on screen stay until the new query's first answer replaces them (the table is
    // marked busy meanwhile): emptying the list at each keystroke would rebuild it twice.
    this.#active.clear();
    // The list goes back to the top: the same number of rows, from the first.
    const span = Math.max(this.#viewEnd - this.#viewStart, 1);
    this.#viewStart = 0;
    this.#viewEnd = span;
    this.queryVersion++;
    // The rows first, the facet counts after them: the core answers calls in the order they
    // come, and the counts (several ms over 100,000 quotes) would hold the rows back.
    this.#countsAfterRows(facetsDelayMs);
    void this.#fetchView();
    if (this.#scopeTotalOf !== this.#scopeKey()) this.scopeTotal = null;
    // A notification's quotes say so in their own notice: no "out of" for them.
    if (this.filtered && this.quoteIds === null && this.scopeTotal === null) void this.#fetchScopeTotal();
  }

  /** How many quotes the scope holds unfiltered, when the view on screen is filtered (one row asked, its total read). */
  async #fetchScopeTotal(): Promise<void> {
    const scope = this.accountId;
    const key = this.#scopeKey();
    const team = this.team;
    const result = await this.#api.inbox.query({ sort: this.sort, offset: 0, limit: 1, ...(scope === null ? {} : { accountId: scope }), ...(team === null ? {} : { team }) });
    if (result.ok && key === this.#scopeKey()) this.#keepScopeTotal(result.value.total);
  }

  #keepScopeTotal(total: number): void {
    this.scopeTotal = total;
    this.#scopeTotalOf = this.#scopeKey();
  }

  /** What "out of" counts over: the account (or all) and the team view. */
  #scopeKey(): string {
    return `${this.accountId ?? ''}|${this.team ?? ''}`;
  }

  /** The facet counts of this generation are asked once its rows have arrived, `delayMs` later. */
  #countsAfterRows(delayMs: number): void {
    clearTimeout(this.#facetsTimer);
    this.#facetsTimer = undefined;
    // Counts still on their way are an older selection's now.
    this.#facetsGeneration++;
    this.#facetsAfter = this.#generation;
    this.#facetsDelayMs = delayMs;
  }

  /** The rows of `generation` are in (or failed): the counts follow, unless a newer query comes first. */
  #rowsAnswered(generation: number): void {
    if (this.#facetsAfter !== generation) return;
    this.#facetsAfter = -1;
    // A task later at the least: the rows are drawn before the counts are even asked.
    this.#facetsTimer = setTimeout(() => {
      this.#facetsTimer = undefined;
      void this.#fetchFacets();
    }, this.#facetsDelayMs);
  }

  /** The counts per facet value for the current selection; a failure keeps the last counts (the rows say the error). */
  async #fetchFacets(): Promise<void> {
    const generation = ++this.#facetsGeneration;
    const picked = this.quoteIds;
    const selection = picked ? { ...this.#selection(), quoteIds: [...picked] } : this.#selection();
    const result = await this.#api.inbox.facets(selection, { lane: `${this.#lane}:facets` });
    if (generation !== this.#facetsGeneration || !result.ok) return;
    this.facets = result.value;
  }

  async #fetchView(): Promise<void> {
    const size = this.#windowSize;
    const first = this.#viewStart - (this.#viewStart % size);
    const last = this.total === null ? first : Math.min(this.#viewEnd, Math.max(this.total - 1, 0));
    const wanted: Array<{ offset: number; limit: number }> = [];
    for (let offset = first; offset <= last; offset += size) {
      const fetched = this.#windows.get(offset);
      if (this.#inFlight.has(offset)) continue;
      if (fetched?.generation === this.#generation && this.#covers(offset, fetched.rows.length)) continue;
      // A new query's first rows: only those in view (the rest when scrolled to).
      const firstOfQuery = offset === 0 && fetched?.generation !== this.#generation && this.quoteIds === null;
      wanted.push({ offset, limit: firstOfQuery ? Math.min(size, Math.max(FIRST_ROWS, this.#viewEnd)) : size });
    }
    await Promise.all(wanted.map(({ offset, limit }) => this.#fetchWindow(offset, limit)));
  }

  /** The window at `offset`, holding `count` rows, has every row it can or the view needs. */
  #covers(offset: number, count: number): boolean {
    return count >= this.#windowSize || (this.total !== null && offset + count >= this.total) || offset + count >= this.#viewEnd;
  }

  async #fetchWindow(offset: number, limit: number): Promise<void> {
    const generation = this.#generation;
    this.#inFlight.add(offset);
    this.loading = true;
    const picked = this.quoteIds;
    // Each window has its lane: the next query's window at this offset supersedes this one.
    const result = picked ? await this.#pick(picked, offset) : await this.#api.inbox.query({ ...this.#query(offset), limit }, { lane: `${this.#lane}:rows@${offset}` });
    if (generation !== this.#generation) return;
    this.#rowsAnswered(generation);
    this.#inFlight.delete(offset);
    this.loading = this.#inFlight.size > 0;
    if (!result.ok) {
      this.error = result.error;
      if (this.#answered < this.#queryGeneration) {
        // The rows on screen answer the previous query: they must not pass for this one's.
        this.#windows.clear();
        this.total = null;
      }
      return;
    }
    this.error = null;
    const { total, accounts } = result.value;
    for (const state of accounts) this.#keepFreshness(state);
    const rows = keepUnchangedRows(this.#windows.get(offset)?.rows, result.value.rows);
    const firstOfQuery = this.#answered !== generation;
    this.#answered = generation;
    if (firstOfQuery && generation === this.#queryGeneration) {
      // Rows of another query would be wrong, not just old: they go now that new ones are here.
      this.#windows.clear();
    }
    this.#windows.set(offset, { rows, generation });
    const grew = firstOfQuery && total > offset + rows.length;
    this.total = total;
    if (!this.filtered) this.#keepScopeTotal(total);
    this.#evictFarWindows();
    this.#active.follow({ rowAt: (index) => this.rowAt(index), indexOf: (quoteId) => this.#indexOf(quoteId), total, complete: this.#inFlight.size === 0 });
    // The first answer tells how many rows there are: the view may need more windows.
    if (grew) void this.#fetchView();
  }

  /** Where the quote is among the rows on hand: this reading's windows first, then older ones still shown. */
  #indexOf(quoteId: string): number {
    const windows = [...this.#windows].sort(([, a], [, b]) => b.generation - a.generation);
    for (const [offset, { rows }] of windows) {
      const at = rows.findIndex((row) => row.quoteId === quoteId);
      if (at >= 0) return offset + at;
    }
    return -1;
  }

  #query(offset: number): InboxQueryInput {
    return { sort: this.sort, offset, limit: this.#windowSize, ...this.#selection() };
  }

  /** What selects the quotes, for the rows and the facet counts alike. */
  #selection(): InboxFilterInput {
    const input: InboxFilterInput = facetInput(this.facetFilters);
    if (this.accountId !== null) input.accountId = this.accountId;
    if (this.team !== null) input.team = this.team;
    if (this.stages.length > 0) input.stages = [...this.stages];
    if (this.needsAction) input.needsAction = true;
    if (this.expiringSoon) input.expiringSoon = true;
    const search = this.searchInput.trim();
    if (search !== '') input.search = search;
    return input;
  }

  /** The window at `offset` of the rows among `quoteIds`, read from the scope until all are found. */
  async #pick(quoteIds: readonly string[], offset: number): Promise<Result<InboxWindow>> {
    // At most 100 ids (the route's limit): a list lookup is cheap enough.
    const wanted = quoteIds;
    const found: InboxRow[] = [];
    let accounts: AccountSyncState[] = [];
    for (let from = 0; ; from += PICK_PAGE) {
      const page = await this.#api.inbox.query({ ...this.#query(from), limit: PICK_PAGE });
      if (!page.ok) return page;
      accounts = page.value.accounts;
      for (const row of page.value.rows) if (wanted.includes(row.quoteId)) found.push(row);
      if (found.length >= wanted.length || from + page.value.rows.length >= page.value.total || page.value.rows.length === 0) break;
    }
    return { ok: true, value: { rows: found.slice(offset, offset + this.#windowSize), total: found.length, offset, accounts } };
  }

  /**
   * Every answer carries each account's sync state, a new object each time it crosses the
   * bridge: the same state again is not stored, so what shows it is not redone at each keystroke.
   */
  #keepFreshness(state: AccountSyncState): void {
    const known = this.freshness.get(state.accountId);
    if (known === undefined || !sameData(known, state)) this.freshness.set(state.accountId, state);
  }

  #evictFarWindows(): void {
    if (this.#windows.size <= WINDOWS_KEPT) return;
    const centre = (this.#viewStart + this.#viewEnd) / 2;
    const byDistance = [...this.#windows.keys()].sort((a, b) => Math.abs(b - centre) - Math.abs(a - centre));
    for (const offset of byDistance.slice(0, this.#windows.size - WINDOWS_KEPT)) this.#windows.delete(offset);
  }
}

/**
 * The new window's rows, each replaced by the row shown at the same place before when it is
 * the same quote with the same data. Rows cross the bridge as new objects: kept ones let the
 * list skip redrawing them (typing "annu" after "ann" often changes no row at all).
 */
function keepUnchangedRows(before: readonly InboxRow[] | undefined, after: InboxRow[]): InboxRow[] {
  if (!before) return after;
  return after.map((row, index) => {
    const old = before[index];
    return old !== undefined && sameData(old, row) ? old : row;
  });
}

/** Equal data as it crosses the bridge: plain objects, arrays and primitives. */
function sameData(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (typeof a !== 'object' || typeof b !== 'object' || a === null || b === null) return false;
  if (Array.isArray(a) !== Array.isArray(b)) return false;
  const keys = Object.keys(a);
  if (keys.length !== Object.keys(b).length) return false;
  return keys.every((key) => Object.hasOwn(b, key) && sameData((a as Record<string, unknown>)[key], (b as Record<string, unknown>)[key]));
}

import { SvelteMap } from 'svelte/reactivity';
import type { BridgeApi, SavedView, ViewQuery } from '../../../../preload/contract';
import { sortWords } from '../../../../i18n/words/inbox-sorts';
import { teamViewWords } from '../../../../i18n/words/team-views';
import { describeFailure } from '../error-words';
import { FACET_KEYS, facetInput, facetLabel, facetValueLabel, filtersOnDetails, hasFacetFilters } from '../inbox-filters';
import { stageLabel } from '../stages';
import { m } from '../../../../i18n/paraglide/messages.js';
import type { InboxFilterInput } from '../inbox-bridge';
import type { InboxState } from './inbox.svelte';

export type ViewsBridge = Pick<BridgeApi, 'views' | 'events'>;

/** The dialog a saved view opened: naming a new one, renaming one, or confirming its deletion. */
export type ViewDialog = { kind: 'save'; query: ViewQuery } | { kind: 'rename'; view: SavedView } | { kind: 'delete'; view: SavedView };

/** A saved view as the sidebar lists it. */
export interface SidebarView {
  id: string;
  name: string;
  /** Quotes it holds now; null while counting. */
  count: number | null;
  /** The inbox shows exactly this view. */
  current: boolean;
}

/**
 * A pause after the last change before the view on screen is written down: each write is a
 * synced file replace in main, so a search typed a key at a time or accounts flipped through
 * make one write, not one each. The page going away (reload, close) writes at once.
 */
export const REMEMBER_DELAY_MS = 1500;
/** A burst of cache changes (a sync pass) recounts the views once. */
const RECOUNT_DELAY_MS = 500;

/** The view the inbox shows now, as a saved view keeps it. */
export function currentQuery(inbox: Pick<InboxState, 'accountId' | 'team' | 'searchInput' | 'stages' | 'needsAction' | 'expiringSoon' | 'sort' | 'facetFilters'>): ViewQuery {
  const filters = $state.snapshot(inbox.facetFilters);
  return {
    accountId: inbox.accountId,
    team: inbox.team,
    search: inbox.searchInput.trim(),
    stages: [...inbox.stages],
    needsAction: inbox.needsAction,
    expiringSoon: inbox.expiringSoon,
    sort: inbox.sort,
    filters: {
      companies: [...filters.companies],
      currencies: [...filters.currencies],
      serviceTypes: [...filters.serviceTypes],
      targetMarkets: [...filters.targetMarkets],
      dueDate: [...filters.dueDate],
      validUntil: [...filters.validUntil],
      assignees: [...filters.assignees],
    },
  };
}

/** Two views that show the same quotes in the same order (the order of chosen values aside). */
export function sameQuery(a: ViewQuery, b: ViewQuery): boolean {
  return JSON.stringify(normalised(a)) === JSON.stringify(normalised(b));
}

function normalised(query: ViewQuery): ViewQuery {
  const sorted = <T extends string>(values: readonly T[]) => [...values].sort();
  const { filters } = query;
  return {
    ...query,
    search: query.search.trim(),
    stages: sorted(query.stages),
    filters: {
      companies: sorted(filters.companies),
      currencies: sorted(filters.currencies),
      serviceTypes: sorted(filters.serviceTypes),
      targetMarkets: sorted(filters.targetMarkets),
      dueDate: sorted(filters.dueDate),
      validUntil: sorted(filters.validUntil),
      assignees: sorted(filters.assignees),
    },
  };
}


/** What the view shows, in a line: "All accounts · “annual” · Company Acme Corp · Expiring first". */
export function describeView(query: ViewQuery, accountName: (id: string) => string | null): string {
  const scope = query.accountId === null ? m.inbox_all_accounts() : (accountName(query.accountId) ?? m.inbox_view_removed_account());
  const parts = [scope];
  if (query.team) parts.push(teamViewWords(query.team));
  if (query.search.trim() !== '') parts.push(m.inbox_view_search({ search: query.search.trim() }));
  for (const stage of query.stages) parts.push(stageLabel(stage, 'mixed'));
  if (query.needsAction) parts.push(m.inbox_needs_action());
  if (query.expiringSoon) parts.push(m.inbox_expiring_soon());
  for (const key of FACET_KEYS) for (const value of query.filters[key]) parts.push(`${facetLabel(key)} ${facetValueLabel(key, value)}`);
  parts.push(sortWords(query.sort));
  return parts.join(' · ');
}

/** Whether the view cuts the inbox at all: a bare scope in the default order is not worth a name. */
export function isCut(query: ViewQuery): boolean {
  return query.team !== null || query.search.trim() !== '' || query.stages.length > 0 || query.needsAction || query.expiringSoon || query.sort !== 'newest' || hasFacetFilters(query.filters);
}

/** What inbox.query is asked for the view's quotes; an account that is gone counts over all of them. */
export function viewSelection(query: ViewQuery, accountKnown: (id: string) => boolean): InboxFilterInput {
  const input: InboxFilterInput = facetInput(query.filters);
  if (query.accountId !== null && accountKnown(query.accountId)) input.accountId = query.accountId;
  if (query.team) input.team = query.team;
  if (query.stages.length > 0) input.stages = [...query.stages];
  if (query.needsAction) input.needsAction = true;
  if (query.expiringSoon) input.expiringSoon = true;
  if (query.search.trim() !== '') input.search = query.search.trim();
  return input;
}

const sameName = (a: string, b: string) => a.trim().toLocaleLowerCase() === b.trim().toLocaleLowerCase();

/**
 * The inbox's saved views (main keeps them: views.* on the bridge), how many quotes each
 * holds now, the dialog one of them opened, and the view on screen written down for the
 * next start once the last one was put back.
 */
export class ViewsState {
  views = $state<SavedView[]>([]);
  /** Quotes per view id as the cache counts them now; absent while counting or when the count failed. */
  readonly counts = new SvelteMap<string, number>();
  dialog = $state<ViewDialog | null>(null);
  /**
   * The last view was read and put back (or there was none): from now on the view on screen
   * is remembered. Before, remembering would overwrite the one still to be put back.
   */
  restored = $state(false);

  readonly #api: ViewsBridge;
  #accountKnown: (id: string) => boolean = () => true;
  #pending: ViewQuery | null = null;
  #rememberTimer: ReturnType<typeof setTimeout> | undefined;
  #recountTimer: ReturnType<typeof setTimeout> | undefined;
  #countGeneration = 0;
  /** The newest 'inbox.changed' heard. */
  #cacheVersion = -1;
  #loaded: Promise<ViewQuery | null> | null = null;

  constructor(api: ViewsBridge) {
    this.#api = api;
  }

  /**
   * Reads the views and the last view (null when none, or unreadable), once: the app asks at
   * start, alongside the accounts, so the last view is at hand when they are. A failure leaves
   * no views: the inbox works without.
   */
  load(): Promise<ViewQuery | null> {
    this.#loaded ??= this.#load();
    return this.#loaded;
  }

  async #load(): Promise<ViewQuery | null> {
    const result = await this.#api.views.list();
    if (!result.ok) {
      // Asked again next time (the host back after a reconnection).
      this.#loaded = null;
      return null;
    }
    this.views = result.value.views;
    void this.recount();
    return result.value.last;
  }

  /** Recounts the views when the cache changes, until the returned function is called. */
  listen(accountKnown: (id: string) => boolean): () => void {
    this.#accountKnown = accountKnown;
    const off = this.#api.events['inbox.changed'](({ cacheVersion, accountIds, facetsOnly }) => {
      if (cacheVersion <= this.#cacheVersion) return;
      this.#cacheVersion = cacheVersion;
      // Details read in the background change only the counts of views that filter on them.
      if (facetsOnly && !this.views.some((view) => filtersOnDetails(view.query.filters))) return;
      // Only views over every account or over one that changed can hold other counts now.
      if (!this.views.some((view) => view.query.accountId === null || !this.#accountKnown(view.query.accountId) || accountIds.includes(view.query.accountId))) return;
      clearTimeout(this.#recountTimer);
      this.#recountTimer = setTimeout(() => void this.recount(), RECOUNT_DELAY_MS);
    });
    return () => {
      off();
      clearTimeout(this.#recountTimer);
      this.flush();
    };
  }

  /**
   * The team's state moved (an assignment, an approval): views over a team view or an assignee
   * count other quotes now, though no cached quote changed and no inbox.changed says so.
   */
  teamMoved(): void {
    if (!this.views.some((view) => view.query.team !== null || view.query.filters.assignees.length > 0)) return;
    clearTimeout(this.#recountTimer);
    this.#recountTimer = setTimeout(() => void this.recount(), RECOUNT_DELAY_MS);
  }

  /** Every view's count in one views.counts call, whatever the number of views. */
  async recount(): Promise<void> {
    const generation = ++this.#countGeneration;
    const views = this.views;
    if (views.length === 0) {
      this.counts.clear();
      return;
    }
    const answer = await this.#api.views.counts({ selections: views.map((view) => viewSelection(view.query, this.#accountKnown)) });
    if (generation !== this.#countGeneration) return;
    this.counts.clear();
    if (!answer.ok) return;
    views.forEach((view, index) => {
      const count = answer.value.counts[index];
      if (count !== undefined) this.counts.set(view.id, count);
    });
  }

  nameTaken(name: string, except?: string): boolean {
    return this.views.some((view) => view.id !== except && sameName(view.name, name));
  }

  /** Saves the view under `name`; the answer is what went wrong in plain words, or null. */
  async save(name: string, query: ViewQuery): Promise<string | null> {
    const refused = this.#checkName(name);
    if (refused) return refused;
    return this.#take(await this.#api.views.save({ name: name.trim(), query }));
  }

  async rename(id: string, name: string): Promise<string | null> {
    const refused = this.#checkName(name, id);
    if (refused) return refused;
    return this.#take(await this.#api.views.rename({ id, name: name.trim() }));
  }

  async remove(id: string): Promise<string | null> {
    return this.#take(await this.#api.views.remove({ id }));
  }

  /** The view on screen, written down a moment after it stopped changing. */
  remember(query: ViewQuery): void {
    if (!this.restored) return;
    this.#pending = query;
    clearTimeout(this.#rememberTimer);
    this.#rememberTimer = setTimeout(() => this.flush(), REMEMBER_DELAY_MS);
  }

  /** Writes down a view still waiting (the page is closing). */
  flush(): void {
    clearTimeout(this.#rememberTimer);
    const query = this.#pending;
    this.#pending = null;
    if (query) void this.#api.views.remember(query);
  }

  #checkName(name: string, except?: string): string | null {
    const trimmed = name.trim();
    if (trimmed === '') return m.inbox_view_name_missing();
    if (this.nameTaken(trimmed, except)) return m.inbox_view_name_taken({ name: trimmed });
    return null;
  }

  #take(result: Awaited<ReturnType<ViewsBridge['views']['save']>>): string | null {
    if (!result.ok) return result.error.code === 'invalid-input' ? result.error.message : describeFailure(result.error).message;
    this.views = result.value;
    void this.recount();
    return null;
  }
}

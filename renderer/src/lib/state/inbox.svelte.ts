import { retryAtOf } from '../error-words';
import type {
  BridgeApi,
  BridgeError,
  KeyAccess,
  QuoteStatus,
  QuotesListInput,
  QuotesPage,
} from '../../../../preload/contract';

export const PAGE_SIZES = [25, 50, 100] as const;
export type PageSize = (typeof PAGE_SIZES)[number];

export interface InboxOptions {
  /** How long typing must pause before the search is sent. */
  searchDebounceMs?: number;
  pageSize?: PageSize;
  /** A load still running after this long says so, rather than leaving the list dimmed in silence. */
  slowAfterMs?: number;
  now?: () => number;
}

/**
 * One account's inbox: the page on screen, its filters, and the request that fills it.
 * Every load takes a sequence number and only the newest answer is shown, so a slow
 * answer to an older request can never overwrite a newer one.
 */
export class InboxState {
  accountId = $state<string | null>(null);
  /** The account's key kind, known before the first page arrives. */
  accountAccess = $state<KeyAccess>('client');
  page = $state(1);
  limit = $state<PageSize>(25);
  status = $state<QuoteStatus | null>(null);
  /** What is in the search box; `search` is what was last sent. */
  searchInput = $state('');
  search = $state('');
  result = $state<QuotesPage | null>(null);
  loading = $state(false);
  error = $state<BridgeError | null>(null);
  /** When the service said to try again (Retry-After) with the error on screen; null when it did not say. */
  retryAt = $state<Date | null>(null);
  /** The load in flight has taken longer than usual (a busy service, or one that asked to wait). */
  slow = $state(false);
  /** The row the keyboard is on, -1 for none. */
  activeRow = $state(-1);

  access = $derived<KeyAccess>(this.result?.access ?? this.accountAccess);
  filtered = $derived(this.search !== '' || this.status !== null);
  items = $derived(this.result?.items ?? []);

  readonly #api: BridgeApi;
  readonly #debounceMs: number;
  readonly #slowAfterMs: number;
  readonly #now: () => number;
  #sequence = 0;
  #searchTimer: ReturnType<typeof setTimeout> | undefined;
  #slowTimer: ReturnType<typeof setTimeout> | undefined;

  constructor(api: BridgeApi, options: InboxOptions = {}) {
    this.#api = api;
    this.#debounceMs = options.searchDebounceMs ?? 250;
    this.#slowAfterMs = options.slowAfterMs ?? 4_000;
    this.#now = options.now ?? Date.now;
    this.limit = options.pageSize ?? 25;
  }

  /** Shows another account's inbox from its first page, without the previous filters. */
  open(accountId: string | null, access: KeyAccess): void {
    this.#cancelSearchTimer();
    this.accountId = accountId;
    this.accountAccess = access;
    this.page = 1;
    this.status = null;
    this.searchInput = '';
    this.search = '';
    this.result = null;
    void this.load();
  }

  async load(): Promise<void> {
    const accountId = this.accountId;
    const sequence = ++this.#sequence;
    if (accountId === null) {
      this.#settle();
      return;
    }
    this.loading = true;
    this.error = null;
    this.retryAt = null;
    this.#watchSlow(sequence);
    const input: QuotesListInput = { accountId, page: this.page, limit: this.limit };
    if (this.status !== null) input.status = this.status;
    if (this.search !== '') input.search = this.search;
    const result = await this.#api.quotes.list(input);
    if (sequence !== this.#sequence) return;
    if (result.ok && this.#pastTheEnd(result.value)) {
      // The list shrank under the page on screen (e.g. quotes became projects): show the
      // last page that exists rather than an empty one. The page only goes down, so this ends.
      this.page = result.value.pagination.totalPages;
      return this.load();
    }
    this.#settle();
    if (result.ok) {
      this.result = result.value;
      this.activeRow = Math.min(this.activeRow, result.value.items.length - 1);
    } else {
      this.error = result.error;
      this.retryAt = retryAtOf(result.error, this.#now());
    }
  }

  refresh(): Promise<void> {
    return this.load();
  }

  goToPage(page: number): void {
    const last = this.result?.pagination.totalPages ?? page;
    const target = Math.max(1, Math.min(page, Math.max(last, 1)));
    if (target === this.page && this.result !== null) return;
    this.page = target;
    this.activeRow = -1;
    void this.load();
  }

  nextPage(): void {
    if (this.result?.pagination.hasNextPage) this.goToPage(this.page + 1);
  }

  previousPage(): void {
    if (this.result?.pagination.hasPrevPage) this.goToPage(this.page - 1);
  }

  setLimit(limit: PageSize): void {
    if (limit === this.limit) return;
    this.limit = limit;
    this.#restart();
  }

  setStatus(status: QuoteStatus | null): void {
    if (status === this.status) return;
    this.status = status;
    this.#restart();
  }

  /** Called on every keystroke; the search is sent once typing pauses. */
  typeSearch(text: string): void {
    this.searchInput = text;
    this.#cancelSearchTimer();
    this.#searchTimer = setTimeout(() => this.#commitSearch(), this.#debounceMs);
  }

  clearSearch(): void {
    this.searchInput = '';
    this.#cancelSearchTimer();
    this.#commitSearch();
  }

  clearFilters(): void {
    this.#cancelSearchTimer();
    this.searchInput = '';
    const changed = this.search !== '' || this.status !== null;
    this.search = '';
    this.status = null;
    if (changed) this.#restart();
  }

  moveRow(delta: number): void {
    const count = this.items.length;
    if (count === 0) return;
    const from = this.activeRow < 0 ? (delta > 0 ? -1 : count) : this.activeRow;
    this.activeRow = Math.max(0, Math.min(count - 1, from + delta));
  }

  dispose(): void {
    this.#cancelSearchTimer();
    clearTimeout(this.#slowTimer);
    // Answers still on their way belong to no one now.
    this.#sequence++;
  }

  #pastTheEnd(page: QuotesPage): boolean {
    const { totalPages } = page.pagination;
    return page.items.length === 0 && totalPages > 0 && this.page > totalPages;
  }

  #watchSlow(sequence: number): void {
    clearTimeout(this.#slowTimer);
    this.slow = false;
    this.#slowTimer = setTimeout(() => {
      if (sequence === this.#sequence && this.loading) this.slow = true;
    }, this.#slowAfterMs);
  }

  #settle(): void {
    clearTimeout(this.#slowTimer);
    this.loading = false;
    this.slow = false;
  }

  #commitSearch(): void {
    const search = this.searchInput.trim();
    if (search === this.search) return;
    this.search = search;
    this.#restart();
  }

  #restart(): void {
    this.page = 1;
    this.activeRow = -1;
    void this.load();
  }

  #cancelSearchTimer(): void {
    clearTimeout(this.#searchTimer);
    this.#searchTimer = undefined;
  }
}

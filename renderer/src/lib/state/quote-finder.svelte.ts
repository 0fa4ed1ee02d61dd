import type { BridgeApi } from '../../../../preload/contract';
import type { InboxRow } from '../inbox-bridge';

/** Quotes found for a query: enough to pick from, few enough to read. */
export const FOUND_QUOTES_LIMIT = 8;

export interface FoundQuotes {
  rows: InboxRow[];
  /** The cache could not be searched just now. */
  failed: boolean;
}

/**
 * Finds quotes by number or name over every account (the command palette), the way the
 * inbox's search finds them: inbox.query against the local cache.
 */
export class QuoteFinder {
  readonly #api: Pick<BridgeApi, 'inbox'>;
  #latest = 0;

  constructor(api: Pick<BridgeApi, 'inbox'>) {
    this.#api = api;
  }

  /**
   * The quotes matching `text` (none for empty text). Every keystroke asks: the answer is null
   * when a later call was made meanwhile, so an older query never replaces a newer one's rows.
   */
  async find(text: string): Promise<FoundQuotes | null> {
    const mine = ++this.#latest;
    const search = text.trim();
    if (search === '') return { rows: [], failed: false };
    const result = await this.#api.inbox.query({ search, limit: FOUND_QUOTES_LIMIT, offset: 0, sort: 'newest' });
    if (mine !== this.#latest) return null;
    return result.ok ? { rows: result.value.rows, failed: false } : { rows: [], failed: true };
  }
}

// Reading a quote's details from the service, for the person and ahead of them. The reading
// pane shows the cached copy at once and asks for it again in the background; the rows
// around the one shown are read into the cache beforehand, so `j` lands on a fresh copy.
// Reads ahead never compete with the person's own: they wait while one of the person's is
// on its way, run few at a time, and a newer list of rows replaces the ones not started yet.
// A read already on its way for a quote is joined, never doubled.
import type { QuoteCache } from '../cache';
import type { Clock, Logger } from '../ports';
import type { SyncEngine } from '../sync';

export interface DetailReaderOptions {
  /** Details younger than this need no reading again. */
  freshMs: number;
  /** Reads ahead in flight at once: fewer than the sync's own, as they are only a convenience. */
  aheadLimit: number;
}

export const DEFAULT_DETAIL_READER_OPTIONS: DetailReaderOptions = { freshMs: 60_000, aheadLimit: 2 };

export interface DetailReaderDeps {
  cache: Pick<QuoteCache, 'get'>;
  sync: Pick<SyncEngine, 'state' | 'fetchDetails'>;
  clock: Clock;
  logger?: Logger;
  options?: Partial<DetailReaderOptions>;
}

export interface QuoteRef {
  accountId: string;
  quoteId: string;
}

export interface DetailReader {
  /** True when the cache holds details of the quote younger than `freshMs`, and nothing newer is known. */
  isFresh(accountId: string, quoteId: string): boolean;
  /** The person's read: stored in the cache when it answers; joins a read of the same quote on its way. */
  read(accountId: string, quoteId: string): Promise<void>;
  /**
   * Reads these quotes into the cache in the background, the ones not fresh only. Replaces the
   * list given before (what was not started is dropped: the person moved on); never throws.
   */
  readAhead(quotes: readonly QuoteRef[]): void;
  /** Stops starting reads ahead and waits for those on their way. */
  close(): Promise<void>;
}

/** Sync phases in which a read ahead would only fail or be refused. */
const UNREACHABLE = new Set(['offline', 'needs-credentials', 'rate-limited']);

const keyOf = (accountId: string, quoteId: string) => `${accountId}\u0000${quoteId}`;

export function createDetailReader(deps: DetailReaderDeps): DetailReader {
  const options = { ...DEFAULT_DETAIL_READER_OPTIONS, ...deps.options };
  const { cache, sync, clock } = deps;
  /** Every read on its way, the person's and ahead, by quote. */
  const inFlight = new Map<string, Promise<void>>();
  let personal = 0;
  let ahead = 0;
  let waiting: QuoteRef[] = [];
  let closed = false;

  function isFresh(accountId: string, quoteId: string): boolean {
    const cached = cache.get(accountId, quoteId);
    return Boolean(cached?.details && !cached.detailsStale && cached.detailsFetchedAt !== null && clock.now() - cached.detailsFetchedAt < options.freshMs);
  }

  function fetchOnce(accountId: string, quoteId: string): Promise<void> {
    const key = keyOf(accountId, quoteId);
    const running = inFlight.get(key);
    if (running) return running;
    const settled = sync.fetchDetails(accountId, quoteId).then(() => undefined).finally(() => inFlight.delete(key));
    inFlight.set(key, settled);
    return settled;
  }

  function pump(): void {
    while (!closed && personal === 0 && ahead < options.aheadLimit && waiting.length > 0) {
      const next = waiting.shift()!;
      if (inFlight.has(keyOf(next.accountId, next.quoteId)) || isFresh(next.accountId, next.quoteId)) continue;
      if (UNREACHABLE.has(sync.state(next.accountId).phase)) continue;
      ahead += 1;
      fetchOnce(next.accountId, next.quoteId)
        .catch((error: unknown) => deps.logger?.debug('a quote read ahead could not be had', { error: error instanceof Error ? error.message : String(error) }))
        .finally(() => {
          ahead -= 1;
          pump();
        });
    }
  }

  return {
    isFresh,

    async read(accountId, quoteId) {
      personal += 1;
      try {
        await fetchOnce(accountId, quoteId);
      } finally {
        personal -= 1;
        pump();
      }
    },

    readAhead(quotes) {
      // Only quotes the cache knows: a read ahead never brings in a quote the inbox does not list.
      waiting = quotes.filter((quote) => cache.get(quote.accountId, quote.quoteId) !== null);
      pump();
    },

    async close() {
      closed = true;
      waiting = [];
      await Promise.allSettled([...inFlight.values()]);
    },
  };
}

import type { ChangedQuote, InboxChange } from '../../../preload/contract/bridge/sync';
import { INBOX_CHANGE_QUOTES_MAX } from '../../../preload/contract/bridge/sync';
import type { EventHub } from '../bridge/events';
import { stopAll } from '../bridge/feature';
import type { DomainBus } from '../events';

export interface ProjectionOptions {
  /** At most one 'inbox.changed' per this many ms: a sync pass stores a page every few ms. */
  inboxCoalesceMs: number;
  /** Quotes named in one event at most; beyond, the event says "many" (quotes: null). */
  maxQuotes: number;
  /** The first cache version given out: the core's start time, so a restarted core's events are never taken for old ones. */
  firstCacheVersion: number;
}

export const DEFAULT_PROJECTION_OPTIONS: Omit<ProjectionOptions, 'firstCacheVersion'> = { inboxCoalesceMs: 100, maxQuotes: INBOX_CHANGE_QUOTES_MAX };

/**
 * 'inbox.changed' when stored quotes or PDF badges move (coalesced), naming the quotes stored
 * anew with their versions, and PDF download progress. Stopping drops a pending 'inbox.changed'.
 */
export function projectInboxEvents(bus: DomainBus, hub: EventHub, options: Partial<ProjectionOptions> = {}): () => void {
  const { inboxCoalesceMs, maxQuotes, firstCacheVersion } = { ...DEFAULT_PROJECTION_OPTIONS, firstCacheVersion: Date.now(), ...options };
  const changes = collectChanges(maxQuotes, firstCacheVersion);
  const inbox = coalesced(inboxCoalesceMs, () => hub.emit('inbox.changed', changes.take()));
  const stop = stopAll([
    bus.subscribe('quotes.stored', ({ accountId, quotes }) => {
      if (quotes.length === 0) return;
      changes.quotes(accountId, quotes);
      inbox.changed();
    }),
    // A PDF badge moved (cached, outdated, dropped): the rows showing it must be read again, the quote itself did not move.
    bus.subscribe('pdf.changed', ({ accountId }) => {
      changes.account(accountId);
      inbox.changed();
    }),
    // Details read in the background: the facet counts (service types, target markets) moved, no quote a row shows did.
    bus.subscribe('quotes.described', ({ accountId }) => {
      changes.described(accountId);
      inbox.changed();
    }),
    // An account's quotes left the cache: too many to name.
    bus.subscribe('account.removed', ({ accountId }) => {
      changes.many(accountId);
      inbox.changed();
    }),
    bus.subscribe('pdf.progress', ({ accountId, quoteId, bytes, total }) => hub.emit('pdfs.progress', { accountId, quoteId, bytes, total })),
  ]);
  return () => {
    stop();
    inbox.cancel();
  };
}

/** The changes of one quiet time: the accounts, the quotes by account and id (the last version stored wins), or "many". */
function collectChanges(maxQuotes: number, firstCacheVersion: number) {
  let cacheVersion = firstCacheVersion - 1;
  let accounts = new Set<string>();
  let quotes: Map<string, ChangedQuote> | null = new Map();
  // Accounts whose rows moved, apart from those where only facets became known.
  let rowsMoved = false;
  const many = (accountId: string) => {
    accounts.add(accountId);
    rowsMoved = true;
    quotes = null;
  };
  return {
    quotes(accountId: string, stored: readonly { quoteId: string; version?: string | null }[]) {
      accounts.add(accountId);
      rowsMoved = true;
      if (quotes === null) return;
      for (const { quoteId, version } of stored) {
        const key = `${accountId}\u0000${quoteId}`;
        // Deleted first: a quote stored again goes to the end, so the order stays the order of storing.
        quotes.delete(key);
        quotes.set(key, { accountId, quoteId, version: version ?? null });
      }
      if (quotes.size > maxQuotes) many(accountId);
    },
    account(accountId: string) {
      accounts.add(accountId);
      rowsMoved = true;
    },
    /** Only the facets of the account's quotes moved (details read in the background). */
    described(accountId: string) {
      accounts.add(accountId);
    },
    many,
    /** What was collected, as the event carries it, and a fresh start. */
    take(): InboxChange {
      const change: InboxChange = { cacheVersion: ++cacheVersion, accountIds: [...accounts].sort(), quotes: quotes === null ? null : [...quotes.values()] };
      if (!rowsMoved) change.facetsOnly = true;
      accounts = new Set();
      rowsMoved = false;
      quotes = new Map();
      return change;
    },
  };
}

/**
 * Hands the changes on at most once per `ms`: the first change goes at once (the window
 * refreshes without delay), the ones during the quiet time go together at its end.
 */
function coalesced(ms: number, send: () => void): { changed(): void; cancel(): void } {
  let pending = false;
  let quiet: ReturnType<typeof setTimeout> | null = null;
  const startQuiet = () => {
    quiet = setTimeout(() => {
      quiet = null;
      if (pending) flush();
    }, ms);
    quiet.unref?.();
  };
  const flush = () => {
    pending = false;
    send();
    startQuiet();
  };
  return {
    changed() {
      pending = true;
      if (quiet === null) flush();
    },
    cancel() {
      if (quiet !== null) clearTimeout(quiet);
      quiet = null;
      pending = false;
    },
  };
}

import type { KeyAccess, QuoteDetails, QuoteListItem } from '../../../preload/contract';
import type { DomainBus } from '../events';
import type { Clock, Logger } from '../ports';
import { listItem } from '../database/list-document';
import type { InboxSourceRow, QuoteRow, QuoteStore } from '../database/types';
import { diffQuotes } from './diff';
import type { QuoteDiff } from './diff';
import type { ChangeSource, QuoteObservation, StoredQuote } from './events';
import { serviceOf } from '../accounts/same-service';
import { needsAction } from './inbox';
import type { InboxFacetQuery, InboxFacets, InboxQuery, InboxWindow, QuoteAtAGlance, SelectedQuotes, SelectionScratch } from './inbox';
import { createIndexLoader } from './index-loader';
import { recordDetails, recordList, versionOf } from './record';
import type { Recorded } from './record';

export interface CachedQuote {
  accountId: string;
  quoteId: string;
  list: QuoteListItem | null;
  details: QuoteDetails | null;
  detailsFetchedAt: number | null;
  /** The list moved since the details were fetched: they may be behind. */
  detailsStale: boolean;
  /** The version a PDF of this quote belongs to. */
  version: string;
  storedAt: number;
}

export interface QuoteRevision {
  /** 1 for the first version kept. */
  revision: number;
  hash: string;
  firstSeenAt: number;
  details: QuoteDetails;
}

/** What a producer saw of one account's quotes, for `record`: one observation, or several stored together. */
export interface QuoteSighting {
  accountId: string;
  access: KeyAccess;
  source: ChangeSource;
  observations: QuoteObservation[];
}

/** One observation of one account's quotes, for `ingest`. */
export type QuoteSeen = Omit<QuoteSighting, 'observations'> & { observation: QuoteObservation };

/** The details a decision may be based on: fetched, and not behind the list. */
export interface DecisionBase {
  details: QuoteDetails;
  cachedAt: number;
}

/**
 * The quotes cache: what producers saw goes in through `record` (a direct call, whose
 * failure the producer sees); what really changed comes out once as 'quotes.stored',
 * carrying what was stored. Comparing and storing happen in one synchronous transaction, so
 * two sources reporting the same change cannot both see it as new.
 */
export interface QuoteCache {
  /**
   * Stores every observation in one transaction and returns what really changed (published
   * as 'quotes.stored' too). Throws a StorageError when it could not be stored: then nothing was.
   */
  record(sighting: QuoteSighting): StoredQuote[];
  /** `record` of one observation. */
  ingest(seen: QuoteSeen): StoredQuote[];
  /** A burst of `record` calls begins (a sync pass): the store holds more in memory until the returned function is called. */
  beginBurst(): () => void;
  get(accountId: string, quoteId: string): CachedQuote | null;
  /** The version a PDF of the quote belongs to, read without its JSON; null when not cached. */
  version(accountId: string, quoteId: string): string | null;
  /** The cached details a decision may start from: null when not fetched or behind the list (then they are re-read first). */
  decisionBase(accountId: string, quoteId: string): DecisionBase | null;
  revisions(accountId: string, quoteId: string): QuoteRevision[];
  /** What moved between two kept versions (by revision number; default the last two); null with fewer than two. */
  diff(accountId: string, quoteId: string, from?: number, to?: number): QuoteDiff | null;
  inbox(query: InboxQuery): InboxWindow;
  /** Counts per company, currency, service type, target market and date range of the quotes a query selects. */
  inboxFacets(query: InboxFacetQuery): InboxFacets;
  /** The quotes a selection holds, as the index's columns (no row per quote): what Insights counts over (in `scratch`'s buffers when lent: see SelectionScratch). */
  inboxSelected(query: InboxFacetQuery, scratch?: SelectionScratch): SelectedQuotes;
  /** Settles when the inbox index is built (in the background, yielding between slices): what waits for it rather than building it at once. */
  indexBuilt(): Promise<void>;
  /**
   * Learns the accounts' services: accounts on one service list each of its quotes once. Fed
   * by followAccountServices (account-services.ts) alone, never on a read's path.
   */
  setServices(accounts: readonly { id: string; baseUrl: string }[]): void;
  /** Which service each account is on, in the order they were learnt: kept here once, for the index, the inbox's freshness and the unread total. */
  services(): ReadonlyMap<string, string>;
  /** Quotes of an account that wait for a decision, per the account's key kind. */
  needsAction(accountId: string): string[];
  /** The same quotes, newest first, with what a reminder shows: read from the inbox index, so no stored JSON is parsed. */
  needsActionAtAGlance(accountId: string): QuoteAtAGlance[];
  /**
   * Up to `limit` of an account's quotes, newest first, whose service types and target markets
   * are not known yet: the background reader's work, read from the index (so it survives a
   * restart with the file). Settles once the index is built.
   */
  withoutFacets(accountId: string, limit: number): Promise<string[]>;
  /**
   * The service refused these quotes' details (not found, forbidden): they count as known,
   * without service types or target markets, rather than pending for ever. A later read of
   * their details (opening one, a sync) replaces that.
   */
  markDetailsRefused(accountId: string, quoteIds: readonly string[]): void;
  /** Of these quotes, those whose details are not cached or are behind the list (what a sync prefetches). */
  withoutFreshDetails(accountId: string, quoteIds: readonly string[]): string[];
  lastSyncedAt(accountId: string): number | null;
  markSynced(accountId: string, at: number): void;
  forgetAccount(accountId: string): void;
  /** Every account the cache holds anything of. */
  cachedAccounts(): string[];
  /** Subscribes to the bus: 'account.removed' drops an account, PDF badges follow 'pdf.changed' (services: account-services.ts). */
  start(): () => void;
}

export function createQuoteCache(deps: { store: QuoteStore; bus: DomainBus; clock: Clock; logger: Logger }): QuoteCache {
  const { store, bus, clock } = deps;
  const services = new Map<string, string>();
  const loader = createIndexLoader({ store, services, logger: deps.logger });
  const indexed = loader.ready;
  const live = loader.live;

  function rememberAccess(accountId: string, access: KeyAccess): boolean {
    const account = store.getAccount(accountId);
    if (account?.access !== access) store.putAccount({ accountId, access, lastSyncedAt: account?.lastSyncedAt ?? null });
    live()?.setAccess(accountId, access);
    return account?.lastSyncedAt == null;
  }

  const cache: QuoteCache = {
    record({ accountId, access, source, observations }) {
      const now = clock.now();
      const recorded: Recorded = { stored: [], rows: [] };
      const baseline = store.transaction(() => {
        const firstFill = rememberAccess(accountId, access);
        for (const observation of observations) {
          if (observation.kind === 'list') recordList(store, accountId, observation.items, now, recorded);
          else recordDetails(store, accountId, observation.details, now, recorded);
        }
        return firstFill;
      });
      // Only after the commit: a failed write leaves neither the index nor the listeners ahead of
      // the disk. An index not loaded yet reads all of this from the store when it is.
      const index = live();
      const storedIds = new Set(recorded.stored.map((quote) => quote.quoteId));
      let described = 0;
      for (const row of recorded.rows) {
        // Only a quote whose facets become known moves the facet counts without a stored change
        // (one stored is announced by 'quotes.stored' already: a second event would cost the window a second read).
        if (index && row.serviceTypes !== null && !storedIds.has(row.quoteId) && !index.describes(accountId, row.quoteId)) described += 1;
        index?.put(indexRowOf(row));
      }
      if (recorded.stored.length > 0) bus.publish('quotes.stored', { accountId, source, baseline, quotes: recorded.stored });
      if (described > 0) bus.publish('quotes.described', { accountId, count: described });
      return recorded.stored;
    },

    ingest: ({ accountId, access, source, observation }) => cache.record({ accountId, access, source, observations: [observation] }),

    beginBurst: () => store.beginBurst(),

    get(accountId, quoteId) {
      const row = store.getQuote(accountId, quoteId);
      if (!row) return null;
      const detailsJson = row.detailsHash === null ? null : store.currentDetailsJson(accountId, quoteId);
      return {
        accountId,
        quoteId,
        list: row.listRest === null ? null : (listItem(quoteId, row, row.listRest) as QuoteListItem),
        details: detailsJson === null ? null : (JSON.parse(detailsJson) as QuoteDetails),
        detailsFetchedAt: row.detailsFetchedAt,
        detailsStale: row.detailsHash !== null && row.detailsListHash !== row.listHash,
        version: versionOf(row),
        storedAt: row.storedAt,
      };
    },

    version(accountId, quoteId) {
      const row = store.getQuote(accountId, quoteId);
      return row ? versionOf(row) : null;
    },

    decisionBase(accountId, quoteId) {
      const cached = cache.get(accountId, quoteId);
      if (!cached?.details || cached.detailsStale || cached.detailsFetchedAt === null) return null;
      return { details: cached.details, cachedAt: cached.detailsFetchedAt };
    },

    revisions(accountId, quoteId) {
      return store.revisions(accountId, quoteId).map((row, position) => ({
        revision: position + 1,
        hash: row.hash,
        firstSeenAt: row.firstSeenAt,
        details: JSON.parse(row.detailsJson) as QuoteDetails,
      }));
    },

    diff(accountId, quoteId, from, to) {
      const all = cache.revisions(accountId, quoteId);
      if (all.length < 2) return null;
      const after = all[(to ?? all.length) - 1];
      const before = all[(from ?? (to ?? all.length) - 1) - 1];
      return before && after ? diffQuotes(before.details, after.details) : null;
    },

    // Before the index is built, the first windows come from the file (those it answers
    // exactly: first-window.ts) while the index is built in slices that yield to other work.
    inbox: (query) => loader.answer(query),

    inboxFacets: (query) => indexed().facets(query),
    inboxSelected: (query, scratch) => indexed().selected(query, scratch),
    indexBuilt: () => loader.completed(),

    setServices(accounts) {
      for (const account of accounts) {
        const service = serviceOf(account.baseUrl);
        if (services.get(account.id) === service) continue;
        services.set(account.id, service);
        live()?.setService(account.id, service);
      }
    },

    services: () => services,

    needsAction(accountId) {
      // A sync asks this between its list and its detail prefetches: from the file while the
      // index is not built, rather than building all of it at once there (a second of a
      // blocked event loop at 100,000 quotes, and the index's heap through the prefetches).
      const index = loader.complete();
      if (index) return index.needingAction(accountId);
      const access = store.getAccount(accountId)?.access ?? 'internal';
      return store.statusesNewestFirst(accountId).flatMap((row) => (needsAction(access, row.status, row.quoteNumber) ? [row.quoteId] : []));
    },

    needsActionAtAGlance: (accountId) => indexed().needingActionAtAGlance(accountId),

    withoutFreshDetails: (accountId, quoteIds) => store.withoutFreshDetails(accountId, quoteIds),

    async withoutFacets(accountId, limit) {
      await loader.completed();
      return indexed().undescribed(accountId, limit);
    },

    markDetailsRefused(accountId, quoteIds) {
      const rows = store.transaction(() =>
        quoteIds.flatMap((quoteId) => {
          const stored = store.getQuote(accountId, quoteId);
          if (!stored || stored.serviceTypes !== null) return [];
          const row = { ...stored, serviceTypes: [], targetMarkets: [] };
          store.putQuote(row, stored);
          return [row];
        }),
      );
      for (const row of rows) live()?.put(indexRowOf(row));
      if (rows.length > 0) bus.publish('quotes.described', { accountId, count: rows.length });
    },

    lastSyncedAt: (accountId) => store.getAccount(accountId)?.lastSyncedAt ?? null,

    markSynced(accountId, at) {
      const account = store.getAccount(accountId);
      store.putAccount({ accountId, access: account?.access ?? null, lastSyncedAt: at });
    },

    forgetAccount(accountId) {
      services.delete(accountId);
      store.removeAccount(accountId);
      live()?.removeAccount(accountId);
    },

    cachedAccounts: () => store.allAccounts().map((account) => account.accountId),

    start() {
      const stops = [
        bus.subscribe('account.removed', ({ accountId }) => cache.forgetAccount(accountId)),
        bus.subscribe('pdf.changed', ({ accountId, quoteId, cached, outdated }) => live()?.setPdf(accountId, quoteId, !cached ? 'none' : outdated ? 'outdated' : 'cached')),
      ];
      return () => stops.forEach((stop) => stop());
    },
  };
  return cache;
}

/** A stored row as the inbox index takes it: facets the row does not know stay as the index has them. */
function indexRowOf(row: QuoteRow): InboxSourceRow {
  return { ...row, hasDetails: row.detailsHash !== null, serviceTypes: row.serviceTypes ?? undefined, targetMarkets: row.targetMarkets ?? undefined };
}

export { versionOf };
export type { ChangeSource };

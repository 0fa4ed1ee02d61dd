import type { KeyAccess, QuoteDetails, QuoteListItem } from '../../../preload/contract';
import type { DomainBus, DomainEvents } from '../events';
import type { Clock, Logger } from '../ports';
import type { QuoteRow, QuoteStore } from '../store/types';
import { diffQuotes } from './diff';
import type { QuoteDiff } from './diff';
import type { ChangeSource, QuoteChange, StoredQuote } from './events';
import { canonicalJson, hashText } from './hash';
import { serviceOf } from '../accounts/same-service';
import { InboxIndex } from './inbox';
import type { InboxFacetQuery, InboxFacets, InboxQuery, InboxWindow, QuoteAtAGlance } from './inbox';
import { pricingFacets } from './inbox/pricing-facets';

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

/**
 * The quotes cache: what producers saw goes in through `ingest` (or the bus's
 * 'quote.changed'); what really changed comes out once as 'quotes.stored'. Comparing and
 * storing happen in one synchronous transaction, so two sources reporting the same change
 * cannot both see it as new.
 */
export interface QuoteCache {
  ingest(event: DomainEvents['quote.changed']): StoredQuote[];
  get(accountId: string, quoteId: string): CachedQuote | null;
  revisions(accountId: string, quoteId: string): QuoteRevision[];
  /** What moved between two kept versions (by revision number; default the last two); null with fewer than two. */
  diff(accountId: string, quoteId: string, from?: number, to?: number): QuoteDiff | null;
  inbox(query: InboxQuery): InboxWindow;
  /** Counts per company, currency, service type, target market and date range of the quotes a query selects. */
  inboxFacets(query: InboxFacetQuery): InboxFacets;
  /** The accounts' services: accounts on one service list each of its quotes once. */
  setServices(accounts: readonly { id: string; baseUrl: string }[]): void;
  /** Quotes of an account that wait for a decision, per the account's key kind. */
  needsAction(accountId: string): string[];
  /** The same quotes, newest first, with what a reminder shows: read from the inbox index, so no stored JSON is parsed. */
  needsActionAtAGlance(accountId: string): QuoteAtAGlance[];
  /** Of these quotes, those whose details are not cached or are behind the list (what a sync prefetches). */
  withoutFreshDetails(accountId: string, quoteIds: readonly string[]): string[];
  lastSyncedAt(accountId: string): number | null;
  markSynced(accountId: string, at: number): void;
  forgetAccount(accountId: string): void;
  /** Every account the cache holds anything of. */
  cachedAccounts(): string[];
  /** Subscribes to the bus: 'quote.changed' in, 'account.removed' drops an account, PDF badges follow 'pdf.changed'. */
  start(): () => void;
}

export function createQuoteCache(deps: { store: QuoteStore; bus: DomainBus; clock: Clock; logger: Logger }): QuoteCache {
  const { store, bus, clock } = deps;
  let index: InboxIndex | null = null;
  const services = new Map<string, string>();
  const indexed = (): InboxIndex => {
    if (!index) {
      index = new InboxIndex();
      const access = new Map<string, KeyAccess>();
      for (const account of store.allAccounts()) if (account.access) access.set(account.accountId, account.access);
      index.load(store.inboxRows(), access, store.allPdfs(), services);
    }
    return index;
  };

  function rememberAccess(accountId: string, access: KeyAccess): boolean {
    const account = store.getAccount(accountId);
    if (account?.access !== access) store.putAccount({ accountId, access, lastSyncedAt: account?.lastSyncedAt ?? null });
    index?.setAccess(accountId, access);
    return account?.lastSyncedAt == null;
  }

  function ingestList(accountId: string, items: QuoteListItem[], now: number): { stored: StoredQuote[]; rows: QuoteRow[] } {
    const stored: StoredQuote[] = [];
    const rows: QuoteRow[] = [];
    const known = store.listHashes(accountId, items.map((item) => item.id));
    for (const item of items) {
      const json = canonicalJson(item);
      const hash = hashText(json);
      if (known.get(item.id) === hash) continue;
      const old = known.has(item.id) ? store.getQuote(accountId, item.id) : null;
      const row: QuoteRow = {
        ...(old ?? emptyRow(accountId, item.id)),
        ...columnsOf(item, item.companyName),
        listJson: json,
        listHash: hash,
        storedAt: now,
      };
      const changes = changesBetween(old, row);
      store.putQuote(row);
      rows.push(row);
      if (changes.length > 0) stored.push(storedQuote(row, changes));
    }
    return { stored, rows };
  }

  function ingestDetails(accountId: string, details: QuoteDetails, now: number): { stored: StoredQuote[]; rows: QuoteRow[] } {
    const json = canonicalJson(details);
    const hash = hashText(json);
    const old = store.getQuote(accountId, details.id);
    if (old?.detailsHash === hash) return { stored: [], rows: [] };
    const added = store.addRevision({ accountId, quoteId: details.id, hash, detailsJson: json, firstSeenAt: now });
    const row: QuoteRow = {
      ...(old ?? emptyRow(accountId, details.id)),
      ...columnsOf(details, details.company.name),
      detailsJson: json,
      detailsHash: hash,
      detailsListHash: old?.listHash ?? null,
      detailsFetchedAt: now,
      storedAt: now,
    };
    const changes = changesBetween(old, row);
    if (added && old?.detailsHash) changes.push({ kind: 'revised', revision: store.revisions(accountId, details.id).length });
    store.putQuote(row);
    return { stored: changes.length > 0 ? [storedQuote(row, changes)] : [], rows: [row] };
  }

  const cache: QuoteCache = {
    ingest(event) {
      const now = clock.now();
      const { stored, rows, baseline } = store.transaction(() => {
        const firstFill = rememberAccess(event.accountId, event.access);
        const outcome =
          event.observation.kind === 'list'
            ? ingestList(event.accountId, event.observation.items, now)
            : ingestDetails(event.accountId, event.observation.details, now);
        return { ...outcome, baseline: firstFill };
      });
      // Only after the commit: a failed write leaves neither the index nor the listeners ahead of the disk.
      // Loaded now if not yet (sync reads it after each pass anyway): the details' service types
      // and markets are not stored, so a put the index missed would lose them until the next fetch.
      const pricing = event.observation.kind === 'details' ? pricingFacets(event.observation.details) : {};
      for (const row of rows) indexed().put({ ...row, hasDetails: row.detailsHash !== null, ...pricing });
      if (stored.length > 0) bus.publish('quotes.stored', { accountId: event.accountId, source: event.source, baseline, quotes: stored });
      return stored;
    },

    get(accountId, quoteId) {
      const row = store.getQuote(accountId, quoteId);
      if (!row) return null;
      return {
        accountId,
        quoteId,
        list: row.listJson ? (JSON.parse(row.listJson) as QuoteListItem) : null,
        details: row.detailsJson ? (JSON.parse(row.detailsJson) as QuoteDetails) : null,
        detailsFetchedAt: row.detailsFetchedAt,
        detailsStale: row.detailsHash !== null && row.detailsListHash !== row.listHash,
        version: versionOf(row),
        storedAt: row.storedAt,
      };
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

    inbox: (query) => indexed().query(query),

    inboxFacets: (query) => indexed().facets(query),

    setServices(accounts) {
      for (const account of accounts) {
        const service = serviceOf(account.baseUrl);
        if (services.get(account.id) === service) continue;
        services.set(account.id, service);
        index?.setService(account.id, service);
      }
    },

    needsAction: (accountId) => indexed().needingAction(accountId),

    needsActionAtAGlance: (accountId) => indexed().needingActionAtAGlance(accountId),

    withoutFreshDetails: (accountId, quoteIds) => store.withoutFreshDetails(accountId, quoteIds),

    lastSyncedAt: (accountId) => store.getAccount(accountId)?.lastSyncedAt ?? null,

    markSynced(accountId, at) {
      const account = store.getAccount(accountId);
      store.putAccount({ accountId, access: account?.access ?? null, lastSyncedAt: at });
    },

    forgetAccount(accountId) {
      services.delete(accountId);
      store.removeAccount(accountId);
      index?.removeAccount(accountId);
    },

    cachedAccounts: () => store.allAccounts().map((account) => account.accountId),

    start() {
      const stops = [
        bus.subscribe('quote.changed', (event) => {
          try {
            cache.ingest(event);
          } catch (error) {
            const message = error instanceof Error ? error.message : String(error);
            deps.logger.error('a quote change could not be stored', { accountId: event.accountId, source: event.source, error: message });
            bus.publish('quotes.storeFailed', { accountId: event.accountId, source: event.source, message });
          }
        }),
        bus.subscribe('account.removed', ({ accountId }) => cache.forgetAccount(accountId)),
        bus.subscribe('accounts.changed', ({ accounts }) => cache.setServices(accounts)),
        bus.subscribe('pdf.changed', ({ accountId, quoteId, cached, outdated }) => index?.setPdf(accountId, quoteId, !cached ? 'none' : outdated ? 'outdated' : 'cached')),
      ];
      return () => stops.forEach((stop) => stop());
    },
  };
  return cache;
}

/** The version a PDF belongs to: the details' content when known, else the list item's. */
export function versionOf(row: Pick<QuoteRow, 'detailsHash' | 'listHash'>): string {
  return row.detailsHash ?? row.listHash ?? 'unknown';
}

function emptyRow(accountId: string, quoteId: string): QuoteRow {
  return {
    accountId, quoteId, listJson: null, listHash: null, detailsJson: null, detailsHash: null, detailsListHash: null, detailsFetchedAt: null,
    status: 'PENDING', quoteNumber: null, projectName: null, companyName: null, referenceNumber: null, totalAmount: null, currency: null,
    quoteDate: null, deadlineForQuote: null, projectDueDate: null, validUntil: null, storedAt: 0,
  };
}

function columnsOf(quote: QuoteListItem | QuoteDetails, companyName: string | null) {
  return {
    status: quote.status,
    quoteNumber: quote.quoteNumber,
    projectName: quote.projectName,
    companyName,
    referenceNumber: quote.referenceNumber ?? null,
    totalAmount: quote.totalPrice?.amount ?? null,
    currency: quote.totalPrice?.currency ?? null,
    quoteDate: quote.quoteDate,
    deadlineForQuote: quote.deadlineForQuote,
    projectDueDate: quote.projectDueDate,
    validUntil: quote.validUntil ?? null,
  };
}

const OTHER_FIELDS = ['quoteNumber', 'projectName', 'companyName', 'referenceNumber', 'quoteDate', 'deadlineForQuote', 'projectDueDate', 'validUntil'] as const;

/** The changes a person would care about between the stored row and the new one. */
function changesBetween(old: QuoteRow | null, row: QuoteRow): QuoteChange[] {
  if (!old) return [{ kind: 'new' }];
  const changes: QuoteChange[] = [];
  if (old.status !== row.status) changes.push({ kind: 'status', from: old.status, to: row.status });
  if (old.totalAmount !== row.totalAmount || old.currency !== row.currency) {
    changes.push({
      kind: 'pricing',
      from: old.totalAmount === null || old.currency === null ? null : { amount: old.totalAmount, currency: old.currency },
      to: row.totalAmount === null || row.currency === null ? null : { amount: row.totalAmount, currency: row.currency },
    });
  }
  const fields = OTHER_FIELDS.filter((field) => old[field] !== row[field]);
  if (fields.length > 0) changes.push({ kind: 'updated', fields });
  return changes;
}

function storedQuote(row: QuoteRow, changes: QuoteChange[]): StoredQuote {
  return { quoteId: row.quoteId, quoteNumber: row.quoteNumber, projectName: row.projectName, status: row.status, changes };
}

export type { ChangeSource };

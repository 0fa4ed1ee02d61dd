// Keeps a PriceHistory of every quote the cache holds details of: read once from the cache
// (in slices, so the inbox is answered between them), then kept as quotes change, from the
// cache's own events, never by asking the service. A quote two accounts on one service see
// is held once. The same pass keeps each decided quote's decision time (decision-times.ts)
// and how revisions moved each revised quote's total (revision-changes.ts), and each quote's
// unit-priced lines for the Insights view (unit-price-lines.ts).
import type { DecisionReceipt } from '../../../preload/contract/bridge/decisions';
import type { QuoteCache } from '../cache';
import type { DomainBus } from '../events';
import type { Clock } from '../ports';
import { DecisionTimes, decisionTimeOf } from './decision-times';
import { PriceHistory } from './price-history';
import { QuoteSlots } from './quote-slots';
import { revisionChangeOf, RevisionChanges } from './revision-changes';
import type { RevisionChange } from './revision-changes';
import { UnitPriceLines } from './unit-price-lines';

/** How long a slice of the first read holds the core before letting other work in. */
const SLICE_MS = 8;

export type HistoryCache = Pick<QuoteCache, 'cachedAccounts' | 'inboxSelected' | 'get' | 'services' | 'revisions'>;

/** What the figures read per quote id beside the inbox index's columns. */
export interface QuoteFigureFacts {
  decisionTimes: DecisionTimes;
  revisionChanges: ReadonlyMap<string, RevisionChange>;
  /** Absent: no quote's unit prices known (the section is empty). */
  unitPriceLines?: UnitPriceLines;
}

export interface HistoryFeed {
  /** The history, read in full first (once; again after an account is removed). */
  ready(): Promise<PriceHistory>;
  /** The decided quotes' decision times and the revised quotes' changes, read with the history. */
  facts(): Promise<QuoteFigureFacts>;
  /** The key a quote is held under: its service's, so two accounts on one service share it. */
  quoteKeyOf(accountId: string, quoteId: string): string;
  /** Follows the cache's changes; returns what stops that. */
  start(): () => void;
}

/** The receipts of the decisions made here, one quote's at a time (the decisions feature's store). */
export type ReceiptsOf = (accountId: string, quoteId: string) => readonly DecisionReceipt[];

export function createHistoryFeed(deps: { cache: HistoryCache; bus: DomainBus; clock: Clock; receipts?: ReceiptsOf }): HistoryFeed {
  const { cache, bus } = deps;
  const receiptsOf = deps.receipts ?? (() => []);
  let history = new PriceHistory();
  // One numbering of the quotes for all three, so the figures resolve a quote's number once.
  const slots = new QuoteSlots();
  const decisionTimes = new DecisionTimes(slots);
  const revisionChanges = new RevisionChanges(slots);
  const unitPriceLines = new UnitPriceLines(slots);
  let loading: Promise<PriceHistory> | null = null;
  /** Quotes read without details, by account: details stored later for them come with 'quotes.described'. */
  let undescribed = new Map<string, Set<string>>();
  const describedSince = new Set<string>();

  const quoteKeyOf = (accountId: string, quoteId: string) => `${cache.services().get(accountId) ?? `account:${accountId}`}\u0000${quoteId}`;

  function read(into: PriceHistory, accountId: string, quoteId: string): void {
    const cached = cache.get(accountId, quoteId);
    const details = cached?.details ?? null;
    into.put(quoteKeyOf(accountId, quoteId), details);
    unitPriceLines.put(accountId, quoteId, details);
    decisionTimes.put(quoteId, cached ? decisionTimeOf(cached, receiptsOf(accountId, quoteId)) : null);
    // Versions are kept only of details: a quote never described has one at most.
    const change = details === null ? null : revisionChangeOf(cache.revisions(accountId, quoteId).map((version) => version.details));
    if (change === null) revisionChanges.delete(quoteId);
    else revisionChanges.set(quoteId, change);
    let waiting = undescribed.get(accountId);
    if (details === null) {
      if (!waiting) undescribed.set(accountId, (waiting = new Set()));
      waiting.add(quoteId);
    } else waiting?.delete(quoteId);
  }

  async function load(): Promise<PriceHistory> {
    const into = new PriceHistory();
    history = into;
    decisionTimes.clear();
    revisionChanges.clear();
    unitPriceLines.clear();
    undescribed = new Map();
    describedSince.clear();
    for (const accountId of cache.cachedAccounts()) {
      const selected = cache.inboxSelected({ accountId, now: deps.clock.now() });
      const quoteIds = Array.from({ length: selected.count }, (_, at) => selected.quoteIdOf(at));
      await inSlices(quoteIds, (quoteId) => read(into, accountId, quoteId));
    }
    return into;
  }

  const follow = () => [
    bus.subscribe('quotes.stored', ({ accountId, quotes }) => {
      if (loading === null) return;
      for (const quote of quotes) read(history, accountId, quote.quoteId);
    }),
    // The receipt of a decision made here may be written after the quote's new status was stored.
    bus.subscribe('quote.decided', ({ accountId, quoteId }) => {
      if (loading !== null) read(history, accountId, quoteId);
    }),
    // Details stored without a change anyone is told of (the background reader): re-read at the next comparison.
    bus.subscribe('quotes.described', ({ accountId }) => {
      if (loading !== null) describedSince.add(accountId);
    }),
    bus.subscribe('account.removed', () => {
      loading = null;
    }),
  ];

  async function ready(): Promise<PriceHistory> {
    loading ??= load();
    const loaded = await loading;
    for (const accountId of [...describedSince]) {
      describedSince.delete(accountId);
      await inSlices([...(undescribed.get(accountId) ?? [])], (quoteId) => read(loaded, accountId, quoteId));
    }
    return loaded;
  }

  return {
    ready,
    async facts() {
      await ready();
      return { decisionTimes, revisionChanges, unitPriceLines };
    },
    quoteKeyOf,
    start() {
      const stops = follow();
      return () => stops.forEach((stop) => stop());
    },
  };
}

/** `each` of `items`, letting other work in every SLICE_MS. */
async function inSlices<T>(items: readonly T[], each: (item: T) => void): Promise<void> {
  let sliceStart = performance.now();
  for (const item of items) {
    each(item);
    if (performance.now() - sliceStart >= SLICE_MS) {
      await new Promise<void>((resolve) => setImmediate(resolve));
      sliceStart = performance.now();
    }
  }
}

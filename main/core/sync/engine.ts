import type { AccountView, QuoteDetails } from '../../../preload/contract';
import { SYNC_INTERVAL_MINUTES } from '../../../preload/contract/plain/offline-limits';
import type { AccountsService } from '../accounts/types';
import type { QuoteObservation } from '../cache/events';
import type { QuoteCache } from '../cache/quotes';
import { AppError, errorText } from '../errors';
import type { DomainBus } from '../events';
import type { Clock, Logger } from '../ports';
import { classifyFailure } from './classify';
import { forEachLimited } from './pool';
import type { Recovery } from './recovery';
import { initialState } from './state';
import type { SyncState } from './state';

export interface SyncOptions {
  /** Between two complete passes of an account. */
  intervalMs: number;
  /** Quotes per list request: the service's maximum. */
  pageLimit: number;
  /** List pages (and detail prefetches) in flight per account. */
  parallelism: number;
  /** First wait after a pass failed for lack of network; doubles up to `offlineRetryMaxMs`. */
  offlineRetryMs: number;
  offlineRetryMaxMs: number;
  /** Detail prefetches stored per transaction: one commit per detail was most of a first sync's store time. */
  detailsPerCommit: number;
  /** When a 429 gave no Retry-After. */
  rateLimitedDefaultMs: number;
  /** How often the scheduler looks for due accounts. */
  tickMs: number;
}

export const DEFAULT_SYNC_OPTIONS: SyncOptions = {
  intervalMs: SYNC_INTERVAL_MINUTES.default * 60_000,
  pageLimit: 100,
  parallelism: 4,
  offlineRetryMs: 5_000,
  offlineRetryMaxMs: 2 * 60_000,
  rateLimitedDefaultMs: 60_000,
  tickMs: 1_000,
  detailsPerCommit: 50,
};

export interface SyncDeps {
  /** Only `list` and `client` are used: the accounts service's shape may change around them. */
  accounts: Pick<AccountsService, 'list' | 'client'>;
  bus: DomainBus;
  cache: QuoteCache;
  clock: Clock;
  logger: Logger;
  options?: Partial<SyncOptions>;
  /** Marks the first pass after an account was offline as a catch-up (its changes were missed by webhooks). */
  recovery?: Pick<Recovery, 'during'>;
  /** Calls `tick` every `ms`; returns the cancel. Default: an unref'd setInterval. Tests drive `tick` themselves. */
  every?: (ms: number, tick: () => void) => () => void;
}

export interface SyncEngine {
  /** Subscribes to account events and starts the scheduler. */
  start(): void;
  /** Stops scheduling and waits for passes in flight. */
  stop(): Promise<void>;
  /** Runs a pass for every account that is due (first sync, interval passed, retry time reached). */
  tick(): Promise<void>;
  /** A pass now, for one account or all (a person's "refresh"); a pass in flight is joined, not doubled. */
  refresh(accountId?: string): Promise<SyncState[]>;
  /** After resume from sleep or a network change: every account is due now, credentials-refused ones too. */
  reconcile(): Promise<SyncState[]>;
  /** Fetches one quote's details (opening it) and stores them; failures also move the account's state. */
  fetchDetails(accountId: string, quoteId: string): Promise<QuoteDetails>;
  state(accountId: string): SyncState;
  states(): SyncState[];
  /** A new interval between passes (Settings); accounts in step are rescheduled from their last pass. */
  setIntervalMs(ms: number): void;
}

interface Runtime {
  state: SyncState;
  nextDueAt: number;
  offlineRetries: number;
  running: Promise<void> | null;
}

export function createSyncEngine(deps: SyncDeps): SyncEngine {
  const options: SyncOptions = { ...DEFAULT_SYNC_OPTIONS, ...deps.options };
  const { bus, cache, clock, logger } = deps;
  const runtimes = new Map<string, Runtime>();
  const stops: (() => void)[] = [];

  const runtime = (accountId: string): Runtime => {
    let found = runtimes.get(accountId);
    if (!found) {
      found = { state: initialState(accountId, cache.lastSyncedAt(accountId)), nextDueAt: 0, offlineRetries: 0, running: null };
      runtimes.set(accountId, found);
    }
    return found;
  };

  function setState(run: Runtime, change: Partial<SyncState>): void {
    run.state = { ...run.state, ...change };
    bus.publish('sync.state', run.state);
  }

  function fail(run: Runtime, error: unknown): void {
    const failure = classifyFailure(error);
    const now = clock.now();
    switch (failure.phase) {
      case 'gone':
        runtimes.delete(run.state.accountId);
        return;
      case 'needs-credentials':
        // Retried only when the account's credentials change (see start) or on reconcile.
        run.nextDueAt = Number.POSITIVE_INFINITY;
        setState(run, { phase: 'needs-credentials', progress: null, message: failure.message });
        return;
      case 'rate-limited': {
        const until = now + (failure.retryAfterMs ?? options.rateLimitedDefaultMs);
        run.nextDueAt = until;
        setState(run, { phase: 'rate-limited', progress: null, rateLimitedUntil: until, message: failure.message });
        return;
      }
      case 'offline': {
        // Already offline (a quote opened between passes): the retry time stands.
        if (run.state.phase === 'offline') return;
        const wait = Math.min(options.offlineRetryMaxMs, options.offlineRetryMs * 2 ** run.offlineRetries);
        run.offlineRetries += 1;
        run.nextDueAt = now + wait;
        setState(run, { phase: 'offline', progress: null, offlineSince: run.state.offlineSince ?? now, message: failure.message });
        return;
      }
      case 'failed':
        run.nextDueAt = now + options.intervalMs;
        setState(run, { phase: 'failed', progress: null, message: failure.message });
        return;
    }
  }

  function online(run: Runtime, change: Partial<SyncState> = {}): void {
    run.offlineRetries = 0;
    setState(run, { phase: 'online', progress: null, offlineSince: null, rateLimitedUntil: null, message: null, ...change });
  }

  async function pass(account: AccountView): Promise<void> {
    const run = runtime(account.id);
    const accountId = account.id;
    const stillThere = () => runtimes.get(accountId) === run;
    // A direct call: what it stored goes out as 'quotes.stored'; a write that failed throws here and ends the pass.
    const store = (observations: QuoteObservation[]) => cache.record({ accountId, access: account.access, source: 'sync', observations });
    setState(run, { phase: 'syncing', progress: { pagesDone: 0, pagesTotal: null, quotesSeen: 0 } });
    const endBurst = cache.beginBurst();
    try {
      const client = await deps.accounts.client(accountId);
      let pagesDone = 0;
      let quotesSeen = 0;
      let pagesTotal: number | null = null;
      const fetchPage = async (page: number) => {
        const result = await client.quotes.list({ page, limit: options.pageLimit });
        if (!stillThere()) return result;
        store([{ kind: 'list', items: result.data }]);
        pagesDone += 1;
        quotesSeen += result.data.length;
        setState(run, { progress: { pagesDone, pagesTotal, quotesSeen } });
        return result;
      };
      const first = await fetchPage(1);
      pagesTotal = Math.max(1, first.pagination.totalPages);
      setState(run, { progress: { pagesDone, pagesTotal, quotesSeen } });
      const rest = Array.from({ length: pagesTotal - 1 }, (_, index) => index + 2);
      await forEachLimited(rest, options.parallelism, async (page) => {
        await fetchPage(page);
      });
      if (!stillThere()) return;

      // Details of quotes waiting for a decision, so they can be read and compared offline.
      const needsAction = cache.needsAction(accountId);
      const missing = cache.withoutFreshDetails(accountId, needsAction);
      // A first sync can fetch thousands of details after its last page: progress says so.
      let detailsDone = 0;
      const detailsProgress = () => setState(run, { progress: { pagesDone, pagesTotal, quotesSeen, details: { done: detailsDone, total: missing.length } } });
      if (missing.length > 0) detailsProgress();
      // Stored in batches: a crash loses at most one batch, which the next pass fetches again.
      let fetched: QuoteObservation[] = [];
      const storeFetched = () => {
        const batch = fetched;
        fetched = [];
        if (batch.length > 0) store(batch);
      };
      try {
        await forEachLimited(missing, options.parallelism, async (quoteId) => {
          const details = await client.quotes.get(quoteId);
          if (!stillThere()) return;
          fetched.push({ kind: 'details', details });
          if (fetched.length >= options.detailsPerCommit) storeFetched();
          detailsDone += 1;
          detailsProgress();
        });
      } catch (error) {
        // What was fetched before the failure is kept: the next pass asks only for the rest.
        if (stillThere()) {
          try {
            storeFetched();
          } catch (storing) {
            logger.warn('details fetched before a failure could not be stored', { accountId, error: errorText(storing) });
          }
        }
        throw error;
      }
      if (!stillThere()) return;
      storeFetched();
      const at = clock.now();
      cache.markSynced(accountId, at);
      run.nextDueAt = at + options.intervalMs;
      online(run, { lastSyncedAt: at });
      bus.publish('sync.completed', { accountId, at, quotes: quotesSeen, needsAction });
    } catch (error) {
      if (!stillThere()) return;
      logger.warn('a sync pass ended early', { accountId, error: errorText(error) });
      fail(run, error);
    } finally {
      endBurst();
    }
  }

  function run(account: AccountView): Promise<void> {
    const state = runtime(account.id);
    // Back from offline (a network change): what this pass finds, webhooks could not deliver.
    const catchUp = state.state.phase === 'offline' && deps.recovery !== undefined;
    state.running ??= (catchUp ? deps.recovery!.during(() => pass(account), account.id) : pass(account)).finally(() => {
      state.running = null;
    });
    return state.running;
  }

  async function accountsNow(): Promise<AccountView[]> {
    const accounts = await deps.accounts.list();
    const ids = new Set(accounts.map((account) => account.id));
    for (const accountId of [...runtimes.keys()]) if (!ids.has(accountId)) runtimes.delete(accountId);
    return accounts;
  }

  async function runAll(accounts: AccountView[]): Promise<SyncState[]> {
    await Promise.all(accounts.map(run));
    return accounts.map((account) => runtime(account.id).state);
  }

  const engine: SyncEngine = {
    start() {
      stops.push(
        bus.subscribe('account.removed', ({ accountId }) => {
          runtimes.delete(accountId);
        }),
        bus.subscribe('account.status', ({ accountId, status, message }) => {
          const found = runtime(accountId);
          if (status === 'needs-credentials') {
            found.nextDueAt = Number.POSITIVE_INFINITY;
            if (found.state.phase !== 'needs-credentials') setState(found, { phase: 'needs-credentials', progress: null, message });
          } else if (found.state.phase === 'needs-credentials') {
            // New credentials (or a recovered account): catch up at once.
            found.nextDueAt = 0;
            void engine.tick();
          }
        }),
        bus.subscribe('accounts.changed', ({ accounts }) => {
          let due = false;
          for (const account of accounts) {
            const found = runtimes.get(account.id);
            if (!found || (found.state.phase === 'needs-credentials' && account.status !== 'needs-credentials')) {
              runtime(account.id).nextDueAt = 0;
              due = true;
            }
          }
          if (due) void engine.tick();
        }),
      );
      const every =
        deps.every ??
        ((ms: number, tick: () => void) => {
          const timer = setInterval(tick, ms);
          timer.unref();
          return () => clearInterval(timer);
        });
      stops.push(every(options.tickMs, () => void engine.tick()));
      void engine.tick();
    },

    async stop() {
      for (const stop of stops.splice(0)) stop();
      await Promise.all([...runtimes.values()].map((found) => found.running ?? Promise.resolve()));
    },

    async tick() {
      let accounts: AccountView[];
      try {
        accounts = await accountsNow();
      } catch (error) {
        logger.warn('sync could not list the accounts', { error: errorText(error) });
        return;
      }
      const now = clock.now();
      await Promise.all(accounts.filter((account) => runtime(account.id).nextDueAt <= now).map(run));
    },

    async refresh(accountId) {
      const accounts = (await accountsNow()).filter((account) => accountId === undefined || account.id === accountId);
      if (accountId !== undefined && accounts.length === 0) throw new AppError('account-not-found', 'That account no longer exists');
      return runAll(accounts);
    },

    async reconcile() {
      return runAll(await accountsNow());
    },

    async fetchDetails(accountId, quoteId) {
      const account = (await accountsNow()).find((candidate) => candidate.id === accountId);
      if (!account) throw new AppError('account-not-found', 'That account no longer exists');
      const found = runtime(accountId);
      try {
        const client = await deps.accounts.client(accountId);
        const details = await client.quotes.get(quoteId);
        try {
          cache.record({ accountId, access: account.access, source: 'open', observations: [{ kind: 'details', details }] });
        } catch (error) {
          // The person sees the fresh details anyway; the cache keeps the copy it had.
          logger.warn('opened details could not be cached', { accountId, error: errorText(error) });
        }
        if (found.state.phase === 'offline' || found.state.phase === 'needs-credentials') {
          // The service answers again: catch the list up too.
          found.nextDueAt = 0;
          void engine.tick();
        }
        return details;
      } catch (error) {
        const failure = classifyFailure(error);
        if (failure.phase === 'offline' || failure.phase === 'needs-credentials' || failure.phase === 'rate-limited') fail(found, error);
        throw error;
      }
    },

    state: (accountId) => runtime(accountId).state,
    states: () => [...runtimes.values()].map((found) => found.state),

    setIntervalMs(ms) {
      options.intervalMs = ms;
      // Retries (offline, rate-limited) keep their own time; an account in step moves to the new rhythm.
      for (const found of runtimes.values()) {
        if (found.state.phase === 'online' && found.state.lastSyncedAt !== null) found.nextDueAt = found.state.lastSyncedAt + ms;
      }
    },
  };
  return engine;
}

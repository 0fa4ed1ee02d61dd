// The background details reader: fetches the details of every quote whose service types and
// target markets are not known yet, so those two facets become exact. At a pace the service
// tolerates (a few requests at a time, Retry-After honoured on 429 and 503) and only while the
// person is not working (person-activity.ts). What is left to read is asked of the cache each
// round (`withoutFacets`, read from the quotes themselves), so a restart resumes where the
// file says and no separate list can drift from it. A quote the service refuses details of
// (not found, forbidden) is stored as known without those facets; a revision of a quote
// already read is the normal sync's business, not this reader's.
import type { AccountView, QuoteDetails } from '../../../preload/contract';
import type { AccountsService } from '../accounts/types';
import type { QuoteCache } from '../cache/quotes';
import { errorText } from '../errors';
import type { Clock, Logger } from '../ports';
import type { PersonActivity } from './person-activity';

export interface DetailsReaderOptions {
  /** Detail requests in flight at once, every account together. */
  concurrency: number;
  /** Quotes asked of the cache, fetched and stored together (one transaction). */
  batch: number;
  /** Between two requests of one worker: the pace on top of the concurrency. */
  gapMs: number;
  /** When a 429 or 503 gave no Retry-After. */
  retryAfterDefaultMs: number;
  /** After the service could not be reached, before trying again. */
  offlineRetryMs: number;
  /** With nothing left to read: how often to look again (a completed sync pass wakes it sooner: `wake`). */
  idleMs: number;
}

export const DEFAULT_DETAILS_READER_OPTIONS: DetailsReaderOptions = {
  concurrency: 2,
  batch: 50,
  gapMs: 50,
  retryAfterDefaultMs: 60_000,
  offlineRetryMs: 60_000,
  idleMs: 10 * 60_000,
};

export interface DetailsReaderDeps {
  accounts: Pick<AccountsService, 'list' | 'client'>;
  cache: Pick<QuoteCache, 'withoutFacets' | 'markDetailsRefused' | 'record'>;
  activity: Pick<PersonActivity, 'quiet'>;
  /** Its sleeps end early when the reader stops. */
  clock: Pick<Clock, 'now' | 'sleep'>;
  logger: Logger;
  options?: Partial<DetailsReaderOptions>;
}

export interface DetailsReader {
  start(): void;
  /** Looks for quotes to read now rather than at the end of an idle wait (a sync pass listed new ones). */
  wake(): void;
  /** Stops asking; resolves when the requests in flight ended and what they read was stored. */
  stop(): Promise<void>;
  /** Settles when nothing is left to read of any account (or the reader stopped): for tests and benchmarks. */
  drained(): Promise<void>;
}

/** Why a batch ended before its last quote: the account (or the service) must wait. */
class Hold extends Error {
  constructor(
    readonly ms: number,
    readonly reason: string,
  ) {
    super(reason);
  }
}

const REFUSED = new Set(['not-found', 'forbidden']);
const WAIT_AND_RETRY = new Set(['rate-limited', 'server']);
const UNREACHABLE = new Set(['network', 'timeout']);
const NO_ACCESS = new Set(['authentication', 'needs-credentials', 'account-not-found']);

export function createDetailsReader(deps: DetailsReaderDeps): DetailsReader {
  const options: DetailsReaderOptions = { ...DEFAULT_DETAILS_READER_OPTIONS, ...deps.options };
  const { accounts, cache, activity, clock, logger } = deps;
  let stopping = false;
  const stopped = new AbortController();
  const sleep = (ms: number) => clock.sleep(ms, stopped.signal).catch(() => undefined);
  /** Ends the idle wait early: aborted by `wake` and `stop`. */
  let idle = new AbortController();
  let woken = false;
  const idleSleep = (ms: number) => clock.sleep(ms, AbortSignal.any([stopped.signal, idle.signal])).catch(() => undefined);
  let loop: Promise<void> | null = null;
  /** Per account: not asked again before this time, after a 429, a 503 or the network. */
  const heldUntil = new Map<string, number>();
  /** Quotes whose details failed in a way no retry mends (an answer that did not validate): left alone until a restart. */
  const skipped = new Map<string, Set<string>>();
  let drainedWaiters: (() => void)[] = [];

  const settleDrained = () => {
    const waiting = drainedWaiters;
    drainedWaiters = [];
    for (const settle of waiting) settle();
  };

  async function read(account: AccountView, quoteIds: readonly string[]): Promise<void> {
    const client = await accounts.client(account.id);
    const read: QuoteDetails[] = [];
    const refused: string[] = [];
    let next = 0;
    let hold: Hold | null = null;
    const worker = async () => {
      while (!stopping && hold === null && next < quoteIds.length) {
        // The person first: no request starts while they work.
        await activity.quiet();
        // Another worker may have taken the last quote meanwhile.
        if (stopping || hold !== null || next >= quoteIds.length) return;
        const quoteId = quoteIds[next++]!;
        try {
          read.push(await client.quotes.get(quoteId));
        } catch (error) {
          const code = codeOf(error);
          if (REFUSED.has(code)) refused.push(quoteId);
          else if (WAIT_AND_RETRY.has(code)) hold ??= new Hold(retryAfterOf(error) ?? options.retryAfterDefaultMs, errorText(error));
          // The account's own status says more (the sync shows it); tried again later.
          else if (UNREACHABLE.has(code) || NO_ACCESS.has(code)) hold ??= new Hold(options.offlineRetryMs, errorText(error));
          else {
            skippedOf(account.id).add(quoteId);
            logger.warn('the details of a quote could not be read in the background', { accountId: account.id, error: errorText(error) });
          }
        }
        if (options.gapMs > 0) await sleep(options.gapMs);
      }
    };
    await Promise.all(Array.from({ length: Math.max(1, Math.min(options.concurrency, quoteIds.length)) }, worker));
    // An account removed while its details were on their way (demo mode ended, say) gets none
    // stored: they would bring its quotes back into the cache.
    if (!(await accounts.list()).some((known) => known.id === account.id)) return;
    // What was read before a hold or a stop is kept: the next round asks only for the rest.
    if (read.length > 0) cache.record({ accountId: account.id, access: account.access, source: 'sync', observations: read.map((details) => ({ kind: 'details' as const, details })) });
    if (refused.length > 0) cache.markDetailsRefused(account.id, refused);
    if (hold !== null) throw hold;
  }

  function skippedOf(accountId: string): Set<string> {
    let found = skipped.get(accountId);
    if (!found) skipped.set(accountId, (found = new Set()));
    return found;
  }

  /** One batch of each account that has quotes left; the soonest time one is held until when none had any to read now. */
  async function round(): Promise<{ worked: boolean; held: boolean; waitMs: number }> {
    let worked = false;
    let held = false;
    let waitMs = options.idleMs;
    for (const account of await accounts.list()) {
      if (stopping) break;
      if (account.status === 'needs-credentials' || !account.credentialsSet) continue;
      const heldFor = (heldUntil.get(account.id) ?? 0) - clock.now();
      if (heldFor > 0) {
        held = true;
        waitMs = Math.min(waitMs, heldFor);
        continue;
      }
      const skip = skipped.get(account.id) ?? new Set<string>();
      const wanted = (await cache.withoutFacets(account.id, options.batch + skip.size)).filter((quoteId) => !skip.has(quoteId)).slice(0, options.batch);
      if (wanted.length === 0) continue;
      worked = true;
      try {
        await read(account, wanted);
      } catch (error) {
        if (!(error instanceof Hold)) throw error;
        heldUntil.set(account.id, clock.now() + error.ms);
        held = true;
        logger.info('the background details reader waits for an account', { accountId: account.id, waitMs: Math.round(error.ms), reason: error.reason });
      }
    }
    return { worked, held, waitMs };
  }

  async function run(): Promise<void> {
    while (!stopping) {
      let outcome: { worked: boolean; held: boolean; waitMs: number };
      try {
        outcome = await round();
      } catch (error) {
        // The cache or the accounts failed (a full disk, a closing store): try again later, quietly.
        logger.warn('the background details reader paused after a failure', { error: errorText(error) });
        outcome = { worked: false, held: true, waitMs: options.offlineRetryMs };
      }
      if (outcome.worked) continue;
      if (!outcome.worked && !outcome.held) settleDrained();
      // Woken during the round: its quotes may not have been there when it asked.
      if (woken) {
        woken = false;
        continue;
      }
      idle = new AbortController();
      await idleSleep(outcome.waitMs);
      woken = false;
    }
  }

  return {
    start() {
      loop ??= run();
    },
    wake() {
      woken = true;
      idle.abort();
    },
    async stop() {
      stopping = true;
      stopped.abort();
      settleDrained();
      // A crash or a close mid-batch loses no more than what the next start reads again.
      await loop;
    },
    drained() {
      if (stopping) return Promise.resolve();
      return new Promise((settle) => drainedWaiters.push(settle));
    },
  };
}

function codeOf(error: unknown): string {
  const code = typeof error === 'object' && error !== null ? (error as { code?: unknown }).code : undefined;
  return typeof code === 'string' ? code : '';
}

function retryAfterOf(error: unknown): number | null {
  const value = typeof error === 'object' && error !== null ? (error as { retryAfterMs?: unknown }).retryAfterMs : undefined;
  return typeof value === 'number' && Number.isFinite(value) && value >= 0 ? value : null;
}

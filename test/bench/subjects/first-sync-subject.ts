// The sync engine's first sync of an account into an empty cache (node:sqlite in a temporary
// folder), and the same work done bare for the baseline: the same list pages and detail
// prefetches at the same parallelism, each quote written with a plain INSERT OR REPLACE
// into a WAL database with the same pragmas.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import { request } from 'undici';
import type { Dispatcher } from 'undici';
import { createQuotingClient } from '../../../main/core/api';
import { createQuoteCache, needsAction } from '../../../main/core/cache';
import type { QuoteCache } from '../../../main/core/cache';
import { createEventBus } from '../../../main/core/events';
import type { DomainBus, DomainEvents } from '../../../main/core/events';
import { createSilentLogger } from '../../../main/core/log';
import { systemClock } from '../../../main/core/ports';
import { openSqliteStore } from '../../../main/core/database';
import { createSyncEngine } from '../../../main/core/sync';
import type { AccountView, QuoteStatus } from '../../../preload/contract';
import { PATHS } from '../../../preload/contract';
import { inParallel } from '../fixtures/pool';
import type { Recording } from '../fixtures/recorded-service';

const PRAGMAS = 'PRAGMA journal_mode = WAL; PRAGMA synchronous = NORMAL; PRAGMA busy_timeout = 5000;';

/** What a profile watches of an engine's first sync: its bus, and the cache as the engine calls it. */
export interface EngineProbe {
  bus?(bus: DomainBus): void;
  cache?(cache: QuoteCache): QuoteCache;
  /** The bare sync's phases: called when its list pages are stored. */
  pagesDone?(): void;
}

export interface FirstSync {
  /** One first sync into a fresh cache; returns how many quotes the cache then holds. `keep`: leave the file for the caller (its path). */
  engine(keep?: (path: string) => void, probe?: EngineProbe): Promise<number>;
  /** The same requests and writes, bare; returns how many quotes it stored. */
  bare(keep?: (path: string) => void, probe?: EngineProbe): Promise<number>;
  /** Detail prefetches in one sync (the quotes that wait for a decision). */
  details: number;
  close(): Promise<void>;
  /** Deletes a kept database file and its WAL. */
  remove(path: string): void;
}

/** What a sync of the recorded service asks for: its pages, and the quotes whose details it prefetches. */
export interface SyncPlan {
  apiKey: string;
  pages: number;
  detailIds: string[];
}

/** The plan of a recording held in this process: an internal key prefetches the quotes it must decide on. */
export function planOf(recording: Recording): SyncPlan {
  const detailIds = recording.pages.flatMap((page) =>
    (JSON.parse(page) as { data: { id: string; status: QuoteStatus; quoteNumber: string | null }[] }).data
      .filter((quote) => needsAction('internal', quote.status, quote.quoteNumber))
      .map((quote) => quote.id),
  );
  return { apiKey: recording.apiKey, pages: recording.pages.length, detailIds };
}

export function createFirstSync(options: { baseUrl: string; plan: SyncPlan; dispatcher: Dispatcher; parallelism: number; limit: number }): FirstSync {
  const { baseUrl, plan, dispatcher, parallelism, limit } = options;
  const logger = createSilentLogger();
  const folder = mkdtempSync(join(tmpdir(), 'quotedesk-bench-sync-'));
  const account: AccountView = {
    id: 'bench-account', name: 'Bench', environment: 'custom', baseUrl, mechanism: 'api-key', access: 'internal',
    credentialsSet: true, status: 'ok', statusMessage: null, demo: false,
  };
  const client = createQuotingClient({ baseUrl, credentials: { mechanism: 'api-key', apiKey: plan.apiKey }, dispatcher });
  const pages = Array.from({ length: plan.pages }, (_, index) => index + 1);
  const { detailIds } = plan;
  const headers = { accept: 'application/json', 'user-agent': 'Quotedesk', 'api-key': plan.apiKey };
  let n = 0;
  const freshPath = () => join(folder, `cache-${(n += 1)}.db`);
  const remove = (path: string) => {
    for (const suffix of ['', '-wal', '-shm']) rmSync(path + suffix, { force: true });
  };

  return {
    details: detailIds.length,
    async engine(keep, probe) {
      const path = freshPath();
      const store = openSqliteStore({ path, logger });
      try {
        const bus = createEventBus<DomainEvents>({ logger });
        const cache = createQuoteCache({ store, bus, clock: systemClock, logger });
        const stopCache = cache.start();
        probe?.bus?.(bus);
        const engine = createSyncEngine({ accounts: { list: async () => [account], client: async () => client }, bus, cache: probe?.cache?.(cache) ?? cache, clock: systemClock, logger, options: { parallelism, pageLimit: limit } });
        const [state] = await engine.refresh(account.id);
        stopCache();
        if (state?.phase !== 'online') throw new Error(`the first sync ended ${state?.phase}: ${state?.message}`);
        return cache.inbox({ sort: 'newest', offset: 0, limit: 1, now: Date.now() }).total;
      } finally {
        store.close();
        if (keep) keep(path);
        else remove(path);
      }
    },
    async bare(keep, probe) {
      const path = freshPath();
      const db = new DatabaseSync(path);
      try {
        db.exec(PRAGMAS);
        db.exec('CREATE TABLE quotes (id TEXT PRIMARY KEY, list_json TEXT NOT NULL, details_json TEXT)');
        const putList = db.prepare('INSERT OR REPLACE INTO quotes (id, list_json) VALUES (?, ?)');
        const putDetails = db.prepare('UPDATE quotes SET details_json = ? WHERE id = ?');
        const get = async (url: string) => {
          const response = await request(url, { headers, dispatcher });
          const text = await response.body.text();
          if (response.statusCode !== 200) throw new Error(`bare ${url} answered ${response.statusCode}`);
          return JSON.parse(text) as { data: unknown };
        };
        await inParallel(pages, parallelism, async (page) => {
          const { data } = (await get(`${baseUrl}${PATHS.quotes}?page=${page}&limit=${limit}`)) as { data: { id: string }[] };
          db.exec('BEGIN IMMEDIATE');
          for (const quote of data) putList.run(quote.id, JSON.stringify(quote));
          db.exec('COMMIT');
        });
        probe?.pagesDone?.();
        await inParallel(detailIds, parallelism, async (id) => {
          const { data } = await get(`${baseUrl}${PATHS.quote(id)}`);
          putDetails.run(JSON.stringify(data), id);
        });
        return (db.prepare('SELECT count(*) AS n FROM quotes').get() as { n: number }).n;
      } finally {
        db.close();
        if (keep) keep(path);
        else remove(path);
      }
    },
    async close() {
      await client.close();
      rmSync(folder, { recursive: true, force: true });
    },
    remove,
  };
}

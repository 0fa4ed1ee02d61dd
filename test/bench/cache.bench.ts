// The quote cache: a cold load of every cached quote into the inbox (open the database,
// build the inbox index, answer the first window) against reading the same rows with a
// bare node:sqlite SELECT; and persisting one updated quote through the cache against a
// bare INSERT OR REPLACE of the same row in a copy of the same database (WAL, same pragmas).
import { copyFileSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import { createQuoteCache } from '../../main/core/cache';
import { createEventBus } from '../../main/core/events';
import type { DomainEvents } from '../../main/core/events';
import { createSilentLogger } from '../../main/core/log';
import { systemClock } from '../../main/core/ports';
import { openSqliteStore } from '../../main/core/database';
import { compareAlternatingWithTimes } from './harness/alternate';
import type { SubjectTimes } from './harness/alternate';
import { median, round, spreadOf } from './harness/stats';
import type { Figure, Target } from './harness/types';
import { defineBenchmark } from './harness/types';
import { CACHE_ACCOUNT, fillCache } from './fixtures/cached-quotes';

// The pragmas openSqliteStore sets: the baseline's database is configured the same way.
const PRAGMAS = 'PRAGMA journal_mode = WAL; PRAGMA synchronous = NORMAL; PRAGMA busy_timeout = 5000;';
const INBOX_COLUMNS = `account_id, quote_id, list_hash, details_hash, status, quote_number, project_name, company_name,
  reference_number, total_amount, currency, quote_date, deadline_for_quote, project_due_date, valid_until`;

/** The subject's absolute time per operation: CPU (the figure) and wall clock (in the details). */
function absolute(id: string, label: string, times: SubjectTimes, target: Target, details: Record<string, string | number>): Figure {
  const spread = spreadOf(times.cpuMsPerOp);
  return {
    id,
    label,
    unit: 'ms',
    value: round(median(times.cpuMsPerOp)),
    spread: { min: round(spread.min), q1: round(spread.q1), q3: round(spread.q3), max: round(spread.max) },
    rounds: times.cpuMsPerOp.length,
    target,
    details: { ...details, wallClockMsMedian: round(median(times.wallMsPerOp)) },
  };
}

export default defineBenchmark({
  name: 'cache',
  title: 'Quote cache: cold load of 10,000 cached quotes, persisting one update',
  budgetMs: { full: 90_000, quick: 15_000 },
  async run(ctx) {
    const quotes = ctx.quick ? 2_000 : 10_000;
    const logger = createSilentLogger();
    const dir = mkdtempSync(join(tmpdir(), 'quotedesk-bench-cache-'));
    const path = join(dir, 'cache.db');
    const barePath = join(dir, 'bare.db');
    try {
      const items = fillCache(path, quotes);
      // openSqliteStore checkpoints on close, so the copy holds every row, schema and index.
      copyFileSync(path, barePath);
      const details = { quotes, database: 'node:sqlite, WAL, synchronous=NORMAL, files in the OS page cache' };

      // Cold load: a fresh connection each time, as the app's start does.
      const loadsPerBatch = ctx.quick ? 1 : 2;
      const load = await compareAlternatingWithTimes(ctx, {
        id: 'cache.cold-load-ratio',
        label: `Cold load (${quotes.toLocaleString('en')} quotes): store + inbox index ÷ bare SELECT`,
        operations: loadsPerBatch,
        rounds: 15,
        details,
        baseline: async () => {
          for (let n = 0; n < loadsPerBatch; n += 1) {
            const db = new DatabaseSync(path);
            db.exec(PRAGMAS);
            const rows = db.prepare(`SELECT ${INBOX_COLUMNS} FROM quotes`).all();
            db.close();
            if (rows.length !== quotes) throw new Error(`the bare SELECT read ${rows.length} of ${quotes} quotes`);
          }
        },
        subject: async () => {
          for (let n = 0; n < loadsPerBatch; n += 1) {
            const store = openSqliteStore({ path, logger });
            const cache = createQuoteCache({ store, bus: createEventBus<DomainEvents>({ logger }), clock: systemClock, logger });
            const window = cache.inbox({ sort: 'newest', offset: 0, limit: 100, now: Date.now() });
            // The first window comes from the file; the index the app goes on to build is part of the load.
            await cache.indexBuilt();
            store.close();
            if (window.total !== quotes) throw new Error(`the cache loaded ${window.total} of ${quotes} quotes`);
          }
        },
      });

      // One update: the cache already loaded (as in the running app), one changed list item in.
      const store = openSqliteStore({ path, logger });
      const bare = new DatabaseSync(barePath);
      try {
        const cache = createQuoteCache({ store, bus: createEventBus<DomainEvents>({ logger }), clock: systemClock, logger });
        cache.inbox({ sort: 'newest', offset: 0, limit: 100, now: Date.now() });
        bare.exec(PRAGMAS);
        const target = items[Math.floor(quotes / 2)]!;
        const row = bare.prepare('SELECT * FROM quotes WHERE account_id = ? AND quote_id = ?').get(CACHE_ACCOUNT, target.id) as Record<string, string | number | null>;
        const columns = Object.keys(row);
        const insert = bare.prepare(`INSERT OR REPLACE INTO quotes (${columns.join(', ')}) VALUES (${columns.map(() => '?').join(', ')})`);
        const updatesPerBatch = ctx.quick ? 50 : 300;
        let version = 0;
        const persist = await compareAlternatingWithTimes(ctx, {
          id: 'cache.persist-ratio',
          label: 'Persist one updated quote: cache.ingest ÷ bare INSERT OR REPLACE',
          operations: updatesPerBatch,
          rounds: 15,
          details,
          baseline: async () => {
            for (let n = 0; n < updatesPerBatch; n += 1) {
              version += 1;
              const name = `Renamed ${version}`;
              insert.run(...columns.map((column) => (column === 'project_name' ? name : column === 'list_json' ? JSON.stringify({ ...target, projectName: name }) : row[column]!)));
            }
          },
          subject: async () => {
            for (let n = 0; n < updatesPerBatch; n += 1) {
              version += 1;
              const stored = cache.ingest({ accountId: CACHE_ACCOUNT, access: 'client', source: 'sync', observation: { kind: 'list', items: [{ ...target, projectName: `Renamed ${version}` }] } });
              if (stored.length !== 1) throw new Error('the cache did not store the updated quote');
            }
          },
        });
        const persisted = cache.get(CACHE_ACCOUNT, target.id);
        if (persisted?.list?.projectName !== `Renamed ${version}`) throw new Error('the last update is not what the cache holds');
        return [
          absolute('cache.cold-load', `Cold load of ${quotes.toLocaleString('en')} cached quotes (open, inbox index, first window), CPU`, load.subject, { op: '<=', value: 100 }, details),
          load.figure,
          absolute('cache.persist', 'Persist one updated quote (cache.ingest, one transaction), CPU', persist.subject, { op: '<=', value: 5 }, details),
          persist.figure,
        ];
      } finally {
        store.close();
        bare.close();
      }
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  },
});

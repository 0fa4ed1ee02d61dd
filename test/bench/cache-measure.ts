// A quick measurement of the cache's costs on this machine (not a timed test): run with
//   npx tsx test/bench/cache-measure.ts
// It fills a SQLite cache with 10,000 quotes, then times a cold open + load into the inbox
// index, one persisted update, and inbox queries (one per "keystroke").
import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import type { DatabaseSync } from 'node:sqlite';
import { createQuoteCache } from '../../main/core/cache';
import { createEventBus } from '../../main/core/events';
import type { DomainEvents } from '../../main/core/events';
import { createSilentLogger } from '../../main/core/log';
import { systemClock } from '../../main/core/ports';
import { openSqliteStore } from '../../main/core/store';
import type { QuoteListItem, QuoteStatus } from '../../preload/contract';

const COUNT = 10_000;
const STATUSES: QuoteStatus[] = ['PENDING', 'SENT', 'REVISED', 'ACCEPTED', 'REJECTED', 'EXPIRED'];
const WORDS = ['Website', 'Brochure', 'App', 'Manual', 'Campaign', 'Catalogue', 'Subtitles', 'Legal', 'Packaging', 'Training'];

function item(index: number): QuoteListItem {
  return {
    id: randomUUID(),
    quoteNumber: index % 7 === 0 ? null : `Q-${100000 + index}`,
    projectName: `${WORDS[index % WORDS.length]} localisation ${index}`,
    projectDescription: null,
    status: STATUSES[index % STATUSES.length]!,
    companyId: randomUUID(),
    companyName: `Company ${index % 40}`,
    totalPrice: { amount: 100 + ((index * 37) % 9000), currency: 'EUR' },
    quoteDate: new Date(Date.UTC(2025, 0, 1) + index * 3_600_000).toISOString(),
    deadlineForQuote: '2025-03-01',
    projectDueDate: '2025-04-01',
    referenceNumber: `REF-${index}`,
    validUntil: new Date(Date.UTC(2025, 2, 1) + index * 3_600_000).toISOString(),
  };
}

const time = (work: () => void): number => {
  const start = performance.now();
  work();
  return performance.now() - start;
};
const percentile = (values: number[], p: number) => [...values].sort((a, b) => a - b)[Math.floor((values.length - 1) * p)]!;

const dir = mkdtempSync(join(tmpdir(), 'qd-measure-'));
const path = join(dir, 'cache.db');
const logger = createSilentLogger();
const items = Array.from({ length: COUNT }, (_, index) => item(index));
{
  const store = openSqliteStore({ path, logger });
  const cache = createQuoteCache({ store, bus: createEventBus<DomainEvents>({ logger }), clock: systemClock, logger });
  const fill = time(() => {
    for (let offset = 0; offset < COUNT; offset += 100) cache.ingest({ accountId: 'acc', access: 'client', source: 'sync', observation: { kind: 'list', items: items.slice(offset, offset + 100) } });
  });
  console.log(`first fill, 100 pages of 100 (compare + store + hash): ${fill.toFixed(1)} ms`);
  const repeat = time(() => {
    for (let offset = 0; offset < COUNT; offset += 100) cache.ingest({ accountId: 'acc', access: 'client', source: 'sync', observation: { kind: 'list', items: items.slice(offset, offset + 100) } });
  });
  console.log(`a later pass with nothing changed, 100 pages of 100: ${repeat.toFixed(1)} ms`);
  store.close();
}
const store = openSqliteStore({ path, logger });
const cache = createQuoteCache({ store, bus: createEventBus<DomainEvents>({ logger }), clock: systemClock, logger });
const cold = time(() => cache.inbox({ sort: 'newest', offset: 0, limit: 100, now: Date.now() }));
console.log(`cold load of ${COUNT} quotes into the inbox index + first window: ${cold.toFixed(1)} ms`);
const updates: number[] = [];
for (let index = 0; index < 200; index += 1) {
  const changed = { ...items[index]!, projectName: `Renamed ${index}` };
  updates.push(time(() => cache.ingest({ accountId: 'acc', access: 'client', source: 'sync', observation: { kind: 'list', items: [changed] } })));
}
console.log(`persist one updated quote: p50 ${percentile(updates, 0.5).toFixed(2)} ms, p95 ${percentile(updates, 0.95).toFixed(2)} ms`);
const typed = 'website localisation 12';
const keystrokes: number[] = [];
for (let round = 0; round < 20; round += 1) {
  for (let length = 1; length <= typed.length; length += 1) {
    keystrokes.push(time(() => cache.inbox({ search: typed.slice(0, length), sort: 'newest', offset: 0, limit: 100, now: Date.now() })));
  }
}
console.log(`inbox query per keystroke over ${COUNT}: p50 ${percentile(keystrokes, 0.5).toFixed(2)} ms, p95 ${percentile(keystrokes, 0.95).toFixed(2)} ms`);
const sorts: number[] = [];
for (const sort of ['due', 'value', 'expiry', 'newest'] as const) {
  sorts.push(time(() => cache.inbox({ sort, needsAction: true, offset: 0, limit: 100, now: Date.now() })));
}
console.log(`inbox query after a sort change (sorts once, then cached): max ${Math.max(...sorts).toFixed(2)} ms`);
const sqlLike: number[] = [];
const db = (store as unknown as { db: DatabaseSync }).db;
const statement = db.prepare(
  "SELECT quote_id FROM quotes WHERE (project_name LIKE ?1 OR quote_number LIKE ?1 OR company_name LIKE ?1 OR reference_number LIKE ?1) ORDER BY quote_date DESC LIMIT 100",
);
const counter = db.prepare("SELECT count(*) AS n FROM quotes WHERE (project_name LIKE ?1 OR quote_number LIKE ?1 OR company_name LIKE ?1 OR reference_number LIKE ?1)");
for (let length = 1; length <= typed.length; length += 1) {
  const pattern = `%${typed.slice(0, length)}%`;
  sqlLike.push(time(() => {
    statement.all(pattern);
    counter.get(pattern);
  }));
}
console.log(`the same search in SQL (LIKE, window + count): p50 ${percentile(sqlLike, 0.5).toFixed(2)} ms, p95 ${percentile(sqlLike, 0.95).toFixed(2)} ms`);
store.close();
rmSync(dir, { recursive: true, force: true });

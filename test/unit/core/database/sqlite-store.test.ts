import { existsSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { MIGRATIONS, openSqliteStore, QUARANTINE_MARK, StorageError } from '../../../../main/core/database';
import type { QuoteRow, QuoteStore } from '../../../../main/core/database';
import { createSilentLogger } from '../../../../main/core/log';
import type { QuoteListItem } from '../../../../preload/contract';
import { detailsOf, fakeQuote, listItemOf } from '../../../helpers/service-fixtures';
import { cacheRig } from '../cache/helpers';
import { writeVersion2Quote } from './version-2';

let dir: string;
const open: QuoteStore[] = [];
const openStore = (path: string, migrations = MIGRATIONS) => {
  const store = openSqliteStore({ path, migrations, logger: createSilentLogger() });
  open.push(store);
  return store;
};

beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'qd-store-'));
});
afterEach(async () => {
  for (const store of open.splice(0)) store.close();
  await rm(dir, { recursive: true, force: true });
});

function quoteRow(overrides: Partial<QuoteRow> = {}): QuoteRow {
  return {
    accountId: 'acc-1', quoteId: 'q-1', listRest: '{}', listHash: 'h1', detailsHash: null, detailsListHash: null,
    detailsFetchedAt: null, serviceTypes: null, targetMarkets: null, status: 'SENT', quoteNumber: 'Q-1', projectName: 'Website', companyName: 'Acme', referenceNumber: null,
    totalAmount: 100, currency: 'EUR', quoteDate: '2025-01-01T00:00:00Z', deadlineForQuote: null, projectDueDate: null, validUntil: null,
    storedAt: 1, ...overrides,
  };
}

describe('the cache database', () => {
  it('keeps quotes across a reopen, in WAL mode, at the newest schema version', () => {
    const path = join(dir, 'cache.db');
    const store = openStore(path);
    store.putQuote(quoteRow());
    store.close();
    const again = openStore(path);
    expect(again.getQuote('acc-1', 'q-1')).toMatchObject({ status: 'SENT', totalAmount: 100 });
    expect(again.schemaVersion).toBe(MIGRATIONS.at(-1)!.version);
    again.close();
    const raw = new DatabaseSync(path);
    expect(raw.prepare('PRAGMA journal_mode').get()).toEqual({ journal_mode: 'wal' });
    raw.close();
  });

  it('creates its folder readable by the owner only: quotes are a client company\'s business', () => {
    openStore(join(dir, 'cache', 'quotes.db'));
    expect(statSync(join(dir, 'cache')).mode & 0o777).toBe(0o700);
  });

  it('migrates a version 1 database to the newest, keeping its quotes and recording each migration', () => {
    const path = join(dir, 'cache.db');
    openStore(path, MIGRATIONS.slice(0, 1)).close();
    writeVersion2Quote(path, 'acc-1', listItemOf(fakeQuote({ projectName: 'Website' })), null);

    const migrated = openStore(path);
    expect(migrated.schemaVersion).toBe(MIGRATIONS.at(-1)!.version);
    expect(migrated.allQuotes('acc-1').map((row) => row.projectName)).toEqual(['Website']);
    migrated.putPdf({ accountId: 'acc-1', quoteId: 'q-1', version: 'h1', file: 'a.pdf', bytes: 10, fetchedAt: 1, lastUsedAt: 1, outdated: false });
    expect(migrated.getPdf('acc-1', 'q-1')?.file).toBe('a.pdf');
    migrated.close();
    const raw = new DatabaseSync(path);
    expect((raw.prepare('SELECT version FROM migrations ORDER BY version').all() as { version: number }[]).map((row) => row.version)).toEqual(MIGRATIONS.map((migration) => migration.version));
    raw.close();
  });

  it('brings a database of the previous schema forward keeping every quote, its list item, details, revisions and PDF, each document stored once', () => {
    const path = join(dir, 'cache.db');
    openStore(path, MIGRATIONS.slice(0, 2)).close();
    const plain = fakeQuote({ status: 'SENT' });
    const revised = fakeQuote({ status: 'REVISED', amount: 900 });
    const odd = { ...listItemOf(fakeQuote()), referenceNumber: undefined, validUntil: undefined, projectDescription: 'Extra', surprise: { kept: true } } as QuoteListItem;
    // The list moved after the details were fetched: the list item says ACCEPTED, the details REVISED.
    const revisedList = listItemOf(revised, 'ACCEPTED');
    writeVersion2Quote(path, 'acc', listItemOf(plain), null);
    writeVersion2Quote(path, 'acc', revisedList, [detailsOf({ ...revised, amount: 1000 }, 'SENT'), detailsOf(revised)]);
    writeVersion2Quote(path, 'acc', odd, null);
    writeVersion2Quote(path, 'acc', null, [detailsOf(fakeQuote({ projectName: 'Details only' }))]);
    const v2 = new DatabaseSync(path);
    const pdfVersion = String((v2.prepare('SELECT details_hash FROM quotes WHERE quote_id = ?').get(revised.id) as { details_hash: string }).details_hash);
    v2.prepare('INSERT INTO pdfs VALUES (?, ?, ?, ?, 10, 1, 1, 0)').run('acc', revised.id, pdfVersion, 'r.pdf');
    v2.close();

    const rig = cacheRig(path);
    expect(rig.store.allQuotes('acc')).toHaveLength(4);
    expect(rig.cache.get('acc', plain.id)?.list).toEqual(listItemOf(plain));
    expect(rig.cache.get('acc', odd.id)?.list).toEqual(JSON.parse(JSON.stringify(odd)));
    const cached = rig.cache.get('acc', revised.id)!;
    expect(cached.list).toEqual(revisedList);
    expect(cached.details).toEqual(detailsOf(revised));
    expect(cached.detailsStale).toBe(false);
    expect(rig.cache.revisions('acc', revised.id).map((revision) => revision.details.totalPrice?.amount)).toEqual([1000, 900]);
    // The PDF still belongs to the current version: the hashes were shortened the same way on both sides.
    expect(rig.store.getPdf('acc', revised.id)?.version).toBe(cached.version);
    // Seeing the same list and details again is no change at all.
    rig.cache.ingest({ accountId: 'acc', access: 'internal', source: 'sync', observation: { kind: 'list', items: [listItemOf(plain), revisedList, odd] } });
    rig.cache.ingest({ accountId: 'acc', access: 'internal', source: 'sync', observation: { kind: 'details', details: detailsOf(revised) } });
    expect(rig.ofType('quotes.stored')).toEqual([]);
    expect(rig.cache.inbox({ sort: 'newest', offset: 0, limit: 10, now: 0 }).total).toBe(4);
    rig.close();

    const raw = new DatabaseSync(path);
    const names = (raw.prepare("SELECT name FROM sqlite_schema WHERE type = 'index' AND name NOT LIKE 'sqlite_autoindex%'").all() as { name: string }[]).map((row) => row.name);
    // The nine unused column indexes are gone; quotes_newest serves the first window before the index is built.
    expect(names.sort()).toEqual(['pdfs_last_used', 'quotes_newest']);
    const columns = (raw.prepare('PRAGMA table_info(quotes)').all() as { name: string }[]).map((row) => row.name);
    expect(columns).not.toContain('details_json');
    expect(columns.at(-1)).toBe('list_rest');
    // Compacted once after the upgrade: the old table's pages are not left as free space.
    expect(raw.prepare('PRAGMA freelist_count').get()).toEqual({ freelist_count: 0 });
    raw.close();
  });

  it('creates the database file readable and writable by its owner only, from the start', () => {
    const path = join(dir, 'cache.db');
    openStore(path);
    expect(statSync(path).mode & 0o777).toBe(0o600);
    for (const suffix of ['-wal', '-shm']) if (existsSync(path + suffix)) expect(statSync(path + suffix).mode & 0o777).toBe(0o600);
  });

  it('checks the whole file in the background: damage found is reported, and the file is set aside at the next start', async () => {
    const path = join(dir, 'cache.db');
    const store = openStore(path);
    store.transaction(() => {
      for (let index = 0; index < 300; index += 1) store.putQuote(quoteRow({ quoteId: `q-${index}`, listRest: JSON.stringify({ projectDescription: 'x'.repeat(400) }) }));
    });
    expect(await store.checkIntegrity()).toBeNull();
    store.close();
    const checkpoint = new DatabaseSync(path);
    checkpoint.exec('PRAGMA wal_checkpoint(TRUNCATE)');
    checkpoint.close();
    // Scribble over the headers of pages in the middle of the table: the length is right, so the open does not notice.
    const bytes = readFileSync(path);
    for (let page = 3; page <= 8; page += 1) bytes.fill(0xff, 4096 * (page - 1), 4096 * (page - 1) + 12);
    writeFileSync(path, bytes);

    const damaged = openStore(path);
    expect(damaged.problems).toEqual([]);
    const problem = await damaged.checkIntegrity();
    expect(problem?.reason).toMatch(/integrity check found damage/);
    expect(damaged.problems).toEqual([problem]);
    damaged.close();

    const next = openStore(path);
    expect(next.problems[0]?.keptAt).toContain(QUARANTINE_MARK);
    expect(next.allQuotes()).toEqual([]);
    expect(existsSync(`${path}.damaged`)).toBe(false);
  });

  it.each([
    ['garbage', () => Buffer.from('this is not a database at all, just words '.repeat(200))],
    ['zeros', () => Buffer.alloc(64 * 1024)],
    ['truncated', (valid: Buffer) => valid.subarray(0, Math.floor(valid.length / 3))],
  ])('sets a %s file aside, keeps it, and starts empty', (_kind, damage) => {
    const path = join(dir, 'cache.db');
    const store = openStore(path);
    store.transaction(() => {
      for (let index = 0; index < 300; index += 1) store.putQuote(quoteRow({ quoteId: `q-${index}`, listRest: JSON.stringify({ projectDescription: 'x'.repeat(400) }) }));
    });
    store.close();
    // Fold the WAL into the main file so the damage hits real content.
    const checkpoint = new DatabaseSync(path);
    checkpoint.exec('PRAGMA wal_checkpoint(TRUNCATE)');
    checkpoint.close();
    const damaged = damage(readFileSync(path));
    writeFileSync(path, damaged);

    const reopened = openStore(path);
    expect(reopened.allQuotes()).toEqual([]);
    expect(reopened.problems).toHaveLength(1);
    const keptAt = reopened.problems[0]!.keptAt!;
    expect(keptAt).toContain(QUARANTINE_MARK);
    expect(readFileSync(keptAt).equals(damaged)).toBe(true);
    reopened.putQuote(quoteRow());
    expect(reopened.getQuote('acc-1', 'q-1')).not.toBeNull();
  });

  it('a full disk gives a clear error, and what was stored before is intact', () => {
    const path = join(dir, 'cache.db');
    const store = openStore(path);
    store.putQuote(quoteRow({ projectName: 'Before' }));
    // SQLite's page cap makes the database "full" exactly as a full disk does (SQLITE_FULL).
    const raw = new DatabaseSync(path);
    const pages = (raw.prepare('PRAGMA page_count').get() as { page_count: number }).page_count;
    raw.close();
    (store as unknown as { db: DatabaseSync }).db.exec(`PRAGMA max_page_count = ${pages + 1}`);

    let caught: unknown;
    try {
      store.transaction(() => {
        store.putQuote(quoteRow({ projectName: 'After' }));
        for (let index = 0; index < 200; index += 1) store.putQuote(quoteRow({ quoteId: `big-${index}`, listRest: JSON.stringify({ projectDescription: 'x'.repeat(4000) }) }));
      });
    } catch (error) {
      caught = error;
    }
    expect(caught).toBeInstanceOf(StorageError);
    expect((caught as StorageError).reason).toBe('disk-full');
    expect((caught as StorageError).message).toMatch(/disk is full.*kept/);
    expect(store.getQuote('acc-1', 'q-1')?.projectName).toBe('Before');
    expect(store.allQuotes()).toHaveLength(1);
  });

  it('a database written by a newer app is set aside, not opened with the wrong schema', () => {
    const path = join(dir, 'cache.db');
    openStore(path).close();
    const raw = new DatabaseSync(path);
    raw.prepare('INSERT INTO migrations (version, description, applied_at) VALUES (99, ?, 0)').run('from the future');
    raw.close();
    const reopened = openStore(path);
    expect(reopened.problems[0]?.reason).toMatch(/newer version/);
    expect(readdirSync(dir).some((name) => name.includes(QUARANTINE_MARK))).toBe(true);
    expect(existsSync(path)).toBe(true);
  });

  it('stores a row the same whether the caller says what was stored (an update that leaves the quote date alone) or not (the upsert)', () => {
    const told = openStore(join(dir, 'told.db'));
    const blind = openStore(join(dir, 'blind.db'));
    const rows = ['a', 'b', 'c'].map((id, index) => quoteRow({ quoteId: id, quoteDate: `2025-01-0${index + 1}T00:00:00Z` }));
    for (const store of [told, blind]) for (const row of rows) store.putQuote(row);
    const later = [
      // The details arrive: same date, new hash, facets, price.
      { ...rows[0]!, detailsHash: 'd1', detailsListHash: 'h1', detailsFetchedAt: 5, serviceTypes: ['translation'], targetMarkets: ['de-DE'], totalAmount: 90, storedAt: 5 },
      // The date moved: the newest-first order must follow.
      { ...rows[1]!, quoteDate: '2025-02-01T00:00:00Z', storedAt: 6 },
      { ...rows[2]!, quoteDate: null, listRest: null, storedAt: 7 },
    ];
    later.forEach((row, index) => {
      told.putQuote(row, rows[index]);
      blind.putQuote(row);
    });
    const holding = (store: QuoteStore) => ({ rows: store.allQuotes(), newest: store.newestInboxRows('acc-1', 10).map((row) => row.quoteId) });
    expect(holding(told)).toEqual(holding(blind));
    // A quote whose date went (back in preparation) is the newest work: first, not last.
    expect(holding(told).newest).toEqual(['c', 'b', 'a']);
    expect(told.getQuote('acc-1', 'a')).toEqual(later[0]);
  });

  it('keeps each distinct revision once, oldest first', () => {
    const store = openStore(join(dir, 'cache.db'));
    const revision = (hash: string, at: number) => ({ accountId: 'a', quoteId: 'q', hash, detailsJson: `{"h":"${hash}"}`, firstSeenAt: at });
    expect(store.addRevision(revision('one', 1))).toBe(true);
    expect(store.addRevision(revision('two', 2))).toBe(true);
    expect(store.addRevision(revision('one', 3))).toBe(false);
    expect(store.revisions('a', 'q').map((row) => row.hash)).toEqual(['one', 'two']);
  });
});

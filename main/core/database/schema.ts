import type { DatabaseSync } from 'node:sqlite';
import { listRest } from './list-document';
import { fillFacetColumns, fillQuoteDateMs } from './facet-columns-migration';
import { UNDATED_MS } from './sort-keys';
import type { QuoteColumns } from './types';

/**
 * The schema's history. Each migration runs once, in one transaction, and is recorded in
 * `migrations`; a database is at the version of its last applied migration. Never edit a
 * published migration: add the next one.
 */
export interface Migration {
  version: number;
  description: string;
  up(db: DatabaseSync): void;
}

export const MIGRATIONS: readonly Migration[] = [
  {
    version: 1,
    description: 'quotes per account, their distinct detail versions, per-account sync facts',
    up(db) {
      db.exec(`
        CREATE TABLE accounts (
          account_id TEXT PRIMARY KEY,
          access TEXT,
          last_synced_at INTEGER
        ) STRICT;
        CREATE TABLE quotes (
          account_id TEXT NOT NULL,
          quote_id TEXT NOT NULL,
          list_json TEXT,
          list_hash TEXT,
          details_json TEXT,
          details_hash TEXT,
          details_list_hash TEXT,
          details_fetched_at INTEGER,
          status TEXT NOT NULL,
          quote_number TEXT,
          project_name TEXT,
          company_name TEXT,
          reference_number TEXT,
          total_amount REAL,
          currency TEXT,
          quote_date TEXT,
          deadline_for_quote TEXT,
          project_due_date TEXT,
          valid_until TEXT,
          stored_at INTEGER NOT NULL,
          PRIMARY KEY (account_id, quote_id)
        ) STRICT;
        CREATE TABLE revisions (
          account_id TEXT NOT NULL,
          quote_id TEXT NOT NULL,
          hash TEXT NOT NULL,
          details_json TEXT NOT NULL,
          first_seen_at INTEGER NOT NULL,
          seq INTEGER PRIMARY KEY AUTOINCREMENT,
          UNIQUE (account_id, quote_id, hash)
        ) STRICT;
      `);
    },
  },
  {
    version: 2,
    description: 'PDF index; inbox columns indexed',
    up(db) {
      db.exec(`
        CREATE TABLE pdfs (
          account_id TEXT NOT NULL,
          quote_id TEXT NOT NULL,
          version TEXT NOT NULL,
          file TEXT NOT NULL,
          bytes INTEGER NOT NULL,
          fetched_at INTEGER NOT NULL,
          last_used_at INTEGER NOT NULL,
          outdated INTEGER NOT NULL DEFAULT 0,
          PRIMARY KEY (account_id, quote_id)
        ) STRICT;
        CREATE INDEX pdfs_last_used ON pdfs (last_used_at);
        CREATE INDEX quotes_status ON quotes (status);
        CREATE INDEX quotes_quote_date ON quotes (quote_date);
        CREATE INDEX quotes_due_date ON quotes (project_due_date);
        CREATE INDEX quotes_valid_until ON quotes (valid_until);
        CREATE INDEX quotes_total ON quotes (total_amount);
        CREATE INDEX quotes_company ON quotes (company_name);
        CREATE INDEX quotes_project ON quotes (project_name);
        CREATE INDEX quotes_number ON quotes (quote_number);
        CREATE INDEX quotes_reference ON quotes (reference_number);
      `);
    },
  },
  {
    version: 3,
    description: 'each document stored once (details as revisions, list items as columns and their rest); inbox columns first; unused indexes dropped; 128-bit hashes',
    // A rowid table, not WITHOUT ROWID: a sync writes quotes in the service's order, so rows
    // append to the table's last pages and only the small (account, quote) index takes
    // scattered writes; keyed by (account, quote) every page of 100 quotes rewrote about 100
    // leaves of 400-byte rows (measured: twice the commit time of the bare floor).
    up(db) {
      // The nine column indexes of version 2 served no query and went with the old table.
      db.exec(`
        CREATE TABLE quotes_v3 (
          account_id TEXT NOT NULL,
          quote_id TEXT NOT NULL,
          status TEXT NOT NULL,
          quote_number TEXT,
          project_name TEXT,
          company_name TEXT,
          reference_number TEXT,
          total_amount REAL,
          currency TEXT,
          quote_date TEXT,
          deadline_for_quote TEXT,
          project_due_date TEXT,
          valid_until TEXT,
          details_hash TEXT,
          list_hash TEXT,
          details_list_hash TEXT,
          details_fetched_at INTEGER,
          stored_at INTEGER NOT NULL,
          list_rest TEXT,
          PRIMARY KEY (account_id, quote_id)
        ) STRICT;
        UPDATE revisions SET hash = substr(hash, 1, 32);
        UPDATE pdfs SET version = substr(version, 1, 32) WHERE length(version) = 64;
      `);
      // A quote's details were kept in its row and as a revision: the revision stays. (Every
      // write added both; a row whose revision is somehow missing gets one, so nothing is lost.)
      db.exec(`
        INSERT OR IGNORE INTO revisions (account_id, quote_id, hash, details_json, first_seen_at)
          SELECT account_id, quote_id, substr(details_hash, 1, 32), details_json, coalesce(details_fetched_at, stored_at)
          FROM quotes WHERE details_json IS NOT NULL AND details_hash IS NOT NULL ORDER BY stored_at
      `);
      const insert = db.prepare(`INSERT INTO quotes_v3 (${V3_COLUMNS.join(', ')}) VALUES (${V3_COLUMNS.map(() => '?').join(', ')})`);
      const old = db.prepare('SELECT * FROM quotes');
      for (const found of old.iterate() as Iterable<Record<string, string | number | null>>) {
        const row = (column: string) => found[column] ?? null;
        const columns: QuoteColumns = {
          status: String(row('status')) as QuoteColumns['status'],
          quoteNumber: textOf(row('quote_number')),
          projectName: textOf(row('project_name')),
          companyName: textOf(row('company_name')),
          referenceNumber: textOf(row('reference_number')),
          totalAmount: row('total_amount') === null ? null : Number(row('total_amount')),
          currency: textOf(row('currency')),
          quoteDate: textOf(row('quote_date')),
          deadlineForQuote: textOf(row('deadline_for_quote')),
          projectDueDate: textOf(row('project_due_date')),
          validUntil: textOf(row('valid_until')),
        };
        const short = (hash: string | number | null) => (hash === null ? null : String(hash).slice(0, 32));
        const rest = row('list_json') === null ? null : listRest(JSON.parse(String(row('list_json'))) as Record<string, unknown>, String(row('quote_id')), columns);
        insert.run(
          row('account_id'), row('quote_id'), columns.status, columns.quoteNumber, columns.projectName, columns.companyName, columns.referenceNumber,
          columns.totalAmount, columns.currency, columns.quoteDate, columns.deadlineForQuote, columns.projectDueDate, columns.validUntil,
          short(row('details_hash')), short(row('list_hash')), short(row('details_list_hash')), row('details_fetched_at'), row('stored_at'), rest,
        );
      }
      db.exec('DROP TABLE quotes; ALTER TABLE quotes_v3 RENAME TO quotes;');
    },
  },
  {
    version: 4,
    description: 'service types and target markets of each quote\'s details beside the inbox columns; the newest-first order indexed for the first window',
    // The table is rebuilt rather than altered: ADD COLUMN would put them after list_rest, and
    // the inbox load would then read past the JSON to reach them.
    up(db) {
      const v3 = V3_COLUMNS.join(', ');
      db.exec(`
        CREATE TABLE quotes_v4 (
          account_id TEXT NOT NULL,
          quote_id TEXT NOT NULL,
          status TEXT NOT NULL,
          quote_number TEXT,
          project_name TEXT,
          company_name TEXT,
          reference_number TEXT,
          total_amount REAL,
          currency TEXT,
          quote_date TEXT,
          deadline_for_quote TEXT,
          project_due_date TEXT,
          valid_until TEXT,
          quote_date_ms REAL NOT NULL DEFAULT 0,
          service_types TEXT,
          target_markets TEXT,
          details_hash TEXT,
          list_hash TEXT,
          details_list_hash TEXT,
          details_fetched_at INTEGER,
          stored_at INTEGER NOT NULL,
          list_rest TEXT,
          PRIMARY KEY (account_id, quote_id)
        ) STRICT;
        INSERT INTO quotes_v4 (${v3}) SELECT ${v3} FROM quotes ORDER BY rowid;
        DROP TABLE quotes;
        ALTER TABLE quotes_v4 RENAME TO quotes;
      `);
      fillFacetColumns(db);
      fillQuoteDateMs(db);
      // The inbox's first window (newest first, per account) read from the file while the
      // in-memory index is built: main/core/cache/first-window.ts.
      db.exec('CREATE INDEX quotes_newest ON quotes (account_id, quote_date_ms DESC, quote_id)');
    },
  },
  {
    version: 5,
    description: 'quotes without a quote date (in preparation) sort as the newest work, not as the oldest',
    up(db) {
      db.prepare('UPDATE quotes SET quote_date_ms = ? WHERE quote_date IS NULL').run(UNDATED_MS);
      fillQuoteDateMs(db);
    },
  },
];

/** Version 3's quote columns, in their order in the row: the inbox's first, the JSON last. */
export const V3_COLUMNS = [
  'account_id', 'quote_id', 'status', 'quote_number', 'project_name', 'company_name', 'reference_number', 'total_amount', 'currency',
  'quote_date', 'deadline_for_quote', 'project_due_date', 'valid_until', 'details_hash', 'list_hash', 'details_list_hash',
  'details_fetched_at', 'stored_at', 'list_rest',
] as const;

/** Version 4's: the details' service types and target markets join the inbox's columns. */
export const V4_COLUMNS = [
  'account_id', 'quote_id', 'status', 'quote_number', 'project_name', 'company_name', 'reference_number', 'total_amount', 'currency',
  'quote_date', 'deadline_for_quote', 'project_due_date', 'valid_until', 'quote_date_ms', 'service_types', 'target_markets', 'details_hash', 'list_hash',
  'details_list_hash', 'details_fetched_at', 'stored_at', 'list_rest',
] as const;

const textOf = (value: string | number | null | undefined): string | null => (value === null || value === undefined ? null : String(value));

export const SCHEMA_VERSION = MIGRATIONS.at(-1)!.version;

/** Brings the database to the last migration of `migrations`; returns the resulting version and whether an older schema was brought forward. */
export function migrate(db: DatabaseSync, migrations: readonly Migration[], now: number): { version: number; upgraded: boolean } {
  db.exec('CREATE TABLE IF NOT EXISTS migrations (version INTEGER PRIMARY KEY, description TEXT NOT NULL, applied_at INTEGER NOT NULL) STRICT');
  const applied = new Set((db.prepare('SELECT version FROM migrations').all() as { version: number }[]).map((row) => row.version));
  const newest = Math.max(0, ...applied);
  const known = Math.max(0, ...migrations.map((migration) => migration.version));
  if (newest > known) {
    // A newer app wrote this file: opening it with an older schema could corrupt it.
    throw new NewerSchemaError(newest, known);
  }
  let migrated = 0;
  for (const migration of migrations) {
    if (applied.has(migration.version)) continue;
    migrated += 1;
    db.exec('BEGIN IMMEDIATE');
    try {
      migration.up(db);
      db.prepare('INSERT INTO migrations (version, description, applied_at) VALUES (?, ?, ?)').run(migration.version, migration.description, now);
      db.exec('COMMIT');
    } catch (error) {
      db.exec('ROLLBACK');
      throw error;
    }
  }
  // An existing file brought forward (not a new one): its old tables' pages are free space now.
  return { version: known, upgraded: newest > 0 && migrated > 0 };
}

export class NewerSchemaError extends Error {
  constructor(
    readonly found: number,
    readonly known: number,
  ) {
    super(`The cache was written by a newer version of Quotedesk (schema ${found}; this version knows up to ${known})`);
    this.name = 'NewerSchemaError';
  }
}

import type { DatabaseSync } from 'node:sqlite';

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
];

export const SCHEMA_VERSION = MIGRATIONS.at(-1)!.version;

/** Brings the database to the last migration of `migrations`; returns the resulting version. */
export function migrate(db: DatabaseSync, migrations: readonly Migration[], now: number): number {
  db.exec('CREATE TABLE IF NOT EXISTS migrations (version INTEGER PRIMARY KEY, description TEXT NOT NULL, applied_at INTEGER NOT NULL) STRICT');
  const applied = new Set((db.prepare('SELECT version FROM migrations').all() as { version: number }[]).map((row) => row.version));
  const newest = Math.max(0, ...applied);
  const known = Math.max(0, ...migrations.map((migration) => migration.version));
  if (newest > known) {
    // A newer app wrote this file: opening it with an older schema could corrupt it.
    throw new NewerSchemaError(newest, known);
  }
  for (const migration of migrations) {
    if (applied.has(migration.version)) continue;
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
  return known;
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

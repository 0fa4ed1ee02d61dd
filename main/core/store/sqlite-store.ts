import { mkdirSync } from 'node:fs';
import { dirname } from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import type { StatementSync } from 'node:sqlite';
import type { Clock, Logger } from '../ports';
import { systemClock } from '../ports';
import { StorageError } from './errors';
import { quarantineDatabase } from './quarantine';
import { MIGRATIONS, migrate } from './schema';
import type { Migration } from './schema';
import type { AccountRow, InboxSourceRow, PdfRow, QuoteRow, QuoteStore, RevisionRow, StoreProblem } from './types';

export interface SqliteStoreOptions {
  /** The database file; ':memory:' for a throwaway store. */
  path: string;
  clock?: Clock;
  logger?: Logger;
  /** The schema's history; tests pass a prefix to build an older database. */
  migrations?: readonly Migration[];
}

/**
 * Opens (or creates) the cache database. A file that cannot be read (garbage, zeros, cut
 * short, written by a newer app) is set aside and an empty cache starts in its place: sync
 * fills it again, so a damaged cache is never a reason not to start.
 */
export function openSqliteStore(options: SqliteStoreOptions): QuoteStore {
  const clock = options.clock ?? systemClock;
  const migrations = options.migrations ?? MIGRATIONS;
  const problems: StoreProblem[] = [];
  let opened: { db: DatabaseSync; version: number };
  try {
    opened = openChecked(options.path, migrations, clock.now());
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error);
    const keptAt = options.path === ':memory:' ? null : quarantineDatabase(options.path, clock.now());
    problems.push({ path: options.path, keptAt, reason });
    options.logger?.warn('the quote cache could not be read; it was set aside and an empty one started', { path: options.path, keptAt, reason });
    // If it could not even be moved, keep the user's file untouched and work in memory.
    opened = openChecked(keptAt === null ? ':memory:' : options.path, migrations, clock.now());
  }
  return new SqliteQuoteStore(opened.db, options.path, opened.version, problems);
}

function openChecked(path: string, migrations: readonly Migration[], now: number): { db: DatabaseSync; version: number } {
  if (path !== ':memory:') mkdirSync(dirname(path), { recursive: true, mode: 0o700 });
  const db = new DatabaseSync(path);
  try {
    // WAL: readers never wait for the writer and a commit is one append. NORMAL sync keeps
    // the file consistent at every moment; a power cut may lose the last commits, which
    // the next sync fetches again.
    // A 512 KB page cache instead of SQLite's 2 MB: loading the inbox reads every page once,
    // which would fill any cache size; the B-tree pages a write or a lookup needs stay in it,
    // and the rest is in the OS's file cache anyway.
    db.exec('PRAGMA journal_mode = WAL; PRAGMA synchronous = NORMAL; PRAGMA busy_timeout = 5000; PRAGMA cache_size = -512;');
    const check = db.prepare('PRAGMA quick_check').all() as { quick_check: string }[];
    if (check.length !== 1 || check[0]!.quick_check !== 'ok') {
      throw new Error(`the integrity check failed: ${check.map((row) => row.quick_check).slice(0, 3).join('; ')}`);
    }
    return { db, version: migrate(db, migrations, now) };
  } catch (error) {
    db.close();
    throw error;
  }
}

const QUOTE_COLUMNS = [
  'account_id', 'quote_id', 'list_json', 'list_hash', 'details_json', 'details_hash', 'details_list_hash', 'details_fetched_at',
  'status', 'quote_number', 'project_name', 'company_name', 'reference_number', 'total_amount', 'currency', 'quote_date',
  'deadline_for_quote', 'project_due_date', 'valid_until', 'stored_at',
] as const;

type SqlRow = Record<string, string | number | null>;

class SqliteQuoteStore implements QuoteStore {
  private readonly statements = new Map<string, StatementSync>();
  private depth = 0;

  constructor(
    private readonly db: DatabaseSync,
    readonly path: string,
    readonly schemaVersion: number,
    readonly problems: readonly StoreProblem[],
  ) {}

  private sql(text: string): StatementSync {
    let statement = this.statements.get(text);
    if (!statement) this.statements.set(text, (statement = this.db.prepare(text)));
    return statement;
  }

  private write(action: string, work: () => void): void {
    try {
      work();
    } catch (error) {
      throw error instanceof StorageError ? error : new StorageError(action, error);
    }
  }

  transaction<T>(work: () => T): T {
    if (this.depth > 0) return work();
    try {
      this.db.exec('BEGIN IMMEDIATE');
    } catch (error) {
      throw new StorageError('Could not save to the quote cache', error);
    }
    this.depth += 1;
    try {
      const result = work();
      this.db.exec('COMMIT');
      return result;
    } catch (error) {
      if (this.db.isTransaction) this.db.exec('ROLLBACK');
      throw error instanceof StorageError ? error : new StorageError('Could not save to the quote cache', error);
    } finally {
      this.depth -= 1;
    }
  }

  getQuote(accountId: string, quoteId: string): QuoteRow | null {
    const row = this.sql('SELECT * FROM quotes WHERE account_id = ? AND quote_id = ?').get(accountId, quoteId) as SqlRow | undefined;
    return row ? toQuote(row) : null;
  }

  putQuote(row: QuoteRow): void {
    const values = [
      row.accountId, row.quoteId, row.listJson, row.listHash, row.detailsJson, row.detailsHash, row.detailsListHash, row.detailsFetchedAt,
      row.status, row.quoteNumber, row.projectName, row.companyName, row.referenceNumber, row.totalAmount, row.currency, row.quoteDate,
      row.deadlineForQuote, row.projectDueDate, row.validUntil, row.storedAt,
    ];
    this.write('Could not save a quote', () => {
      this.sql(`INSERT OR REPLACE INTO quotes (${QUOTE_COLUMNS.join(', ')}) VALUES (${QUOTE_COLUMNS.map(() => '?').join(', ')})`).run(...values);
    });
  }

  listHashes(accountId: string, quoteIds: readonly string[]): Map<string, string | null> {
    const rows = this.sql('SELECT quote_id, list_hash FROM quotes WHERE account_id = ? AND quote_id IN (SELECT value FROM json_each(?))').all(
      accountId,
      JSON.stringify(quoteIds),
    ) as SqlRow[];
    const hashes = new Map<string, string | null>();
    for (const row of rows) hashes.set(String(row.quote_id), text(row.list_hash));
    return hashes;
  }

  withoutFreshDetails(accountId: string, quoteIds: readonly string[]): string[] {
    // Compared in SQLite: reading each row back into JavaScript would parse two JSON documents per quote.
    const rows = this.sql(
      `SELECT wanted.value AS quote_id FROM json_each(?) AS wanted
         LEFT JOIN quotes ON quotes.account_id = ? AND quotes.quote_id = wanted.value
         WHERE quotes.details_hash IS NULL OR quotes.details_list_hash IS NOT quotes.list_hash
         ORDER BY wanted.key`,
    ).all(JSON.stringify(quoteIds), accountId) as SqlRow[];
    return rows.map((row) => String(row.quote_id));
  }

  allQuotes(accountId?: string): QuoteRow[] {
    const rows = (accountId === undefined
      ? this.sql('SELECT * FROM quotes').all()
      : this.sql('SELECT * FROM quotes WHERE account_id = ?').all(accountId)) as SqlRow[];
    return rows.map(toQuote);
  }

  *inboxRows(): IterableIterator<InboxSourceRow> {
    // Row by row and as arrays: the index keeps only its own small rows, so nothing the size
    // of the whole cache is built at start. (One JSON array of every row, built by SQLite and
    // parsed at once, was as fast but peaked at several MB of strings and grew the heap for good.)
    const statement = this.sql(
      `SELECT account_id, quote_id, details_hash IS NOT NULL, status, quote_number, project_name, company_name,
         reference_number, total_amount, currency, quote_date, deadline_for_quote, project_due_date, valid_until FROM quotes`,
    );
    statement.setReturnArrays(true);
    for (const row of statement.iterate() as Iterable<(string | number | null)[]>) {
      yield {
        accountId: String(row[0]),
        quoteId: String(row[1]),
        hasDetails: row[2] === 1,
        status: String(row[3]) as QuoteRow['status'],
        quoteNumber: text(row[4]),
        projectName: text(row[5]),
        companyName: text(row[6]),
        referenceNumber: text(row[7]),
        totalAmount: num(row[8]),
        currency: text(row[9]),
        quoteDate: text(row[10]),
        deadlineForQuote: text(row[11]),
        projectDueDate: text(row[12]),
        validUntil: text(row[13]),
      };
    }
  }

  addRevision(row: RevisionRow): boolean {
    let added = false;
    this.write('Could not save a revision', () => {
      const result = this.sql('INSERT OR IGNORE INTO revisions (account_id, quote_id, hash, details_json, first_seen_at) VALUES (?, ?, ?, ?, ?)').run(
        row.accountId, row.quoteId, row.hash, row.detailsJson, row.firstSeenAt,
      );
      added = Number(result.changes) > 0;
    });
    return added;
  }

  revisions(accountId: string, quoteId: string): RevisionRow[] {
    const rows = this.sql('SELECT * FROM revisions WHERE account_id = ? AND quote_id = ? ORDER BY seq').all(accountId, quoteId) as SqlRow[];
    return rows.map((row) => ({
      accountId: String(row.account_id),
      quoteId: String(row.quote_id),
      hash: String(row.hash),
      detailsJson: String(row.details_json),
      firstSeenAt: Number(row.first_seen_at),
    }));
  }

  getPdf(accountId: string, quoteId: string): PdfRow | null {
    const row = this.sql('SELECT * FROM pdfs WHERE account_id = ? AND quote_id = ?').get(accountId, quoteId) as SqlRow | undefined;
    return row ? toPdf(row) : null;
  }

  putPdf(row: PdfRow): void {
    this.write('Could not record a PDF', () => {
      this.sql('INSERT OR REPLACE INTO pdfs (account_id, quote_id, version, file, bytes, fetched_at, last_used_at, outdated) VALUES (?, ?, ?, ?, ?, ?, ?, ?)').run(
        row.accountId, row.quoteId, row.version, row.file, row.bytes, row.fetchedAt, row.lastUsedAt, row.outdated ? 1 : 0,
      );
    });
  }

  deletePdf(accountId: string, quoteId: string): void {
    this.write('Could not forget a PDF', () => {
      this.sql('DELETE FROM pdfs WHERE account_id = ? AND quote_id = ?').run(accountId, quoteId);
    });
  }

  allPdfs(): PdfRow[] {
    return (this.sql('SELECT * FROM pdfs ORDER BY last_used_at').all() as SqlRow[]).map(toPdf);
  }

  markPdfOutdated(accountId: string, quoteId: string): boolean {
    let changed = false;
    this.write('Could not mark a PDF outdated', () => {
      changed = Number(this.sql('UPDATE pdfs SET outdated = 1 WHERE account_id = ? AND quote_id = ? AND outdated = 0').run(accountId, quoteId).changes) > 0;
    });
    return changed;
  }

  touchPdf(accountId: string, quoteId: string, at: number): void {
    this.write('Could not record a PDF use', () => {
      this.sql('UPDATE pdfs SET last_used_at = ? WHERE account_id = ? AND quote_id = ?').run(at, accountId, quoteId);
    });
  }

  getAccount(accountId: string): AccountRow | null {
    const row = this.sql('SELECT * FROM accounts WHERE account_id = ?').get(accountId) as SqlRow | undefined;
    return row ? toAccount(row) : null;
  }

  allAccounts(): AccountRow[] {
    return (this.sql('SELECT * FROM accounts').all() as SqlRow[]).map(toAccount);
  }

  putAccount(row: AccountRow): void {
    this.write('Could not save sync facts', () => {
      this.sql('INSERT OR REPLACE INTO accounts (account_id, access, last_synced_at) VALUES (?, ?, ?)').run(row.accountId, row.access, row.lastSyncedAt);
    });
  }

  removeAccount(accountId: string): void {
    this.transaction(() => {
      for (const table of ['quotes', 'revisions', 'pdfs', 'accounts']) this.sql(`DELETE FROM ${table} WHERE account_id = ?`).run(accountId);
    });
  }

  close(): void {
    if (this.db.isOpen) this.db.close();
  }
}

const text = (value: string | number | null | undefined): string | null => (value === null || value === undefined ? null : String(value));
const num = (value: string | number | null | undefined): number | null => (value === null || value === undefined ? null : Number(value));

function toQuote(row: SqlRow): QuoteRow {
  return {
    accountId: String(row.account_id),
    quoteId: String(row.quote_id),
    listJson: text(row.list_json),
    listHash: text(row.list_hash),
    detailsJson: text(row.details_json),
    detailsHash: text(row.details_hash),
    detailsListHash: text(row.details_list_hash),
    detailsFetchedAt: num(row.details_fetched_at),
    status: String(row.status) as QuoteRow['status'],
    quoteNumber: text(row.quote_number),
    projectName: text(row.project_name),
    companyName: text(row.company_name),
    referenceNumber: text(row.reference_number),
    totalAmount: num(row.total_amount),
    currency: text(row.currency),
    quoteDate: text(row.quote_date),
    deadlineForQuote: text(row.deadline_for_quote),
    projectDueDate: text(row.project_due_date),
    validUntil: text(row.valid_until),
    storedAt: Number(row.stored_at),
  };
}

function toAccount(row: SqlRow): AccountRow {
  return {
    accountId: String(row.account_id),
    access: row.access === 'client' || row.access === 'internal' ? row.access : null,
    lastSyncedAt: row.last_synced_at === null ? null : Number(row.last_synced_at),
  };
}

function toPdf(row: SqlRow): PdfRow {
  return {
    accountId: String(row.account_id),
    quoteId: String(row.quote_id),
    version: String(row.version),
    file: String(row.file),
    bytes: Number(row.bytes),
    fetchedAt: Number(row.fetched_at),
    lastUsedAt: Number(row.last_used_at),
    outdated: Number(row.outdated) === 1,
  };
}

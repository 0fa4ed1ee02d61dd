import { errorText } from '../errors';
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { dirname } from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import type { StatementSync } from 'node:sqlite';
import { quickCheckInWorker } from './integrity';
import { checkLength, damageMark, ownerOnly, readDamageMark } from './open-file';
import type { Clock, Logger } from '../ports';
import { systemClock } from '../ports';
import { StorageError } from './errors';
import { quarantineDatabase } from './quarantine';
import { encodeFacet, facetDecoder } from './facet-columns';
import { MIGRATIONS, migrate, V4_COLUMNS } from './schema';
import { quoteDateMs } from './sort-keys';
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
 * short, written by a newer app, found damaged by the last run's background check) is set
 * aside and an empty cache starts in its place: sync fills it again, so a damaged cache is
 * never a reason not to start. The whole-file integrity check is not on this path: see
 * `checkIntegrity`.
 */
export function openSqliteStore(options: SqliteStoreOptions): QuoteStore {
  const clock = options.clock ?? systemClock;
  const migrations = options.migrations ?? MIGRATIONS;
  const problems: StoreProblem[] = [];
  let opened: { db: DatabaseSync; version: number };
  try {
    opened = openChecked(options.path, migrations, clock.now());
  } catch (error) {
    const reason = errorText(error);
    const keptAt = options.path === ':memory:' ? null : quarantineDatabase(options.path, clock.now());
    if (keptAt !== null) rmSync(damageMark(options.path), { force: true });
    problems.push({ path: options.path, keptAt, reason });
    options.logger?.warn('the quote cache could not be read; it was set aside and an empty one started', { path: options.path, keptAt, reason });
    // If it could not even be moved, keep the user's file untouched and work in memory.
    opened = openChecked(keptAt === null ? ':memory:' : options.path, migrations, clock.now());
  }
  return new SqliteQuoteStore(opened.db, options.path, opened.version, problems, options.logger);
}

function openChecked(path: string, migrations: readonly Migration[], now: number): { db: DatabaseSync; version: number } {
  if (path !== ':memory:') {
    mkdirSync(dirname(path), { recursive: true, mode: 0o700 });
    const damage = readDamageMark(path);
    if (damage !== null) throw new Error(damage);
    ownerOnly(path);
    checkLength(path);
  }
  const db = new DatabaseSync(path);
  try {
    // WAL: readers never wait for the writer and a commit is one append. NORMAL sync keeps
    // the file consistent at every moment; a power cut may lose the last commits, which
    // the next sync fetches again.
    // A 512 KB page cache instead of SQLite's 2 MB: loading the inbox reads every page once,
    // which would fill any cache size; the B-tree pages a write or a lookup needs stay in it,
    // and the rest is in the OS's file cache anyway (a sync's burst widens it: burstPragmas).
    // The WAL is cut back to 4 MB once checkpointed, so a burst's longer WAL does not stay on disk.
    db.exec(`PRAGMA journal_mode = WAL; PRAGMA synchronous = NORMAL; PRAGMA busy_timeout = 5000; PRAGMA journal_size_limit = ${4 * 1024 * 1024}; ${burstPragmas(false)}`);
    const { version, upgraded } = migrate(db, migrations, now);
    // Once, after bringing an older file forward: its old tables' pages would stay as free space.
    if (upgraded && path !== ':memory:') db.exec('VACUUM');
    return { db, version };
  } catch (error) {
    db.close();
    throw error;
  }
}

/**
 * The page cache and checkpoint interval at rest, and during a burst of writes (a sync pass).
 * A first sync writes quotes in the service's order, so each page of 100 quotes lands on about
 * 100 leaves of the (account, quote) index spread over the whole file: with 512 KB of cache
 * those leaves were read back from the file at nearly every write (at 100,000 quotes a third
 * of the first sync's CPU went to BEGIN, COMMIT and the statements). A burst cache of 4 MB:
 * 16 MB synced 100,000 quotes no faster (engine ÷ floor 1.96 and 1.37x against 1.46 and 1.48x
 * in one sitting, BENCHMARKS.md's issue #30 section), and the pages it freed after the pass
 * stayed in malloc's heap (the core's RSS at rest 303 MB with it, 289 MB with 4 MB). A
 * checkpoint every 16,384 frames (64 MB of WAL) instead of 1,000 writes each page to the file
 * once however often it changed meanwhile, with fewer fsyncs.
 */
function burstPragmas(burst: boolean): string {
  return burst ? 'PRAGMA cache_size = -4096; PRAGMA wal_autocheckpoint = 16384;' : 'PRAGMA cache_size = -512; PRAGMA wal_autocheckpoint = 1000;';
}

/** The column list of a quote row, in the table's order (the inbox's columns first, the JSON last). */
const QUOTE_COLUMNS = V4_COLUMNS;
const UPSERT = `INSERT INTO quotes (${QUOTE_COLUMNS.join(', ')}) VALUES (${QUOTE_COLUMNS.map(() => '?').join(', ')})
  ON CONFLICT (account_id, quote_id) DO UPDATE SET ${QUOTE_COLUMNS.slice(2).map((column) => `${column} = excluded.${column}`).join(', ')}`;

/** Where quote_date_ms sits in QUOTE_COLUMNS (and in putQuote's values). */
const DATE_MS_AT = QUOTE_COLUMNS.indexOf('quote_date_ms');
/**
 * A stored row whose quote date did not move: every column but the key and quote_date_ms.
 * The upsert sets quote_date_ms too, so SQLite rewrote the row's entry in quotes_newest
 * (a leaf anywhere in the file) even when the value was the same: one more page per detail.
 */
const UPDATE_SAME_DATE = `UPDATE quotes SET ${QUOTE_COLUMNS.slice(2)
  .filter((column) => column !== 'quote_date_ms')
  .map((column) => `${column} = ?`)
  .join(', ')} WHERE account_id = ? AND quote_id = ?`;

type SqlRow = Record<string, string | number | null>;
type SqlArray = (string | number | null)[];

/** The columns of an InboxSourceRow, in inboxSourceRow's order: none of them JSON. */
const INBOX_SELECT = `account_id, quote_id, details_hash IS NOT NULL, status, quote_number, project_name, company_name, reference_number,
  total_amount, currency, quote_date, deadline_for_quote, project_due_date, valid_until, service_types, target_markets`;
const INBOX_WIDTH = 16;

function inboxSourceRow(row: SqlArray, facet: ReturnType<typeof facetDecoder>): InboxSourceRow {
  return {
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
    serviceTypes: facet(row[14] ?? null),
    targetMarkets: facet(row[15] ?? null),
  };
}

class SqliteQuoteStore implements QuoteStore {
  private readonly statements = new Map<string, StatementSync>();
  private depth = 0;
  private bursts = 0;

  private integrity: Promise<StoreProblem | null> | null = null;

  constructor(
    private readonly db: DatabaseSync,
    readonly path: string,
    readonly schemaVersion: number,
    private readonly found: StoreProblem[],
    private readonly logger?: Logger,
  ) {}

  get problems(): readonly StoreProblem[] {
    return this.found;
  }

  checkIntegrity(): Promise<StoreProblem | null> {
    this.integrity ??= this.path === ':memory:' || !this.db.isOpen ? Promise.resolve(null) : this.runIntegrityCheck();
    return this.integrity;
  }

  private async runIntegrityCheck(): Promise<StoreProblem | null> {
    const findings = await quickCheckInWorker(this.path);
    if (findings.length === 1 && findings[0] === 'ok') return null;
    const reason = `the integrity check found damage (${findings.slice(0, 3).join('; ')}); the cache will be set aside and rebuilt at the next start`;
    const problem: StoreProblem = { path: this.path, keptAt: null, reason };
    this.found.push(problem);
    this.logger?.warn('the quote cache is damaged; it will be set aside at the next start', { path: this.path, reason });
    try {
      writeFileSync(damageMark(this.path), reason, { mode: 0o600 });
    } catch (error) {
      this.logger?.warn('the damage could not be recorded for the next start', { error: errorText(error) });
    }
    return problem;
  }

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

  beginBurst(): () => void {
    if (this.bursts === 0 && this.db.isOpen) this.db.exec(burstPragmas(true));
    this.bursts += 1;
    let ended = false;
    return () => {
      if (ended) return;
      ended = true;
      this.bursts -= 1;
      if (this.bursts > 0 || !this.db.isOpen) return;
      // The pages go back (SQLite frees what is over the smaller size), and the burst's WAL is
      // checkpointed now, at the end of the pass, rather than at some later single write.
      try {
        this.db.exec(`${burstPragmas(false)} PRAGMA wal_checkpoint(PASSIVE);`);
      } catch (error) {
        this.logger?.warn('the cache could not be checkpointed after a sync; SQLite does it at a later write', { error: errorText(error) });
      }
    };
  }

  getQuote(accountId: string, quoteId: string): QuoteRow | null {
    const row = this.sql('SELECT * FROM quotes WHERE account_id = ? AND quote_id = ?').get(accountId, quoteId) as SqlRow | undefined;
    return row ? toQuote(row) : null;
  }

  putQuote(row: QuoteRow, stored?: QuoteRow | null): void {
    // An upsert: the row is updated in place, where INSERT OR REPLACE deleted and re-inserted it.
    const values: (string | number | null)[] = [
      row.accountId, row.quoteId, row.status, row.quoteNumber, row.projectName, row.companyName, row.referenceNumber, row.totalAmount,
      row.currency, row.quoteDate, row.deadlineForQuote, row.projectDueDate, row.validUntil, quoteDateMs(row.quoteDate), encodeFacet(row.serviceTypes),
      encodeFacet(row.targetMarkets), row.detailsHash, row.listHash,
      row.detailsListHash, row.detailsFetchedAt, row.storedAt, row.listRest,
    ];
    this.write('Could not save a quote', () => {
      if (stored?.quoteDate !== row.quoteDate) {
        this.sql(UPSERT).run(...values);
        return;
      }
      values.splice(DATE_MS_AT, 1);
      const [accountId, quoteId] = values.splice(0, 2);
      this.sql(UPDATE_SAME_DATE).run(...values, accountId!, quoteId!);
    });
  }

  touchDetails(accountId: string, quoteId: string, fetchedAt: number, listHash: string | null): void {
    this.write('Could not save a quote', () => {
      this.sql('UPDATE quotes SET details_fetched_at = ?, details_list_hash = ? WHERE account_id = ? AND quote_id = ?').run(fetchedAt, listHash, accountId, quoteId);
    });
  }

  currentDetailsJson(accountId: string, quoteId: string): string | null {
    const row = this.sql(
      `SELECT revisions.details_json FROM quotes JOIN revisions ON revisions.account_id = quotes.account_id
         AND revisions.quote_id = quotes.quote_id AND revisions.hash = quotes.details_hash
       WHERE quotes.account_id = ? AND quotes.quote_id = ?`,
    ).get(accountId, quoteId) as SqlRow | undefined;
    return row ? String(row.details_json) : null;
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
    const statement = this.sql(`SELECT ${INBOX_SELECT} FROM quotes`);
    statement.setReturnArrays(true);
    const facet = facetDecoder();
    for (const row of statement.iterate() as Iterable<SqlArray>) yield inboxSourceRow(row, facet);
  }

  inboxRowSlice(after: number, limit: number): { rows: InboxSourceRow[]; last: number } {
    const statement = this.sql(`SELECT ${INBOX_SELECT}, rowid FROM quotes WHERE rowid > ? ORDER BY rowid LIMIT ?`);
    statement.setReturnArrays(true);
    const facet = facetDecoder();
    const found = statement.all(after, limit) as unknown as SqlArray[];
    return { rows: found.map((row) => inboxSourceRow(row, facet)), last: found.length === 0 ? after : Number(found.at(-1)![INBOX_WIDTH]) };
  }

  newestInboxRows(accountId: string, limit: number): InboxSourceRow[] {
    // quotes_newest serves this order: the first rows of the index, no sort.
    const statement = this.sql(`SELECT ${INBOX_SELECT} FROM quotes WHERE account_id = ? ORDER BY quote_date_ms DESC, quote_id LIMIT ?`);
    statement.setReturnArrays(true);
    const facet = facetDecoder();
    return (statement.all(accountId, limit) as unknown as SqlArray[]).map((row) => inboxSourceRow(row, facet));
  }

  statusesNewestFirst(accountId: string): { quoteId: string; status: QuoteRow['status']; quoteNumber: string | null }[] {
    const statement = this.sql('SELECT quote_id, status, quote_number FROM quotes WHERE account_id = ? ORDER BY quote_date_ms DESC, quote_id');
    statement.setReturnArrays(true);
    return (statement.all(accountId) as unknown as SqlArray[]).map((row) => ({ quoteId: String(row[0]), status: String(row[1]) as QuoteRow['status'], quoteNumber: text(row[2]) }));
  }

  quoteCounts(): Map<string, number> {
    const rows = this.sql('SELECT account_id, count(*) AS n FROM quotes GROUP BY account_id').all() as SqlRow[];
    return new Map(rows.map((row) => [String(row.account_id), Number(row.n)]));
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
const decodeFacetColumn = (value: string | number | null | undefined): readonly string[] | null => facetDecoder()(value ?? null) ?? null;
const num = (value: string | number | null | undefined): number | null => (value === null || value === undefined ? null : Number(value));

function toQuote(row: SqlRow): QuoteRow {
  return {
    accountId: String(row.account_id),
    quoteId: String(row.quote_id),
    listRest: text(row.list_rest),
    listHash: text(row.list_hash),
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
    serviceTypes: decodeFacetColumn(row.service_types),
    targetMarkets: decodeFacetColumn(row.target_markets),
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

import type { KeyAccess, QuoteStatus } from '../../../preload/contract';

/**
 * The port of the embedded database. Synchronous on purpose: node:sqlite is, one write is
 * about a millisecond, and a synchronous store keeps "compare with the cache, then store"
 * free of interleavings (the dedupe of changes relies on it).
 */
export interface QuoteStore {
  readonly path: string;
  readonly schemaVersion: number;
  /** Database files set aside at open because they could not be read, and damage the background check found since. */
  readonly problems: readonly StoreProblem[];
  /**
   * Reads the whole file for damage (PRAGMA quick_check) on a connection of its own in a
   * worker thread, so neither the start nor the window waits for it. Damage found is added
   * to `problems` and the file is set aside at the next start. Resolves with the problem,
   * or null when the file is sound (or in memory).
   */
  checkIntegrity(): Promise<StoreProblem | null>;
  /**
   * A burst of writes begins (a sync pass): the store keeps more of the file's pages in memory
   * and checkpoints less often until the returned function is called (idempotent; bursts nest).
   * Only speed and memory change, never what is stored.
   */
  beginBurst(): () => void;
  /** Runs `work` in one transaction: all of its writes land, or none. */
  transaction<T>(work: () => T): T;

  getQuote(accountId: string, quoteId: string): QuoteRow | null;
  /**
   * Inserts or updates one quote's row (an upsert: no delete and re-insert). `stored`: the row
   * as the caller read it in this transaction; when the quote date did not move, the row is
   * updated without touching the newest-first index. What is stored is the same either way.
   */
  putQuote(row: QuoteRow, stored?: QuoteRow | null): void;
  /** Unchanged details were fetched again at `fetchedAt`, with the list item at `listHash`: only those two facts are written. */
  touchDetails(accountId: string, quoteId: string, fetchedAt: number, listHash: string | null): void;
  /** The JSON of the quote's current details (its revision with the row's details hash), or null. */
  currentDetailsJson(accountId: string, quoteId: string): string | null;
  /** Which of these quotes are stored, with their list-item hash (null when only details were seen): an unchanged page is skipped without reading rows. */
  listHashes(accountId: string, quoteIds: readonly string[]): Map<string, string | null>;
  /** Of these quotes, in this order, those whose details are not stored or were fetched before the list last moved. */
  withoutFreshDetails(accountId: string, quoteIds: readonly string[]): string[];
  /** Every quote of one account, or of all accounts. */
  allQuotes(accountId?: string): QuoteRow[];
  /** Every quote without its JSON documents or hashes, one at a time: what the inbox index loads at start. */
  inboxRows(): IterableIterator<InboxSourceRow>;
  /** The same rows in slices, in the file's order after rowid `after`: the index built a slice at a time. `last` is where the next slice starts. */
  inboxRowSlice(after: number, limit: number): { rows: InboxSourceRow[]; last: number };
  /** An account's first `limit` rows newest first (quote date, then quote id): the index's order, read from the file's own index. */
  newestInboxRows(accountId: string, limit: number): InboxSourceRow[];
  /** An account's quotes newest first (the index's order), with what says whether they wait for a decision: no other column, no JSON. */
  statusesNewestFirst(accountId: string): { quoteId: string; status: QuoteStatus; quoteNumber: string | null }[];
  /** How many quotes each account holds. */
  quoteCounts(): Map<string, number>;

  /** Adds a distinct version of a quote's details; false when that content was already kept. */
  addRevision(row: RevisionRow): boolean;
  /** Oldest first. */
  revisions(accountId: string, quoteId: string): RevisionRow[];

  getPdf(accountId: string, quoteId: string): PdfRow | null;
  putPdf(row: PdfRow): void;
  deletePdf(accountId: string, quoteId: string): void;
  allPdfs(): PdfRow[];
  markPdfOutdated(accountId: string, quoteId: string): boolean;
  touchPdf(accountId: string, quoteId: string, at: number): void;

  getAccount(accountId: string): AccountRow | null;
  allAccounts(): AccountRow[];
  putAccount(row: AccountRow): void;
  /** Forgets everything of an account (quotes, revisions, PDF index rows). */
  removeAccount(accountId: string): void;

  close(): void;
}

export interface StoreProblem {
  path: string;
  /** Where the unreadable copy was kept, or null when it could not be moved. */
  keptAt: string | null;
  reason: string;
}

/** The columns the inbox sorts and filters on: laid out first in a row, read without any JSON. */
export interface QuoteColumns {
  status: QuoteStatus;
  quoteNumber: string | null;
  projectName: string | null;
  companyName: string | null;
  referenceNumber: string | null;
  totalAmount: number | null;
  currency: string | null;
  quoteDate: string | null;
  deadlineForQuote: string | null;
  projectDueDate: string | null;
  validUntil: string | null;
}

/**
 * One quote of one account: its columns, the rest of its last list item, and which version
 * of its details is current. The details themselves are stored once, as a revision.
 */
export interface QuoteRow extends QuoteColumns {
  accountId: string;
  quoteId: string;
  /** What the last list item holds beyond the columns, as JSON (database/list-document.ts); null when only details were seen. */
  listRest: string | null;
  listHash: string | null;
  /** The hash of the current details: the revision that holds them. */
  detailsHash: string | null;
  /** The list item's hash when the details were fetched: a later list change makes the details stale. */
  detailsListHash: string | null;
  detailsFetchedAt: number | null;
  /** The service types and target markets of the current details' pricing; null when no details were fetched. */
  serviceTypes: readonly string[] | null;
  targetMarkets: readonly string[] | null;
  /** When this row was last written (local clock). */
  storedAt: number;
}

/** What the inbox index keeps of a quote: its columns, and whether its details were fetched. */
export type InboxSourceRow = QuoteColumns & {
  accountId: string;
  quoteId: string;
  hasDetails: boolean;
  /**
   * The service types and target markets of the details' pricing (facets of the inbox).
   * Undefined when not known (no details fetched; a list item does not carry them): the
   * index keeps what it had. Stored beside the columns, so they are known after a restart.
   */
  serviceTypes?: readonly string[];
  targetMarkets?: readonly string[];
};

export interface RevisionRow {
  accountId: string;
  quoteId: string;
  /** sha-256 of the canonical JSON of the details. */
  hash: string;
  detailsJson: string;
  firstSeenAt: number;
}

export interface PdfRow {
  accountId: string;
  quoteId: string;
  /** The quote version the file belongs to (details hash, else list hash). */
  version: string;
  /** File name inside the PDF folder. */
  file: string;
  bytes: number;
  fetchedAt: number;
  lastUsedAt: number;
  outdated: boolean;
}

export interface AccountRow {
  accountId: string;
  access: KeyAccess | null;
  /** End of the last complete list sync. */
  lastSyncedAt: number | null;
}

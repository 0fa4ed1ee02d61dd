import type { KeyAccess, QuoteStatus } from '../../../preload/contract';

/**
 * The port of the embedded database. Synchronous on purpose: node:sqlite is, one write is
 * about a millisecond, and a synchronous store keeps "compare with the cache, then store"
 * free of interleavings (the dedupe of changes relies on it).
 */
export interface QuoteStore {
  readonly path: string;
  readonly schemaVersion: number;
  /** Database files set aside at open because they could not be read. */
  readonly problems: readonly StoreProblem[];
  /** Runs `work` in one transaction: all of its writes land, or none. */
  transaction<T>(work: () => T): T;

  getQuote(accountId: string, quoteId: string): QuoteRow | null;
  putQuote(row: QuoteRow): void;
  /** Which of these quotes are stored, with their list-item hash (null when only details were seen): an unchanged page is skipped without reading rows. */
  listHashes(accountId: string, quoteIds: readonly string[]): Map<string, string | null>;
  /** Of these quotes, in this order, those whose details are not stored or were fetched before the list last moved. */
  withoutFreshDetails(accountId: string, quoteIds: readonly string[]): string[];
  /** Every quote of one account, or of all accounts. */
  allQuotes(accountId?: string): QuoteRow[];
  /** Every quote without its JSON documents or hashes, one at a time: what the inbox index loads at start. */
  inboxRows(): IterableIterator<InboxSourceRow>;

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

/** One quote of one account: the last list item and the last details, plus the columns the inbox sorts and filters on. */
export interface QuoteRow {
  accountId: string;
  quoteId: string;
  /** The last list item as JSON (null when only details were ever seen). */
  listJson: string | null;
  listHash: string | null;
  detailsJson: string | null;
  detailsHash: string | null;
  /** The list item's hash when the details were fetched: a later list change makes the details stale. */
  detailsListHash: string | null;
  detailsFetchedAt: number | null;
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
  /** When this row was last written (local clock). */
  storedAt: number;
}

/** What the inbox index keeps of a quote: its columns, and whether its details were fetched. */
export type InboxSourceRow = Omit<QuoteRow, 'listJson' | 'listHash' | 'detailsJson' | 'detailsHash' | 'detailsListHash' | 'detailsFetchedAt' | 'storedAt'> & {
  hasDetails: boolean;
  /**
   * The service types and target markets of the details' pricing (facets of the inbox).
   * Undefined when not known (a list item does not carry them): the index keeps what it had.
   * Not stored yet: after a restart they are known again once the details are fetched.
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

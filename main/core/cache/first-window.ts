// The inbox's first window read from the database while the in-memory index is still being
// built (cache/quotes.ts builds it in slices). Only the questions the file's quotes_newest
// index answers exactly, with the same rows the index would give:
// - newest first, no search, no filter (stages, facets, needs action, expiring, chosen
//   quotes), a window within the first MAX_END rows, of one account or all;
// - while no two accounts are on one service: then no quote is shared, each row is one
//   account's quote with that account's view alone. With shared quotes (a client key and
//   the internal key of one service), the rows merge across accounts, which the index does:
//   such a query waits for it.
import type { KeyAccess } from '../../../preload/contract';
import type { InboxSourceRow, PdfRow, QuoteStore } from '../database/types';
import { quoteDateMs } from '../database/sort-keys';
import { needsAction, stageOf } from './inbox';
import { searchWords } from './inbox/status';
import type { InboxQuery, InboxRow, InboxWindow, PdfBadge } from './inbox';

/** Beyond this the index is as quick to wait for as the rows are to read. */
const MAX_END = 1_000;

export interface FirstWindowFacts {
  access: ReadonlyMap<string, KeyAccess>;
  /** The accounts' services (namespaces): an account without one keeps its quotes to itself. */
  services: ReadonlyMap<string, string>;
  pdfs: readonly PdfRow[];
}

/** Whether the file alone answers this query exactly (see above). */
export function answersFromFile(query: InboxQuery, services: ReadonlyMap<string, string>): boolean {
  const none = (values: readonly unknown[] | undefined) => values === undefined || values.length === 0;
  return (
    query.sort === 'newest' &&
    query.offset + query.limit <= MAX_END &&
    query.needsAction === undefined &&
    query.expiringWithinDays === undefined &&
    query.quoteIds === undefined &&
    searchWords(query.search).length === 0 &&
    [query.stages, query.companies, query.currencies, query.serviceTypes, query.targetMarkets, query.dueDate, query.validUntil].every(none) &&
    new Set(services.values()).size === services.size
  );
}

/** The window the index would give for a query `answersFromFile` accepts. */
export function firstWindowFromFile(store: QuoteStore, query: InboxQuery, facts: FirstWindowFacts): InboxWindow {
  const counts = store.quoteCounts();
  const accounts = query.accountId === undefined ? [...counts.keys()] : counts.has(query.accountId) ? [query.accountId] : [];
  const end = query.offset + query.limit;
  const namespaceOf = (accountId: string) => facts.services.get(accountId) ?? `\u0001${accountId}`;
  // Each account's first `end` rows in the index's order; merged, ties (one quote id in two
  // accounts of different services) broken by namespace as the index breaks them. (SQLite
  // orders quote ids by their UTF-8 bytes, the index by UTF-16 units: the same order unless
  // an id mixes characters beyond U+FFFF with ones above U+E000; the service's ids are ASCII.)
  const candidates = accounts.flatMap((accountId) => store.newestInboxRows(accountId, end).map((row) => ({ row, key: -quoteDateMs(row.quoteDate), namespace: namespaceOf(accountId) })));
  candidates.sort((a, b) => (a.key !== b.key ? (a.key < b.key ? -1 : 1) : a.row.quoteId !== b.row.quoteId ? (a.row.quoteId < b.row.quoteId ? -1 : 1) : a.namespace < b.namespace ? -1 : a.namespace > b.namespace ? 1 : 0));
  const pdfs = new Map(facts.pdfs.map((pdf) => [`${pdf.accountId}\u0000${pdf.quoteId}`, pdf.outdated ? ('outdated' as const) : ('cached' as const)]));
  const rows = candidates.slice(query.offset, end).map(({ row }) => rowOfSource(row, facts.access.get(row.accountId) ?? 'internal', pdfs.get(`${row.accountId}\u0000${row.quoteId}`) ?? 'none'));
  const total = accounts.reduce((sum, accountId) => sum + counts.get(accountId)!, 0);
  return { rows, total, offset: query.offset };
}

/** A quote seen by one account only, as the index's rowOf shows it. */
function rowOfSource(row: InboxSourceRow, access: KeyAccess, pdf: PdfBadge): InboxRow {
  const stage = stageOf(row.status, row.quoteNumber);
  const waiting = needsAction(access, row.status, row.quoteNumber);
  return {
    accountId: row.accountId,
    quoteId: row.quoteId,
    quoteNumber: row.quoteNumber,
    projectName: row.projectName,
    companyName: row.companyName,
    referenceNumber: row.referenceNumber,
    status: row.status,
    stage,
    needsAction: waiting,
    totalAmount: row.totalAmount,
    currency: row.currency,
    quoteDate: row.quoteDate,
    deadlineForQuote: row.deadlineForQuote,
    projectDueDate: row.projectDueDate,
    validUntil: row.validUntil,
    hasDetails: row.hasDetails,
    pdf,
    accounts: [{ accountId: row.accountId, status: row.status, stage, needsAction: waiting }],
  };
}

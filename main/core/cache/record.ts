// Compare-and-store: what a producer saw against what the cache holds, written as the few
// rows that really changed. Runs inside the caller's transaction (quotes.ts).
import type { QuoteDetails, QuoteListItem } from '../../../preload/contract';
import { listItem, listRest } from '../database/list-document';
import { facetColumnsOf } from '../database/facet-columns';
import type { QuoteColumns, QuoteRow, QuoteStore } from '../database/types';
import type { QuoteChange, StoredQuote } from './events';
import { canonicalJson, hashText } from './hash';
import { versionOfDetailsHash } from './quote-version';

/** What one write did: the changes to report, and the rows as now stored (for the inbox index). */
export interface Recorded {
  stored: StoredQuote[];
  rows: QuoteRow[];
}

export function recordList(store: QuoteStore, accountId: string, items: QuoteListItem[], now: number, into: Recorded): void {
  const known = store.listHashes(accountId, items.map((item) => item.id));
  for (const item of items) {
    const json = canonicalJson(item);
    const hash = hashText(json);
    if (known.get(item.id) === hash) continue;
    const old = known.has(item.id) ? store.getQuote(accountId, item.id) : null;
    const columns = columnsOf(item, item.companyName);
    const row: QuoteRow = {
      ...(old ?? emptyRow(accountId, item.id)),
      ...columns,
      listRest: listRest(item, item.id, columns),
      listHash: hash,
      storedAt: now,
    };
    store.putQuote(row, old);
    into.rows.push(row);
    const changes = changesBetween(old, row);
    if (changes.length > 0) into.stored.push(storedQuote(row, changes));
  }
}

export function recordDetails(store: QuoteStore, accountId: string, details: QuoteDetails, now: number, into: Recorded): void {
  const json = canonicalJson(details);
  const hash = hashText(json);
  const old = store.getQuote(accountId, details.id);
  if (old?.detailsHash === hash) {
    // Nothing changed, but they were just read: fresh again (a decision trusts them for a
    // minute from now, and a list that moved since the last fetch no longer makes them stale).
    store.touchDetails(accountId, details.id, now, old.listHash);
    return;
  }
  const added = store.addRevision({ accountId, quoteId: details.id, hash, detailsJson: json, firstSeenAt: now });
  const columns = columnsOf(details, details.company.name);
  const row: QuoteRow = {
    ...(old ?? emptyRow(accountId, details.id)),
    ...columns,
    // The list item stays as listed: what the details moved is kept in its rest, not taken from the columns.
    listRest: old?.listRest == null || sameColumns(old, columns) ? (old?.listRest ?? null) : listRest(listItem(old.quoteId, old, old.listRest), old.quoteId, columns),
    ...facetColumnsOf(details),
    detailsHash: hash,
    detailsListHash: old?.listHash ?? null,
    detailsFetchedAt: now,
    storedAt: now,
  };
  const changes = changesBetween(old, row);
  if (added && old?.detailsHash) changes.push({ kind: 'revised', revision: store.revisions(accountId, details.id).length });
  store.putQuote(row, old);
  into.rows.push(row);
  if (changes.length > 0) into.stored.push(storedQuote(row, changes));
}

/** The version a PDF belongs to: the details' content when known, else the list item's. */
export function versionOf(row: Pick<QuoteRow, 'detailsHash' | 'listHash'>): string {
  return row.detailsHash ?? row.listHash ?? 'unknown';
}

function emptyRow(accountId: string, quoteId: string): QuoteRow {
  return {
    accountId, quoteId, listRest: null, listHash: null, detailsHash: null, detailsListHash: null, detailsFetchedAt: null, serviceTypes: null, targetMarkets: null,
    status: 'PENDING', quoteNumber: null, projectName: null, companyName: null, referenceNumber: null, totalAmount: null, currency: null,
    quoteDate: null, deadlineForQuote: null, projectDueDate: null, validUntil: null, storedAt: 0,
  };
}

function columnsOf(quote: QuoteListItem | QuoteDetails, companyName: string | null): QuoteColumns {
  return {
    status: quote.status,
    quoteNumber: quote.quoteNumber,
    projectName: quote.projectName,
    companyName,
    referenceNumber: quote.referenceNumber ?? null,
    totalAmount: quote.totalPrice?.amount ?? null,
    currency: quote.totalPrice?.currency ?? null,
    quoteDate: quote.quoteDate,
    deadlineForQuote: quote.deadlineForQuote,
    projectDueDate: quote.projectDueDate,
    validUntil: quote.validUntil ?? null,
  };
}

const COLUMN_NAMES = ['status', 'quoteNumber', 'projectName', 'companyName', 'referenceNumber', 'totalAmount', 'currency', 'quoteDate', 'deadlineForQuote', 'projectDueDate', 'validUntil'] as const satisfies readonly (keyof QuoteColumns)[];

function sameColumns(a: QuoteColumns, b: QuoteColumns): boolean {
  return COLUMN_NAMES.every((name) => a[name] === b[name]);
}

const OTHER_FIELDS = ['quoteNumber', 'projectName', 'companyName', 'referenceNumber', 'quoteDate', 'deadlineForQuote', 'projectDueDate', 'validUntil'] as const;

/** The changes a person would care about between the stored row and the new one. */
function changesBetween(old: QuoteRow | null, row: QuoteRow): QuoteChange[] {
  if (!old) return [{ kind: 'new' }];
  const changes: QuoteChange[] = [];
  if (old.status !== row.status) changes.push({ kind: 'status', from: old.status, to: row.status });
  if (old.totalAmount !== row.totalAmount || old.currency !== row.currency) {
    changes.push({ kind: 'pricing', from: moneyOf(old), to: moneyOf(row) });
  }
  const fields = OTHER_FIELDS.filter((field) => old[field] !== row[field]);
  if (fields.length > 0) changes.push({ kind: 'updated', fields });
  return changes;
}

function moneyOf(row: QuoteColumns): { amount: number; currency: string } | null {
  return row.totalAmount === null || row.currency === null ? null : { amount: row.totalAmount, currency: row.currency };
}

/** What was stored, as the listeners need it: no one reads the quote back to word a notification. */
function storedQuote(row: QuoteRow, changes: QuoteChange[]): StoredQuote {
  return {
    quoteId: row.quoteId,
    quoteNumber: row.quoteNumber,
    projectName: row.projectName,
    companyName: row.companyName,
    status: row.status,
    totalPrice: moneyOf(row),
    // Details behind the list are not what a view of the quote would show once read again.
    version: row.detailsHash !== null && row.detailsListHash === row.listHash ? versionOfDetailsHash(row.detailsHash) : null,
    changes,
  };
}

import type { KeyAccess, QuoteStatus } from '../../../preload/contract';
import type { InboxSourceRow, PdfRow } from '../store/types';

/**
 * Client-facing stages. A client key's PENDING covers both a quote still in preparation
 * (no quote number yet) and one sent and awaiting the client's decision.
 */
export const INBOX_STAGES = ['in-preparation', 'awaiting-decision', 'revised', 'accepted', 'declined', 'expired', 'cancelled', 'in-project'] as const;
export type InboxStage = (typeof INBOX_STAGES)[number];

export const INBOX_SORTS = ['newest', 'due', 'value', 'expiry'] as const;
export type InboxSort = (typeof INBOX_SORTS)[number];

export type PdfBadge = 'none' | 'cached' | 'outdated';

export interface InboxQuery {
  accountId?: string;
  stages?: readonly InboxStage[];
  needsAction?: boolean;
  /** Only quotes needing action whose validity ends within this many days from `now`. */
  expiringWithinDays?: number;
  /** Words that must all appear in the project name, quote number, company or reference. */
  search?: string;
  sort: InboxSort;
  offset: number;
  limit: number;
  /** Milliseconds since the epoch, for "expiring soon". */
  now: number;
}

export interface InboxRow {
  accountId: string;
  quoteId: string;
  quoteNumber: string | null;
  projectName: string | null;
  companyName: string | null;
  referenceNumber: string | null;
  status: QuoteStatus;
  stage: InboxStage;
  needsAction: boolean;
  totalAmount: number | null;
  currency: string | null;
  quoteDate: string | null;
  deadlineForQuote: string | null;
  projectDueDate: string | null;
  validUntil: string | null;
  hasDetails: boolean;
  pdf: PdfBadge;
}

/**
 * A quote needing action as the index holds it: what a reminder shows, read without parsing
 * the quote's stored JSON. The fields are the stored columns, which the last list item or
 * details written to the cache set.
 */
export interface QuoteAtAGlance {
  id: string;
  quoteNumber: string | null;
  projectName: string | null;
  companyName: string | null;
  status: QuoteStatus;
  totalPrice: { amount: number; currency: string } | null;
  validUntil: string | null;
}

export interface InboxWindow {
  rows: InboxRow[];
  /** How many rows match the filters in all (the window is a slice of them). */
  total: number;
  offset: number;
}

interface Entry {
  row: InboxRow;
  /** Lower-cased, accent-free project name, quote number, company and reference. */
  haystack: string;
  quoteDateMs: number;
  dueMs: number;
  validUntilMs: number;
}

/** Whether a quote in this stored status waits for the account manager's client. */
export function needsAction(access: KeyAccess, status: QuoteStatus, quoteNumber: string | null): boolean {
  if (access === 'client') return (status === 'PENDING' && quoteNumber !== null) || status === 'REVISED';
  return status === 'SENT' || status === 'SENT_PENDING' || status === 'REVISED' || status === 'SENT_REVISED';
}

export function stageOf(status: QuoteStatus, quoteNumber: string | null): InboxStage {
  switch (status) {
    case 'PENDING':
      // A client key also sees SENT and SENT_PENDING as PENDING: the quote number tells them apart.
      return quoteNumber === null ? 'in-preparation' : 'awaiting-decision';
    case 'SENT':
    case 'SENT_PENDING':
      return 'awaiting-decision';
    case 'REVISED':
    case 'SENT_REVISED':
      return 'revised';
    case 'ACCEPTED':
      return 'accepted';
    case 'REJECTED':
      return 'declined';
    case 'EXPIRED':
      return 'expired';
    case 'CANCELLED':
      return 'cancelled';
    case 'CHANGED_TO_PROJECT':
      return 'in-project';
  }
}

export function foldForSearch(text: string): string {
  // Most text is ASCII: skip the (costly) decomposition when there is nothing to fold.
  const lower = text.toLowerCase();
  return /[^\u0000-\u007f]/.test(lower) ? lower.normalize('NFD').replace(/[\u0300-\u036f]/g, '') : lower;
}

const DAY_MS = 86_400_000;
const time = (value: string | null, missing: number): number => {
  if (value === null) return missing;
  const parsed = Date.parse(value);
  return Number.isNaN(parsed) ? missing : parsed;
};

/**
 * The inbox's in-memory index over the cache: every quote of every account as a small
 * row with its search text folded once. A query walks one pre-sorted array and keeps the
 * rows in the window, so a keystroke costs one pass over the rows, not a sort.
 */
export class InboxIndex {
  /** By account, then by quote: no key string per quote (10,000 of them are a megabyte). */
  private readonly entries = new Map<string, Map<string, Entry>>();
  private readonly access = new Map<string, KeyAccess>();
  private readonly pdfs = new Map<string, PdfBadge>();
  private sorted = new Map<InboxSort, Entry[]>();
  /** While loading: one copy of each repeated value (account, status, company, currency, dates). */
  private shared: Map<string, string> | null = null;

  load(rows: Iterable<InboxSourceRow>, access: ReadonlyMap<string, KeyAccess>, pdfs: readonly PdfRow[]): void {
    this.entries.clear();
    this.access.clear();
    this.pdfs.clear();
    for (const [accountId, kind] of access) this.access.set(accountId, kind);
    for (const pdf of pdfs) this.pdfs.set(key(pdf.accountId, pdf.quoteId), pdf.outdated ? 'outdated' : 'cached');
    this.shared = new Map();
    try {
      for (const row of rows) this.put(row);
    } finally {
      this.shared = null;
    }
  }

  setAccess(accountId: string, access: KeyAccess): void {
    if (this.access.get(accountId) === access) return;
    this.access.set(accountId, access);
    for (const entry of this.entries.get(accountId)?.values() ?? []) this.put(entry.row);
  }

  put(row: InboxSourceRow): void {
    const access = this.access.get(row.accountId) ?? 'internal';
    const accountId = this.share(row.accountId);
    const inboxRow: InboxRow = {
      accountId,
      quoteId: row.quoteId,
      quoteNumber: row.quoteNumber,
      projectName: row.projectName,
      companyName: this.share(row.companyName),
      referenceNumber: row.referenceNumber,
      status: this.share(row.status),
      stage: stageOf(row.status, row.quoteNumber),
      needsAction: needsAction(access, row.status, row.quoteNumber),
      totalAmount: row.totalAmount,
      currency: this.share(row.currency),
      quoteDate: row.quoteDate,
      deadlineForQuote: this.share(row.deadlineForQuote),
      projectDueDate: this.share(row.projectDueDate),
      validUntil: row.validUntil,
      hasDetails: row.hasDetails,
      pdf: this.pdfs.get(key(row.accountId, row.quoteId)) ?? 'none',
    };
    let account = this.entries.get(accountId);
    if (!account) this.entries.set(accountId, (account = new Map()));
    account.set(row.quoteId, {
      row: inboxRow,
      haystack: foldForSearch([row.projectName, row.quoteNumber, row.companyName, row.referenceNumber].filter(Boolean).join('\u0000')),
      quoteDateMs: time(row.quoteDate, 0),
      dueMs: time(row.projectDueDate, Number.POSITIVE_INFINITY),
      validUntilMs: time(row.validUntil, Number.POSITIVE_INFINITY),
    });
    this.sorted.clear();
  }

  /** The copy of `value` the index already holds, while loading; values read from SQLite are new strings each time. */
  private share<T extends string | null>(value: T): T {
    if (value === null || this.shared === null) return value;
    const known = this.shared.get(value);
    if (known !== undefined) return known as T;
    this.shared.set(value, value);
    return value;
  }

  setPdf(accountId: string, quoteId: string, badge: PdfBadge): void {
    const id = key(accountId, quoteId);
    if (badge === 'none') this.pdfs.delete(id);
    else this.pdfs.set(id, badge);
    const entry = this.entries.get(accountId)?.get(quoteId);
    // Rows are handed out as copies, so changing the badge in place is safe and keeps the sort.
    if (entry) entry.row = { ...entry.row, pdf: badge };
  }

  removeAccount(accountId: string): void {
    this.entries.delete(accountId);
    for (const id of [...this.pdfs.keys()]) if (id.startsWith(`${accountId}\u0000`)) this.pdfs.delete(id);
    this.access.delete(accountId);
    this.sorted.clear();
  }

  get size(): number {
    let size = 0;
    for (const account of this.entries.values()) size += account.size;
    return size;
  }

  query(query: InboxQuery): InboxWindow {
    const words = query.search ? foldForSearch(query.search).split(/\s+/).filter(Boolean) : [];
    const stages = query.stages && query.stages.length > 0 ? new Set(query.stages) : null;
    const expiringBefore = query.expiringWithinDays === undefined ? null : query.now + query.expiringWithinDays * DAY_MS;
    const rows: InboxRow[] = [];
    const end = query.offset + query.limit;
    let total = 0;
    for (const entry of this.sortedBy(query.sort)) {
      const row = entry.row;
      if (query.accountId !== undefined && row.accountId !== query.accountId) continue;
      if (stages && !stages.has(row.stage)) continue;
      if (query.needsAction !== undefined && row.needsAction !== query.needsAction) continue;
      if (expiringBefore !== null && !(row.needsAction && entry.validUntilMs >= query.now && entry.validUntilMs <= expiringBefore)) continue;
      if (words.length > 0 && !words.every((word) => entry.haystack.includes(word))) continue;
      if (total >= query.offset && total < end) rows.push({ ...row });
      total += 1;
    }
    return { rows, total, offset: query.offset };
  }

  /** The IDs of an account's quotes needing action, newest first: what a query would return, without copying each row. */
  needingAction(accountId: string): string[] {
    return this.rowsNeedingAction(accountId).map((row) => row.quoteId);
  }

  /** An account's quotes needing action, newest first, with the fields a reminder shows. */
  needingActionAtAGlance(accountId: string): QuoteAtAGlance[] {
    return this.rowsNeedingAction(accountId).map((row) => ({
      id: row.quoteId,
      quoteNumber: row.quoteNumber,
      projectName: row.projectName,
      companyName: row.companyName,
      status: row.status,
      // The columns split a price in two; a price always has both (Money requires them).
      totalPrice: row.totalAmount === null || row.currency === null ? null : { amount: row.totalAmount, currency: row.currency },
      validUntil: row.validUntil,
    }));
  }

  private rowsNeedingAction(accountId: string): InboxRow[] {
    const rows: InboxRow[] = [];
    for (const entry of this.sortedBy('newest')) if (entry.row.accountId === accountId && entry.row.needsAction) rows.push(entry.row);
    return rows;
  }

  private sortedBy(sort: InboxSort): Entry[] {
    let list = this.sorted.get(sort);
    if (!list) {
      list = [...this.entries.values()].flatMap((account) => [...account.values()]).sort(COMPARE[sort]);
      this.sorted.set(sort, list);
    }
    return list;
  }
}

const key = (accountId: string, quoteId: string) => `${accountId}\u0000${quoteId}`;
const tieBreak = (a: Entry, b: Entry) => (a.row.quoteId < b.row.quoteId ? -1 : a.row.quoteId > b.row.quoteId ? 1 : 0);
const COMPARE: Record<InboxSort, (a: Entry, b: Entry) => number> = {
  newest: (a, b) => b.quoteDateMs - a.quoteDateMs || tieBreak(a, b),
  due: (a, b) => ascending(a.dueMs, b.dueMs) || tieBreak(a, b),
  value: (a, b) => (b.row.totalAmount ?? Number.NEGATIVE_INFINITY) - (a.row.totalAmount ?? Number.NEGATIVE_INFINITY) || tieBreak(a, b),
  expiry: (a, b) => ascending(a.validUntilMs, b.validUntilMs) || tieBreak(a, b),
};
/** Infinity (no date) sorts last; Infinity - Infinity would be NaN. */
function ascending(a: number, b: number): number {
  if (a === b) return 0;
  return a < b ? -1 : 1;
}

import type { QuoteStatus } from '../../../../preload/contract';
import type { QuoteFacts } from './facts';
import type { QuoteStage } from '../../../../preload/contract/plain/stages';
import { INBOX_SORT_VALUES } from '../../../../preload/contract/plain/inbox-sorts';
import type { InboxSortValue } from '../../../../preload/contract/plain/inbox-sorts';

/**
 * Client-facing stages, the app's one list (plain/stages.ts). A client key's PENDING covers
 * both a quote still in preparation (no quote number yet) and one sent and awaiting the
 * client's decision.
 */
export { QUOTE_STAGES as INBOX_STAGES } from '../../../../preload/contract/plain/stages';
export type InboxStage = QuoteStage;

/** Every order in each direction (plain/inbox-sorts.ts): the index keeps one sorted order per value asked for. */
export const INBOX_SORTS: readonly InboxSort[] = INBOX_SORT_VALUES;
export type InboxSort = InboxSortValue;

export type PdfBadge = 'none' | 'cached' | 'outdated';

/** Where a project's due date falls from today (UTC days): the due-date facet. */
export const DUE_RANGES = ['overdue', 'next-7-days', 'next-30-days', 'later', 'none'] as const;
export type DueRange = (typeof DUE_RANGES)[number];
/** Where a quote's validity ends from now: the valid-until facet. */
export const VALIDITY_RANGES = ['ended', 'next-7-days', 'next-30-days', 'later', 'none'] as const;
export type ValidityRange = (typeof VALIDITY_RANGES)[number];

/** Facet filters: within one facet any value may match; every facet given must match. */
export interface InboxFilters {
  companies?: readonly string[];
  currencies?: readonly string[];
  serviceTypes?: readonly string[];
  targetMarkets?: readonly string[];
  dueDate?: readonly DueRange[];
  validUntil?: readonly ValidityRange[];
}

export interface InboxQuery extends InboxFilters {
  accountId?: string;
  stages?: readonly InboxStage[];
  needsAction?: boolean;
  /** Only quotes needing action whose validity ends within this many days from `now`. */
  expiringWithinDays?: number;
  /** Words that must all appear in the project name, quote number, company or reference. */
  search?: string;
  /** Only these quotes (by quote id). */
  quoteIds?: readonly string[];
  /** Never these quotes (by quote id): the snoozed, which leave every view and its counts. */
  hidden?: ReadonlySet<string>;
  sort: InboxSort;
  offset: number;
  limit: number;
  /** Milliseconds since the epoch, for "expiring soon" and the date ranges. */
  now: number;
}

/** The filters of a facet count: a query without its order and window. */
export type InboxFacetQuery = Omit<InboxQuery, 'sort' | 'offset' | 'limit'>;

/** One account's view of a quote: a client key and the internal key see different statuses. */
export interface InboxRowAccount {
  accountId: string;
  status: QuoteStatus;
  stage: InboxStage;
  needsAction: boolean;
}

/**
 * One quote as the inbox lists it. In a query of one account, `accountId`, `status`, `stage`
 * and `needsAction` are that account's view; across accounts, those of the account a
 * decision goes through by default (one that needs action, a client key first).
 */
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
  /** Every account that sees this quote, with its view of it (the row's account first). */
  accounts: InboxRowAccount[];
}

export interface InboxWindow {
  rows: InboxRow[];
  /** How many quotes match the filters in all (the window is a slice of them). */
  total: number;
  offset: number;
}

export interface FacetCount<V extends string = string> {
  value: V;
  count: number;
}

/**
 * Counts of quotes per facet value, for the current search, stages and filters. Each facet
 * is counted with every filter but its own, so a chosen company still shows the others'.
 */
export interface InboxFacets {
  /** Quotes matching everything, as the query's total. */
  total: number;
  stages: FacetCount<InboxStage>[];
  companies: FacetCount[];
  currencies: FacetCount[];
  serviceTypes: FacetCount[];
  targetMarkets: FacetCount[];
  dueDate: FacetCount<DueRange>[];
  validUntil: FacetCount<ValidityRange>[];
  /**
   * Of the quotes the facets count over (before the facet filters), how many have known
   * service types and target markets: until `known` reaches `total` those two facets are partial.
   */
  coverage: FacetCoverage;
}

export interface FacetCoverage {
  known: number;
  total: number;
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

/**
 * The quotes a selection holds as the index's columns (InboxIndex.selected): the `count`
 * first entries of `ordinals` index `facts`; `stages` are their stages' places in
 * INBOX_STAGES as the scope shows them; `names` turn the facts' value ids into values. Read
 * it at once: a later change to the index moves what it points at.
 */
export interface SelectedQuotes {
  count: number;
  ordinals: Int32Array;
  stages: Uint8Array;
  facts: Readonly<QuoteFacts>;
  names: { companies: readonly string[]; currencies: readonly string[]; serviceTypes: readonly string[]; targetMarkets: readonly string[] };
  /** The id of the quote at this place of `ordinals`. */
  quoteIdOf(at: number): string;
}

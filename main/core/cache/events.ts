import type { Money, QuoteDetails, QuoteListItem, QuoteStatus } from '../../../preload/contract';

/** Who saw a quote's new state. */
export type ChangeSource = 'sync' | 'webhook' | 'decision' | 'open';

/** What a producer saw: list items (a page) or one quote's details. The cache decides whether it is a change. */
export type QuoteObservation =
  | { kind: 'list'; items: QuoteListItem[] }
  | { kind: 'details'; details: QuoteDetails };

/** One real change of one quote, reported once, by whichever source saw it first. */
export type QuoteChange =
  | { kind: 'new' }
  | { kind: 'status'; from: QuoteStatus; to: QuoteStatus }
  | { kind: 'pricing'; from: Money | null; to: Money | null }
  /** A new distinct version of the details was kept; `revision` counts them from 1. */
  | { kind: 'revised'; revision: number }
  /** Other fields moved (names, dates, reference). */
  | { kind: 'updated'; fields: string[] };

/** One quote as the cache stored it, with what changed: everything a listener words or counts, so none reads it back. */
export interface StoredQuote {
  quoteId: string;
  quoteNumber: string | null;
  projectName: string | null;
  companyName: string | null;
  status: QuoteStatus;
  totalPrice: Money | null;
  /** quotes.detail's `version` of it now; null (or left out by a test's stand-in) when its details are not stored or are behind its list. */
  version?: string | null;
  changes: QuoteChange[];
}

export type QuoteEvents = {
  /**
   * Quotes whose stored state really changed, once per change whatever saw it.
   * `baseline` is true while an account's cache is first filled: nothing there is news.
   */
  'quotes.stored': { accountId: string; source: ChangeSource; baseline: boolean; quotes: StoredQuote[] };
  /**
   * Details were stored (or refused) for quotes of an account: their service types and target
   * markets may be known now, though nothing a person is told of changed. The inbox reads its
   * facet counts again.
   */
  'quotes.described': { accountId: string; count: number };
};

export type PdfEvents = {
  /** Bytes of a PDF download so far; `total` when the server said. */
  'pdf.progress': { accountId: string; quoteId: string; bytes: number; total: number | null };
  /** A PDF was cached (or dropped: `cached` false) or marked outdated. */
  'pdf.changed': { accountId: string; quoteId: string; cached: boolean; outdated: boolean };
};

// Part of every domain event (main/core/events/catalog.ts): declared here, where they are published.
declare module '../events/catalog' {
  interface DomainEvents extends QuoteEvents {}
  interface DomainEvents extends PdfEvents {}
}

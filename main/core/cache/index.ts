export { createQuoteCache, versionOf } from './quotes';
export type { CachedQuote, QuoteCache, QuoteRevision, QuoteSeen } from './quotes';
export { diffQuotes } from './diff';
export type { FieldChange, LineChange, LineFigures, LinePlace, QuoteDiff, TotalChange } from './diff';
export { DUE_RANGES, InboxIndex, INBOX_SORTS, INBOX_STAGES, needsAction, stageOf, VALIDITY_RANGES } from './inbox';
export type {
  DueRange, FacetCount, InboxFacetQuery, InboxFacets, InboxFilters, InboxQuery, InboxRow, InboxRowAccount, InboxSort, InboxStage, InboxWindow, PdfBadge,
  QuoteAtAGlance, ValidityRange,
} from './inbox';
export { createPdfCache, DEFAULT_PDF_OPTIONS } from './pdfs';
export type { CachedPdf, KeepOfflineOutcome, PdfCache, PdfCacheDeps, PdfCacheOptions, PdfStatus, QuoteToKeep } from './pdfs';
export { fetchPdfFile, PDF_TEMP_PATTERN } from './pdf-file';
export type { PdfFileSystem } from './pdf-file';
export type * from './events';
export { forgetOrphanAccounts } from './orphans';
export { followAccountServices } from './account-services';
export type { FollowedServices } from './account-services';

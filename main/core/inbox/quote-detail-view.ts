import type { KeyAccess } from '../../../preload/contract';
import type { QuoteDetailView } from '../../../preload/contract/bridge/inbox';
import type { PdfCache, QuoteCache } from '../cache';
import { quoteVersion } from '../cache/quote-version';
import { AppError } from '../errors';

export interface QuoteDetailSources {
  cache: Pick<QuoteCache, 'get' | 'revisions' | 'diff'>;
  pdfs: Pick<PdfCache, 'status'>;
}

/**
 * One quote as the quote view shows it, read from the cache alone: 'quotes.detail' answers
 * with it, and so does a decision (the quote it stored), so the view never reads it again.
 */
export function quoteDetailView(
  sources: QuoteDetailSources,
  accountId: string,
  quoteId: string,
  access: KeyAccess,
  source: 'service' | 'cache',
  notice: string | null,
): QuoteDetailView {
  const { cache, pdfs } = sources;
  const cached = cache.get(accountId, quoteId);
  if (!cached) throw new AppError('not-found', 'This quote is not in the cache yet: it will be there after the next sync');
  const revisions = cache.revisions(accountId, quoteId);
  return {
    accountId,
    quoteId,
    list: cached.list,
    details: cached.details,
    source,
    fetchedAt: cached.detailsFetchedAt,
    stale: cached.detailsStale,
    notice,
    revisions: revisions.map((revision) => ({ revision: revision.revision, firstSeenAt: revision.firstSeenAt, total: revision.details.totalPrice })),
    diff: cache.diff(accountId, quoteId),
    pdf: pdfs.status(accountId, quoteId),
    access,
    version: cached.details ? quoteVersion(cached.details) : null,
    cachedAt: cached.detailsFetchedAt === null ? null : new Date(cached.detailsFetchedAt).toISOString(),
  };
}

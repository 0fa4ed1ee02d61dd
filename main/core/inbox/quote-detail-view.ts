import type { KeyAccess, QuoteStatus } from '../../../preload/contract';
import type { StatusSubject } from '../../../preload/contract/plain/statuses';
import { sameServiceAccounts } from '../accounts/same-service';
import type { QuoteDetailView } from '../../../preload/contract/bridge/inbox';
import type { CachedQuote, PdfCache, QuoteCache } from '../cache';
import { quoteVersion } from '../cache/quote-version';
import { AppError } from '../errors';
import { decidability } from '../quotes/decidability';

export interface QuoteDetailSources {
  cache: Pick<QuoteCache, 'get' | 'revisions' | 'diff'>;
  pdfs: Pick<PdfCache, 'status'>;
}

/** The accounts Quotedesk holds, as far as telling which see the same service's stored statuses needs. */
export type ReadingAccounts = readonly { id: string; baseUrl: string; access: KeyAccess }[];

/** The internal keys on the same service as `accountId`: their copies carry the stored status. */
export function internalPeers(accounts: ReadingAccounts, accountId: string): string[] {
  const peers = new Set(sameServiceAccounts(accounts, accountId) ?? []);
  return accounts.filter((account) => peers.has(account.id) && account.access === 'internal').map((account) => account.id);
}

/** The newest status the cache holds of a quote: the list's when the details are behind it. */
function latest(cached: CachedQuote | null): StatusSubject | null {
  const shown = cached?.details && !cached.detailsStale ? cached.details : (cached?.list ?? cached?.details ?? null);
  return shown ? { status: shown.status, quoteNumber: shown.quoteNumber } : null;
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
  /** The internal keys of the same service (internalPeers): their copy tells a client which decisions the service takes. */
  peers: readonly string[] = [],
): QuoteDetailView {
  const { cache, pdfs } = sources;
  const cached = cache.get(accountId, quoteId);
  if (!cached) throw new AppError('not-found', 'This quote is not in the cache yet: it will be there after the next sync');
  const revisions = cache.revisions(accountId, quoteId);
  const own = latest(cached);
  const stored = peers.map((peer) => latest(cache.get(peer, quoteId))?.status).find((status): status is QuoteStatus => status !== undefined) ?? null;
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
    decidable: own ? decidability(own, access, stored) : { accept: false, decline: false },
  };
}

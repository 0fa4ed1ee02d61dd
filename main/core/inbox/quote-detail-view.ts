import type { KeyAccess, QuoteStatus } from '../../../preload/contract';
import type { StatusSubject } from '../../../preload/contract/plain/statuses';
import { sameServiceAccounts } from '../accounts/same-service';
import type { QuoteDetailView } from '../../../preload/contract/bridge/inbox';
// From its own file, not the cache's index: the renderer tests' fake bridge imports this view,
// and the index brings the PDF downloads (undici) into a browser bundle.
import { diffQuotes } from '../cache/diff';
import type { CachedQuote, PdfCache, QuoteCache, QuoteRevision } from '../cache';
import { quoteVersion } from '../cache/quote-version';
import { m } from '../../../i18n/paraglide/messages.js';
import { saidError } from '../errors';
import { decidability } from '../quotes/decidability';

export interface QuoteDetailSources {
  cache: Pick<QuoteCache, 'get' | 'revisions'>;
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

/** What moved between the last two revisions (as the cache's diff() with no bounds), or null with fewer than two. */
function lastChange(revisions: readonly QuoteRevision[]): ReturnType<typeof diffQuotes> | null {
  const before = revisions.at(-2);
  const after = revisions.at(-1);
  return before && after ? diffQuotes(before.details, after.details) : null;
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
  /** The quote as the caller just read it from the cache, so that it is not read (and its details parsed) twice. */
  read: CachedQuote | null = sources.cache.get(accountId, quoteId),
): QuoteDetailView {
  const { cache, pdfs } = sources;
  const cached = read;
  if (!cached) throw saidError('not-found', m.main_inbox_not_cached());
  // Read and parsed once: the list of revisions and the diff between the last two come from the same rows.
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
    diff: lastChange(revisions),
    pdf: pdfs.status(accountId, quoteId),
    access,
    version: cached.details ? quoteVersion(cached.details) : null,
    cachedAt: cached.detailsFetchedAt === null ? null : new Date(cached.detailsFetchedAt).toISOString(),
    decidable: own ? decidability(own, access, stored) : { accept: false, decline: false },
  };
}

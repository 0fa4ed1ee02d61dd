// A quote's detail view as the core answers it for a client key from its cache: the version
// and the decidability made by the core's own functions, so a test's view matches what a
// decision's echo names.
import { quoteVersion } from '../../../main/core/cache/quote-version';
import { decidability } from '../../../main/core/quotes/decidability';
import type { QuoteDetails } from '../../../preload/contract';
import type { QuoteDetailView } from '../../../preload/contract/bridge/inbox';

export function cachedDetailView(details: QuoteDetails, revision = 1): QuoteDetailView {
  const seenAt = Date.parse('2026-03-01T09:00:00Z');
  return {
    accountId: 'acc-1',
    quoteId: details.id,
    list: null,
    details,
    source: 'cache',
    fetchedAt: seenAt,
    stale: false,
    notice: null,
    revisions: Array.from({ length: revision }, (_, index) => ({ revision: index + 1, firstSeenAt: seenAt + index, total: details.totalPrice })),
    diff: null,
    pdf: { cached: false, outdated: false, bytes: null, fetchedAt: null, downloading: false },
    access: 'client',
    version: quoteVersion(details),
    cachedAt: '2026-03-01T09:00:00.000Z',
    decidable: decidability(details, 'client', null),
  };
}

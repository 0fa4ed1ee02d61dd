import { afterEach, describe, expect, it } from 'vitest';
import { quoteDetailView } from '../../../../main/core/inbox/quote-detail-view';
import type { QuoteDetails } from '../../../../preload/contract';
import { detailsOf, fakeQuote } from '../../../helpers/service-fixtures';
import { cacheRig } from '../cache/helpers';
import type { CacheRig } from '../cache/helpers';

let rig: CacheRig;
afterEach(() => rig?.close());

const store = (value: QuoteDetails) => rig.cache.ingest({ accountId: 'acc', access: 'internal', source: 'sync', observation: { kind: 'details', details: value } });
const noPdf = { status: () => ({ cached: false, outdated: false, bytes: null, fetchedAt: null, downloading: false }) };
const viewOf = (quoteId: string) => quoteDetailView({ cache: rig.cache, pdfs: noPdf }, 'acc', quoteId, 'internal', 'cache', null);

describe('the quote view read from the cache', () => {
  it('lists every revision and shows what moved between the last two, as the cache diffs them', () => {
    rig = cacheRig();
    const quote = fakeQuote({ amount: 1000 });
    store(detailsOf(quote));
    expect(viewOf(quote.id).diff).toBeNull();

    store(detailsOf({ ...quote, amount: 900 }, 'REVISED'));
    store(detailsOf({ ...quote, amount: 750 }, 'REVISED'));
    const view = viewOf(quote.id);

    expect(view.revisions.map((revision) => revision.total?.amount)).toEqual([1000, 900, 750]);
    expect(view.diff?.totals.at(-1)).toEqual({ team: null, currency: 'EUR', before: 900, after: 750 });
    expect(view.diff).toEqual(rig.cache.diff('acc', quote.id));
  });

  it('shows the copy the caller read, and reads the cache itself when given none', () => {
    rig = cacheRig();
    const quote = fakeQuote({ amount: 1000 });
    store(detailsOf(quote));
    const read = rig.cache.get('acc', quote.id);
    store(detailsOf({ ...quote, amount: 900 }, 'REVISED'));

    const shown = quoteDetailView({ cache: rig.cache, pdfs: noPdf }, 'acc', quote.id, 'internal', 'cache', null, [], read);
    expect(shown.details?.totalPrice?.amount).toBe(1000);
    expect(viewOf(quote.id).details?.totalPrice?.amount).toBe(900);
  });
});

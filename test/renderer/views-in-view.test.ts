import { describe, expect, it } from 'vitest';
import type { QuoteDetailView } from '../../preload/contract/bridge/inbox';
import { ViewsInView } from '../../renderer/src/lib/state/views-in-view';
import type { QuoteRef } from '../../renderer/src/lib/state/views-in-view';

/** The reads asked for, answered at once with a view naming the quote (enough for what is kept). */
function reader() {
  const reads: QuoteRef[] = [];
  const read = (ref: QuoteRef) => {
    reads.push(ref);
    return Promise.resolve({ ...ref, version: 'v1' } as unknown as QuoteDetailView);
  };
  return { reads, read };
}

/** Runs each turn of reads at once instead of in the page's idle time. */
const atOnce = (run: () => void) => {
  run();
  return () => undefined;
};

const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

describe('the cached views of the rows on screen', () => {
  it('never reads the quote shown, through whichever account its row names', async () => {
    const { reads, read } = reader();
    const views = new ViewsInView(read, atOnce);
    const shownHere = { accountId: 'client-key', quoteId: 'q-shown' };
    const shownByAnother = { accountId: 'internal-key', quoteId: 'q-shown' };
    const other = { accountId: 'client-key', quoteId: 'q-other' };
    views.show({ shown: [shownByAnother, other], kept: [shownByAnother, other] });
    views.resume(shownHere, () => false);
    await settle();
    expect(reads).toEqual([other]);
  });

  it('drops a view the cache moved, without reading it, when the pane says not to (the quote just decided)', async () => {
    const { reads, read } = reader();
    const views = new ViewsInView(read, atOnce);
    const decided = { accountId: 'client-key', quoteId: 'q-decided' };
    const kept = { accountId: 'client-key', quoteId: 'q-kept' };
    views.show({ shown: [decided, kept], kept: [decided, kept] });
    views.resume({ accountId: 'client-key', quoteId: 'q-shown' }, () => false);
    await settle();
    expect(reads).toHaveLength(2);
    const change = { cacheVersion: 2, accountIds: ['client-key'], quotes: [{ ...decided, version: 'v2' }, { ...kept, version: 'v2' }] };
    views.follow(change, (ref) => ref.quoteId !== decided.quoteId);
    await settle();
    expect(reads.slice(2)).toEqual([{ ...kept, version: 'v2' }]);
    expect(views.get(decided)).toBeUndefined();
    expect(views.get(kept)).toBeDefined();
  });
});

import { describe, expect, it } from 'vitest';
import type { CachedQuote } from '../../../../main/core/cache';
import { createDetailReader } from '../../../../main/core/inbox/prefetch';
import type { QuoteDetails } from '../../../../preload/contract';
import { createFakeClock } from '../../../helpers/fake-clock';

/**
 * The sync engine's detail read, held until a test lets it answer. A read that answers stores
 * the quote as fetched now, as the real one does through the cache.
 */
function heldService(clock: ReturnType<typeof createFakeClock>, known: string[]) {
  const fetchedAt = new Map<string, number>();
  const waiting = new Map<string, { answer: () => void; fail: (error: Error) => void }>();
  const started: string[] = [];
  let phase = 'online';
  const sync = {
    state: () => ({ phase }) as never,
    fetchDetails(_accountId: string, quoteId: string): Promise<QuoteDetails> {
      started.push(quoteId);
      return new Promise<QuoteDetails>((resolve, reject) => {
        waiting.set(quoteId, {
          answer: () => {
            fetchedAt.set(quoteId, clock.now());
            resolve({ id: quoteId } as QuoteDetails);
          },
          fail: reject,
        });
      });
    },
  };
  const cache = {
    get: (_accountId: string, quoteId: string): CachedQuote | null => {
      if (!known.includes(quoteId)) return null;
      const at = fetchedAt.get(quoteId) ?? null;
      return { details: at === null ? null : ({ id: quoteId } as QuoteDetails), detailsStale: false, detailsFetchedAt: at } as CachedQuote;
    },
  };
  const settle = async (quoteId: string, how: 'answer' | 'fail' = 'answer') => {
    const held = waiting.get(quoteId);
    if (!held) throw new Error(`${quoteId} was not being read`);
    waiting.delete(quoteId);
    if (how === 'answer') held.answer();
    else held.fail(new Error('the service is down'));
    // The reader starts the next read in the callbacks that follow.
    for (let turn = 0; turn < 5; turn += 1) await Promise.resolve();
  };
  return { sync, cache, started, settle, inFlight: () => [...waiting.keys()], goOffline: () => (phase = 'offline') };
}

const refs = (...ids: string[]) => ids.map((quoteId) => ({ accountId: 'acc', quoteId }));

describe('reading quotes ahead of the person', () => {
  it('reads few at a time, and the rows of a newer call replace the ones not started yet', async () => {
    const clock = createFakeClock();
    const service = heldService(clock, ['a', 'b', 'c', 'd', 'e']);
    const reader = createDetailReader({ ...service, clock, options: { freshMs: 60_000, aheadLimit: 2 } });
    reader.readAhead(refs('a', 'b', 'c'));
    expect(service.started).toEqual(['a', 'b']);
    // The person moved on: c is dropped, d and e wait for room.
    reader.readAhead(refs('d', 'e'));
    await service.settle('a');
    expect(service.started).toEqual(['a', 'b', 'd']);
    await service.settle('b');
    await service.settle('d');
    expect(service.started).toEqual(['a', 'b', 'd', 'e']);
    await service.settle('e');
    expect(service.inFlight()).toEqual([]);
  });

  it('never starts a read ahead while one of the person\'s own is on its way, and joins the person to a read already under way', async () => {
    const clock = createFakeClock();
    const service = heldService(clock, ['a', 'b', 'c']);
    const reader = createDetailReader({ ...service, clock, options: { freshMs: 60_000, aheadLimit: 2 } });
    const own = reader.read('acc', 'a');
    reader.readAhead(refs('b', 'c'));
    expect(service.started).toEqual(['a']);
    await service.settle('a');
    await own;
    expect(service.started).toEqual(['a', 'b', 'c']);
    // The pane opens c while it is being read ahead: one request, both answered by it.
    const opened = reader.read('acc', 'c');
    expect(service.started).toEqual(['a', 'b', 'c']);
    await service.settle('c');
    await expect(opened).resolves.toBeUndefined();
    await service.settle('b');
  });

  it('skips quotes read lately, quotes the cache does not list and accounts out of reach; a failure costs nothing', async () => {
    const clock = createFakeClock();
    const service = heldService(clock, ['a', 'b']);
    const reader = createDetailReader({ ...service, clock, options: { freshMs: 60_000, aheadLimit: 2 } });
    reader.readAhead(refs('a'));
    await service.settle('a');
    expect(reader.isFresh('acc', 'a')).toBe(true);
    reader.readAhead(refs('a', 'unknown', 'b'));
    expect(service.started).toEqual(['a', 'b']);
    await service.settle('b', 'fail');
    clock.advance(61_000);
    expect(reader.isFresh('acc', 'a')).toBe(false);
    service.goOffline();
    reader.readAhead(refs('a', 'b'));
    expect(service.started).toEqual(['a', 'b']);
    await reader.close();
  });
});

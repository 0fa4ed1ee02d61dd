// Before the inbox index is built, the first windows are read from the database
// (cache/first-window.ts) while the index is built in slices. Both must give the same rows:
// checked over generated caches (ties in quote date, one quote id in several accounts,
// missing and odd dates, client and internal keys, PDFs) and many windows.
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createQuoteCache } from '../../../../main/core/cache';
import type { InboxQuery } from '../../../../main/core/cache';
import { createEventBus } from '../../../../main/core/events';
import type { DomainEvents } from '../../../../main/core/events';
import { createSilentLogger } from '../../../../main/core/log';
import type { KeyAccess, QuoteListItem } from '../../../../preload/contract';
import { statusesFor } from '../../../../preload/contract/plain/statuses';
import { createFakeClock } from '../../../helpers/fake-clock';
import { fakeQuote, listItemOf } from '../../../helpers/service-fixtures';
import { cacheRig } from './helpers';

let dir: string;
beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'qd-first-window-'));
});
afterEach(async () => {
  await rm(dir, { recursive: true, force: true });
});

/** A small deterministic generator (mulberry32): a failing seed can be replayed. */
function random(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const ACCOUNTS: { id: string; access: KeyAccess }[] = [
  { id: 'acc-client', access: 'client' },
  { id: 'acc-internal', access: 'internal' },
  { id: 'acc-other', access: 'internal' },
];
// Few dates (ties), a missing one and an unreadable one (both sort as the epoch), and
// dates written with and without milliseconds or an offset (same instant, other text).
const DATES = ['2025-02-20T10:00:00.000Z', '2025-02-20T10:00:00Z', '2025-02-20T11:00:00+01:00', '2024-12-01T08:30:00.000Z', '2026-01-05T00:00:00.000Z', null, 'not a date'];

function fill(path: string, seed: number): void {
  const next = random(seed);
  const pick = <T>(values: readonly T[]): T => values[Math.floor(next() * values.length)]!;
  const ids = Array.from({ length: 60 }, (_, index) => `q-${String(index).padStart(3, '0')}`);
  const rig = cacheRig(path);
  try {
    for (const account of ACCOUNTS) {
      const items: QuoteListItem[] = [];
      for (const id of ids) {
        if (next() < 0.35) continue;
        const quote = fakeQuote({ id, status: pick(statusesFor(account.access)), quoteNumber: next() < 0.2 ? null : `Q-${id}` });
        items.push({ ...listItemOf(quote), quoteDate: pick(DATES) as string });
      }
      rig.cache.record({ accountId: account.id, access: account.access, source: 'sync', observations: [{ kind: 'list', items }] });
      for (const item of items) {
        if (next() < 0.15) rig.store.putPdf({ accountId: account.id, quoteId: item.id, version: 'v', file: `${item.id}.pdf`, bytes: 1, fetchedAt: 1, lastUsedAt: 1, outdated: next() < 0.5 });
      }
    }
  } finally {
    rig.close();
  }
}

function queries(): InboxQuery[] {
  const scopes = [undefined, ...ACCOUNTS.map((account) => account.id), 'acc-unknown'];
  const windows = [[0, 1], [0, 10], [0, 100], [3, 7], [17, 25], [40, 100]] as const;
  return scopes.flatMap((accountId) => windows.map(([offset, limit]) => ({ accountId, sort: 'newest' as const, offset, limit, now: 0 })));
}

const openCache = (path: string) => cacheRig(path, createFakeClock());

describe('the first window before the inbox index is built', () => {
  it.each([1, 2, 3, 4, 5, 6])('gives the rows and total the index gives (seed %i)', (seed) => {
    const path = join(dir, `seed-${seed}.db`);
    fill(path, seed);
    for (const services of [[], [{ id: 'acc-client', baseUrl: 'https://one.example' }, { id: 'acc-internal', baseUrl: 'https://two.example' }]]) {
      for (const query of queries()) {
        const fromFile = openCache(path);
        const fromIndex = openCache(path);
        try {
          fromFile.cache.setServices(services);
          fromIndex.cache.setServices(services);
          const slices = vi.spyOn(fromFile.store, 'inboxRowSlice');
          const answered = fromFile.cache.inbox(query);
          // The file answered: not one row of the index was read for it.
          expect(slices).not.toHaveBeenCalled();
          fromIndex.cache.needsAction('acc-internal');
          expect(answered).toEqual(fromIndex.cache.inbox(query));
        } finally {
          fromFile.close();
          fromIndex.close();
        }
      }
    }
  });

  it('waits for the index when two accounts share a service, and answers what the file cannot', () => {
    const path = join(dir, 'shared.db');
    fill(path, 7);
    const rig = openCache(path);
    try {
      rig.cache.setServices([{ id: 'acc-client', baseUrl: 'https://one.example' }, { id: 'acc-internal', baseUrl: 'https://one.example' }]);
      const slices = vi.spyOn(rig.store, 'inboxRowSlice');
      const window = rig.cache.inbox({ sort: 'newest', offset: 0, limit: 100, now: 0 });
      expect(slices).toHaveBeenCalled();
      // One row per quote: a quote both accounts see lists both.
      expect(window.rows.some((row) => row.accounts.length === 2)).toBe(true);
    } finally {
      rig.close();
    }
  });

  it('builds the index in slices after the first window, keeping a change made meanwhile, then answers from it', async () => {
    const path = join(dir, 'slices.db');
    const rig = cacheRig(path);
    const items = Array.from({ length: 4_500 }, (_, index) => listItemOf(fakeQuote({ id: `q-${String(index).padStart(5, '0')}` })));
    rig.cache.record({ accountId: 'acc', access: 'internal', source: 'sync', observations: [{ kind: 'list', items }] });
    rig.close();

    const logger = createSilentLogger();
    const again = cacheRig(path);
    const cache = createQuoteCache({ store: again.store, bus: createEventBus<DomainEvents>({ logger }), clock: createFakeClock(), logger });
    try {
      const slices = vi.spyOn(again.store, 'inboxRowSlice');
      expect(cache.inbox({ sort: 'newest', offset: 0, limit: 10, now: 0 }).total).toBe(4_500);
      expect(slices).not.toHaveBeenCalled();
      // A slice per turn of the event loop: the first one, then a change while the rest waits.
      await new Promise((resolve) => setImmediate(resolve));
      expect(slices).toHaveBeenCalledTimes(1);
      // A quote of the slice already built: only the change forwarded to the building index carries it.
      const renamed = { ...items[100]!, projectName: 'Renamed while building' };
      cache.record({ accountId: 'acc', access: 'internal', source: 'sync', observations: [{ kind: 'list', items: [renamed] }] });
      for (let turn = 0; turn < 5; turn += 1) await new Promise((resolve) => setImmediate(resolve));
      expect(slices).toHaveBeenCalledTimes(3);
      const calls = slices.mock.calls.length;
      const searched = cache.inbox({ sort: 'newest', offset: 0, limit: 10, now: 0, search: 'renamed while' });
      expect(searched.rows.map((row) => row.quoteId)).toEqual([renamed.id]);
      // Built: the index answers, nothing more is read.
      expect(slices.mock.calls.length).toBe(calls);
    } finally {
      again.close();
    }
  });

  it('lets facet counts wait for the background build, a slice per turn, while other calls are answered', async () => {
    const path = join(dir, 'facets.db');
    const rig = cacheRig(path);
    const items = Array.from({ length: 4_500 }, (_, index) => listItemOf(fakeQuote({ id: `q-${String(index).padStart(5, '0')}` })));
    rig.cache.record({ accountId: 'acc', access: 'internal', source: 'sync', observations: [{ kind: 'list', items }] });
    const expected = rig.cache.inboxFacets({ now: 0 });
    rig.close();

    const again = cacheRig(path);
    try {
      const slices = vi.spyOn(again.store, 'inboxRowSlice');
      let built = false;
      const waiting = again.cache.indexBuilt().then(() => (built = true));
      // Not built in this turn: the event loop is free for other calls meanwhile.
      expect(slices).not.toHaveBeenCalled();
      let turns = 0;
      while (!built) {
        expect(again.cache.inbox({ sort: 'newest', offset: 0, limit: 10, now: 0 }).total).toBe(4_500);
        await new Promise((resolve) => setImmediate(resolve));
        turns += 1;
      }
      await waiting;
      expect(slices).toHaveBeenCalledTimes(3);
      expect(turns).toBeGreaterThanOrEqual(3);
      expect(again.cache.inboxFacets({ now: 0 })).toEqual(expected);
      // Built: it settles at once, and nothing more is read.
      await again.cache.indexBuilt();
      expect(slices).toHaveBeenCalledTimes(3);
    } finally {
      again.close();
    }
  });
});

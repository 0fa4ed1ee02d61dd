import { afterEach, describe, expect, it, vi } from 'vitest';
import { createEventBus } from '../../../../main/core/events';
import type { DomainEvents } from '../../../../main/core/events';
import { getHeapSpaceStatistics } from 'node:v8';
import { createMemoryFeature, IDLE_HEAP_WORTH_RELEASING, LARGE_EXPORT_ROWS, MEMORY_RELEASED, reduceHeapOfV8, youngGenerationOfV8 } from '../../../../main/core/memory/feature';
import { initialState } from '../../../../main/core/sync/state';
import type { SyncState } from '../../../../main/core/sync/state';
import { createRecordingLogger } from '../../../helpers/recording-logger';

const DELAY = 1_000;

function setup(delayMs = DELAY) {
  const logger = createRecordingLogger();
  const bus = createEventBus<DomainEvents>({ logger });
  const reduceHeap = vi.fn();
  const youngGeneration = { hold: vi.fn(), free: vi.fn() };
  /** Heap V8 holds beyond its use: none unless a test grows it. */
  const heap = { idle: 0 };
  const feature = createMemoryFeature({ bus, logger, reduceHeap, delayMs, idleHeap: () => heap.idle, youngGeneration });
  /** One pass of the engine as the bus sees it: syncing from when the cache last synced, then online and completed. */
  const pass = (accountId: string, lastSyncedAt: number | null) => {
    const syncing: SyncState = { ...initialState(accountId, lastSyncedAt), phase: 'syncing', progress: { pagesDone: 0, pagesTotal: null, quotesSeen: 0 } };
    bus.publish('sync.state', syncing);
    bus.publish('sync.state', { ...syncing, phase: 'online', progress: null, lastSyncedAt: 5_000 });
    bus.publish('sync.completed', { accountId, at: 5_000, quotes: 10, needsAction: [] });
  };
  return { logger, bus, reduceHeap, youngGeneration, feature, pass, heap };
}

describe('the memory feature', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it('gives memory back once, a moment after an account first sync ends, and logs the RSS', () => {
    vi.useFakeTimers();
    const { reduceHeap, pass, logger } = setup();
    pass('a', null);
    expect(reduceHeap).not.toHaveBeenCalled();
    vi.advanceTimersByTime(DELAY);
    expect(reduceHeap).toHaveBeenCalledTimes(1);
    const line = logger.lines.find((each) => each.message === MEMORY_RELEASED);
    expect(line?.fields).toMatchObject({ rssBeforeMb: expect.any(Number), rssAfterMb: expect.any(Number) });
    // Later passes of the same account store little: no collection for them while V8 holds little it does not use.
    pass('a', 5_000);
    pass('a', 6_000);
    vi.advanceTimersByTime(DELAY * 10);
    expect(reduceHeap).toHaveBeenCalledTimes(1);
  });

  it('gives memory back after a later pass when V8 holds much more heap than it uses, so ten passes do not grow the process', () => {
    vi.useFakeTimers();
    const { reduceHeap, pass, heap } = setup();
    pass('a', null);
    vi.advanceTimersByTime(DELAY);
    expect(reduceHeap).toHaveBeenCalledTimes(1);
    heap.idle = IDLE_HEAP_WORTH_RELEASING - 1;
    pass('a', 5_000);
    vi.advanceTimersByTime(DELAY);
    expect(reduceHeap).toHaveBeenCalledTimes(1);
    // The young generation grew back to its maximum over the passes.
    heap.idle = IDLE_HEAP_WORTH_RELEASING;
    pass('a', 6_000);
    vi.advanceTimersByTime(DELAY);
    expect(reduceHeap).toHaveBeenCalledTimes(2);
    pass('a', 7_000);
    vi.advanceTimersByTime(DELAY);
    expect(reduceHeap).toHaveBeenCalledTimes(3);
  });

  it('a first pass is given back however little V8 holds unused, even with a later pass of another account in the same burst', () => {
    vi.useFakeTimers();
    const { reduceHeap, pass } = setup();
    pass('a', null);
    vi.advanceTimersByTime(DELAY);
    pass('b', null);
    vi.advanceTimersByTime(DELAY / 2);
    pass('a', 5_000);
    vi.advanceTimersByTime(DELAY);
    expect(reduceHeap).toHaveBeenCalledTimes(2);
  });

  it('gives memory back after the first pass since the start of an account synced before (the index was built for it)', () => {
    vi.useFakeTimers();
    const { reduceHeap, pass } = setup();
    pass('a', 1_000);
    vi.advanceTimersByTime(DELAY);
    expect(reduceHeap).toHaveBeenCalledTimes(1);
  });

  it('waits for a pass that completes: failed passes give nothing back', () => {
    vi.useFakeTimers();
    const { reduceHeap, bus, pass } = setup();
    bus.publish('sync.state', { ...initialState('a', null), phase: 'offline', message: 'no network' });
    vi.advanceTimersByTime(DELAY * 10);
    expect(reduceHeap).not.toHaveBeenCalled();
    pass('a', null);
    vi.advanceTimersByTime(DELAY);
    expect(reduceHeap).toHaveBeenCalledTimes(1);
  });

  it('collects once for several first syncs ending close together', () => {
    vi.useFakeTimers();
    const { reduceHeap, pass } = setup();
    pass('a', null);
    vi.advanceTimersByTime(DELAY / 2);
    pass('b', null);
    vi.advanceTimersByTime(DELAY / 2);
    expect(reduceHeap).not.toHaveBeenCalled();
    vi.advanceTimersByTime(DELAY / 2);
    expect(reduceHeap).toHaveBeenCalledTimes(1);
  });

  it('gives memory back after each large export, and not after a small one', () => {
    vi.useFakeTimers();
    const { reduceHeap, bus } = setup();
    bus.publish('export.written', { rows: LARGE_EXPORT_ROWS - 1 });
    vi.advanceTimersByTime(DELAY * 10);
    expect(reduceHeap).not.toHaveBeenCalled();
    bus.publish('export.written', { rows: LARGE_EXPORT_ROWS });
    vi.advanceTimersByTime(DELAY);
    expect(reduceHeap).toHaveBeenCalledTimes(1);
    // Unlike a sync pass, every large export leaves its own heap behind.
    bus.publish('export.written', { rows: 100_000 });
    vi.advanceTimersByTime(DELAY);
    expect(reduceHeap).toHaveBeenCalledTimes(2);
  });

  it('collects once for an export ending while a first sync is about to be given back', () => {
    vi.useFakeTimers();
    const { reduceHeap, bus, pass } = setup();
    pass('a', null);
    vi.advanceTimersByTime(DELAY / 2);
    bus.publish('export.written', { rows: LARGE_EXPORT_ROWS });
    vi.advanceTimersByTime(DELAY);
    expect(reduceHeap).toHaveBeenCalledTimes(1);
  });

  it('never runs after close, and its timer never keeps a quitting process alive', async () => {
    const timers: NodeJS.Timeout[] = [];
    const realSetTimeout = globalThis.setTimeout;
    const spy = vi.spyOn(globalThis, 'setTimeout').mockImplementation(((callback: () => void, ms: number) => {
      const timer = realSetTimeout(callback, ms);
      timers.push(timer);
      return timer;
    }) as typeof setTimeout);
    const { reduceHeap, pass, feature } = setup(20);
    try {
      pass('a', null);
      expect(timers).toHaveLength(1);
      expect(timers[0]!.hasRef()).toBe(false);
    } finally {
      spy.mockRestore();
    }
    await feature.close?.();
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(reduceHeap).not.toHaveBeenCalled();
  });

  it('holds the young generation at its size once memory was given back, and frees it when the next pass starts', () => {
    vi.useFakeTimers();
    const { reduceHeap, youngGeneration, pass, bus } = setup();
    pass('a', null);
    expect(youngGeneration.hold).not.toHaveBeenCalled();
    vi.advanceTimersByTime(DELAY);
    expect(youngGeneration.hold).toHaveBeenCalledTimes(1);
    expect(reduceHeap.mock.invocationCallOrder[0]).toBeLessThan(youngGeneration.hold.mock.invocationCallOrder[0]!);
    expect(youngGeneration.free).not.toHaveBeenCalled();
    // A pass is bulk work: what it leaves should die young, not be promoted by a small young generation.
    bus.publish('sync.state', { ...initialState('a', 5_000), phase: 'syncing', progress: { pagesDone: 0, pagesTotal: null, quotesSeen: 0 } });
    bus.publish('sync.state', { ...initialState('a', 5_000), phase: 'syncing', progress: { pagesDone: 1, pagesTotal: null, quotesSeen: 100 } });
    expect(youngGeneration.free).toHaveBeenCalledTimes(1);
    // Held again only after memory is given back again.
    pass('b', null);
    expect(youngGeneration.hold).toHaveBeenCalledTimes(1);
    vi.advanceTimersByTime(DELAY);
    expect(youngGeneration.hold).toHaveBeenCalledTimes(2);
  });

  it('logs a collection that failed and keeps the bus going', () => {
    vi.useFakeTimers();
    const { reduceHeap, youngGeneration, pass, logger } = setup();
    reduceHeap.mockImplementation(() => {
      throw new Error('no gc here');
    });
    pass('a', null);
    vi.advanceTimersByTime(DELAY);
    expect(logger.lines.filter((line) => line.level === 'warn').map((line) => line.fields?.error)).toEqual(['no gc here']);
    expect(logger.lines.some((line) => line.message === MEMORY_RELEASED)).toBe(false);
    // The young generation keeps growing as it did: the pages bulk work left are still there.
    expect(youngGeneration.hold).not.toHaveBeenCalled();
  });
});

describe("V8's memory-reducing collection", () => {
  it('collects what nothing holds any more, without giving the global scope a gc', async () => {
    const hadGc = 'gc' in globalThis;
    let held: object | null = { payload: new Array(1_000).fill('x') };
    const weak = new WeakRef(held);
    held = null;
    // A WeakRef's target is kept until the end of the job that made it.
    await new Promise((resolve) => setImmediate(resolve));
    reduceHeapOfV8();
    expect(weak.deref()).toBeUndefined();
    expect('gc' in globalThis).toBe(hadGc);
  });

  it('once the young generation is held, objects that survive scavenges no longer grow it; freed, they do again', () => {
    const youngMb = () => (getHeapSpaceStatistics().find((space) => space.space_name === 'new_space')?.space_size ?? 0) / (1024 * 1024);
    // What grew it to 128 MB in the toy this was measured on: many objects kept across scavenges.
    const keepMany = () => {
      const kept: object[] = [];
      for (let n = 0; n < 1_500_000; n += 1) {
        kept.push({ n, text: `quote ${n}` });
        if (kept.length > 400_000) kept.splice(0, 200_000);
      }
      return kept.length;
    };
    try {
      reduceHeapOfV8();
      youngGenerationOfV8.hold();
      const held = youngMb();
      expect(keepMany()).toBeGreaterThan(0);
      expect(youngMb()).toBeLessThanOrEqual(Math.max(held, 2));
      youngGenerationOfV8.free();
      expect(keepMany()).toBeGreaterThan(0);
      expect(youngMb()).toBeGreaterThan(Math.max(held, 2));
    } finally {
      youngGenerationOfV8.free();
    }
  });
});

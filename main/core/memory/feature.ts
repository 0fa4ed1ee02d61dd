// Memory: once an account's first pass in this process has ended, hand back to the system what
// that bulk work left V8 holding. A first sync stores thousands of quotes; the first pass
// after a start builds the inbox index from the file and compares every list page. What they
// build (the index) survives the young generation's scavenges, so V8 grows that generation to
// its maximum, and it keeps those pages committed until it sees the process idle, which can
// be long after (at 10,000 quotes 134 MB of young generation was committed for 2 MB in use).
// One memory-reducing full collection then gives them back. It needs no launch flag (a
// packaged Electron app gets none on its command line), so it works the same in the desktop
// app, browser mode and the CLI. Later passes store little, but each still parses and
// compares every list page: pass after pass V8 grew the young generation back to its maximum
// and the old generation with it (at 10,000 quotes the RSS went from 172 to 379 MB over ten
// passes), so after a later pass the memory is given back too when V8 holds much more heap
// than it uses. A large export is the same kind of bulk work (a snapshot of
// the view's rows, their cells, the file's text and bytes): after each one the memory goes
// back the same way (the app stayed near 600 MB after exporting 100,000 quotes without it).
// Once memory was given back, the young generation is held at the size the collection left
// until the next sync pass starts: with the background details reader storing a batch every
// few hundred milliseconds, V8 grew it from 2 to 32 MB within 5 s of a first sync of 100,000
// quotes, for objects that mostly die young anyway. A pass gets it free again: held through
// ten passes, what a pass leaves was promoted instead and the old generation grew pass after
// pass (sync-memory: 179, 209, 231, 230, 230, 247 MB, then given back).
import { getHeapStatistics, setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { errorText } from '../errors';
import type { DomainBus } from '../events';
import type { Logger } from '../ports';
import type { Feature } from '../bridge/feature';

/** Logged (info) when the memory was given back: with the RSS before and after, for the log and the scale benchmark. */
export const MEMORY_RELEASED = 'memory given back after bulk work';

/** An export of fewer rows grows the heap too little to be worth a pause of the main process. */
export const LARGE_EXPORT_ROWS = 10_000;

/** After a later sync pass, heap V8 holds beyond what it uses that is worth a collection to give back. */
export const IDLE_HEAP_WORTH_RELEASING = 32 * 1024 * 1024;

export interface MemoryFeatureDeps {
  bus: DomainBus;
  logger: Logger;
  /** A full collection that shrinks the heap; the default is V8's (tests pass their own). */
  reduceHeap?: () => void;
  /** After the last first pass of a burst: several accounts' first passes (at a start) give one collection. */
  delayMs?: number;
  /** Bytes of heap V8 holds beyond what it uses; the default is V8's own figures (tests pass their own). */
  idleHeap?: () => number;
  /** Keeps the young generation at its present size, or lets it grow again; the default is V8's (tests pass their own). */
  youngGeneration?: YoungGeneration;
}

export interface YoungGeneration {
  hold(): void;
  free(): void;
}

function idleHeapOfV8(): number {
  const heap = getHeapStatistics();
  return heap.total_heap_size - heap.used_heap_size;
}

const DEFAULT_DELAY_MS = 1_000;
const MB = 1024 * 1024;

export function createMemoryFeature(deps: MemoryFeatureDeps): Feature {
  const { bus, logger } = deps;
  const delayMs = deps.delayMs ?? DEFAULT_DELAY_MS;
  // Accounts whose pass completed in this process: their next passes are not first ones.
  const passed = new Set<string>();
  let timer: NodeJS.Timeout | null = null;
  /** Whether the coming collection is due whatever the heap holds (a first pass, a large export). */
  let due = false;
  let closed = false;
  const young = deps.youngGeneration ?? youngGenerationOfV8;
  let held = false;

  /** After `delayMs`, once for a burst of bulk work ending close together; `always` unless only an idle heap makes it worth it. */
  function releaseSoon(always: boolean): void {
    due ||= always;
    if (timer) clearTimeout(timer);
    timer = setTimeout(release, delayMs);
    // Never what keeps a quitting process alive.
    timer.unref();
  }

  function release(): void {
    timer = null;
    const forced = due;
    due = false;
    if (closed) return;
    if (!forced && (deps.idleHeap ?? idleHeapOfV8)() < IDLE_HEAP_WORTH_RELEASING) return;
    const before = process.memoryUsage.rss();
    const started = performance.now();
    const cpu = process.cpuUsage();
    try {
      (deps.reduceHeap ?? reduceHeapOfV8)();
    } catch (error) {
      logger.warn('memory could not be given back after bulk work', { error: errorText(error) });
      return;
    }
    setHeld(true);
    const ms = Math.round(performance.now() - started);
    const used = process.cpuUsage(cpu);
    // ms: how long the main process was held; cpuMs: the collection's CPU (its helper threads included).
    logger.info(MEMORY_RELEASED, { rssBeforeMb: Math.round(before / MB), rssAfterMb: Math.round(process.memoryUsage.rss() / MB), ms, cpuMs: Math.round((used.user + used.system) / 1000) });
  }

  function setHeld(hold: boolean): void {
    if (held === hold) return;
    try {
      if (hold) young.hold();
      else young.free();
      held = hold;
    } catch (error) {
      logger.warn('the young generation could not be held or freed', { error: errorText(error) });
    }
  }

  const stops = [
    bus.subscribe('sync.state', ({ phase }) => {
      if (phase === 'syncing' && !closed) setHeld(false);
    }),
    bus.subscribe('sync.completed', ({ accountId }) => {
      if (closed) return;
      const first = !passed.has(accountId);
      passed.add(accountId);
      releaseSoon(first);
    }),
    bus.subscribe('export.written', ({ rows }) => {
      if (rows >= LARGE_EXPORT_ROWS && !closed) releaseSoon(true);
    }),
  ];

  return {
    name: 'memory',
    handlers: {},
    close() {
      closed = true;
      if (timer) clearTimeout(timer);
      timer = null;
      for (const stop of stops) stop();
    },
  };
}

let v8Collect: ((options: object) => void) | null = null;

/**
 * V8's memory-reducing full collection (the one it runs before giving up on an allocation:
 * several mark-compacts that shrink the young generation and release free pages). A regular
 * full collection does not do it: it left the young generation at 134 MB committed (10k
 * quotes, measured). The price is one pause of the main process, once per account and start:
 * 150-190 ms of CPU at 10,000 quotes, 0.5-0.9 s at 100,000 (wall 0.2-0.4 s and 1.5-4.2 s on
 * the 2-core bench machine at load average 11). Node offers it only through the `gc`
 * extension, which V8 installs in contexts made while --expose-gc is on: the flag is on just
 * long enough to make one such context, so the app's own global scope never gets a `gc`. Electron starts its main process's V8 with
 * --no-freeze-flags-after-init (shell/browser/javascript_environment.cc), so this is allowed there too.
 */
export function reduceHeapOfV8(): void {
  v8Collect ??= exposedCollect();
  v8Collect({ type: 'major', execution: 'sync', flavor: 'last-resort' });
}

/**
 * V8 doubles its young generation (up to 128 MB here) whenever many objects survive a
 * scavenge, and gives it back only in a memory-reducing collection.
 * A growth factor of 1 (read at each scavenge, unlike the semi-space sizes, which are fixed
 * when the heap is made and so need a launch flag that a packaged app cannot get) keeps it at
 * the size the last such collection left; 2 is V8's default. Measured on a toy of 3,000 list
 * pages parsed and kept: the same CPU within the noise of the loaded machine.
 */
export const youngGenerationOfV8: YoungGeneration = {
  hold: () => setFlagsFromString('--semi-space-growth-factor=1'),
  free: () => setFlagsFromString('--semi-space-growth-factor=2'),
};

function exposedCollect(): (options: object) => void {
  const existing = (globalThis as { gc?: (options: object) => void }).gc;
  if (existing) return existing;
  setFlagsFromString('--expose-gc');
  try {
    return runInNewContext('gc') as (options: object) => void;
  } finally {
    setFlagsFromString('--no-expose-gc');
  }
}

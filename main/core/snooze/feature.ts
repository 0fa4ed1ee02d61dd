// Snooze: quotes put away until a time. The snoozes live in snoozes.json (written atomically,
// read tolerantly), the inbox leaves them out (`hidden`, given to the inbox by createCore),
// and they come back on the core's clock at their time, or early when the quote itself moves
// (a revision, a status change), each with a notification saying why.
import { join } from 'node:path';
import type { Snooze } from '../../../preload/contract/bridge/snooze';
import { stopAll } from '../bridge/feature';
import type { Feature } from '../bridge/feature';
import type { QuoteCache } from '../cache';
import type { StoredQuote } from '../cache/events';
import type { DomainBus } from '../events';
import { errorText } from '../errors';
import type { Clock, DataFileProblem, Logger } from '../ports';
import { createSnoozeHandlers } from './bridge';
import { createSnoozeBook } from './snooze-book';
import { openSnoozeFile } from './snooze-file';

/** The longest the wake loop sleeps before it looks again: a machine's sleep or a clock change is caught within it. */
export const WAKE_CHECK_MS = 60_000;

/** Why a snooze ended by itself: its time came, or the quote moved under it. */
export type WakeReason = 'time' | 'changed';

export interface SnoozeFeatureDeps {
  userData: string;
  cache: Pick<QuoteCache, 'get'>;
  bus: DomainBus;
  clock: Clock;
  logger: Logger;
  /** Tells the person a quote is back (the notification policy decides how). */
  announce(snooze: Snooze, reason: WakeReason): void;
}

export interface SnoozeFeature extends Feature {
  /** The quote ids the inbox's views leave out now. */
  hidden(): ReadonlySet<string>;
  problems(): DataFileProblem[];
}

/** A stored change that moves the quote's version: it is news, so its snooze ends. */
const movesVersion = (stored: StoredQuote) => stored.changes.some((change) => change.kind === 'status' || change.kind === 'revised' || change.kind === 'pricing');

export function createSnoozeFeature(deps: SnoozeFeatureDeps): SnoozeFeature {
  const { clock, logger } = deps;
  const file = openSnoozeFile(join(deps.userData, 'snoozes.json'), { logger, now: () => clock.now() });
  const book = createSnoozeBook(file.loaded);
  const listeners = new Set<(snoozes: Snooze[]) => void>();
  const stopping = new AbortController();
  let nudge: AbortController = new AbortController();

  function changed(): void {
    file.write(book.list()).catch((error: unknown) => logger.error('snoozes could not be written; they are kept in memory', { error: errorText(error) }));
    const snoozes = book.list();
    for (const listener of [...listeners]) listener(snoozes);
    // The wake loop sleeps until the soonest snooze: a sooner one must wake it.
    nudge.abort();
  }

  function wake(snoozes: Snooze[], reason: WakeReason): void {
    if (snoozes.length === 0) return;
    changed();
    for (const snooze of snoozes) {
      try {
        deps.announce(snooze, reason);
      } catch (error) {
        logger.warn('a woken snooze could not be announced', { error: errorText(error) });
      }
    }
  }

  async function wakeLoop(): Promise<void> {
    while (!stopping.signal.aborted) {
      wake(book.wakeDue(clock.now()), 'time');
      const next = book.nextWake();
      const wait = Math.min(WAKE_CHECK_MS, Math.max(0, next === null ? WAKE_CHECK_MS : next - clock.now()));
      nudge = new AbortController();
      try {
        await clock.sleep(wait, AbortSignal.any([stopping.signal, nudge.signal]));
      } catch {
        // Nudged by a new snooze, or stopping: look again (the loop's condition tells which).
      }
    }
  }

  const stopListening = stopAll([
    deps.bus.subscribe('quotes.stored', ({ baseline, quotes }) => {
      if (baseline) return;
      const moved = quotes.filter((stored) => book.get(stored.quoteId) && movesVersion(stored)).map((stored) => book.clear(stored.quoteId)!);
      wake(moved, 'changed');
    }),
  ]);
  let looping: Promise<void> = Promise.resolve();

  return {
    name: 'snooze',
    hidden: () => book.hidden(),
    problems: () => (file.problem ? [file.problem] : []),
    handlers: createSnoozeHandlers({ book, cache: deps.cache, clock, changed }),
    project(hub) {
      const listener = (snoozes: Snooze[]) => hub.emit('snooze.changed', snoozes);
      listeners.add(listener);
      return () => void listeners.delete(listener);
    },
    start() {
      looping = wakeLoop();
    },
    async close() {
      stopListening();
      stopping.abort();
      await looping;
      await file.flush();
    },
  };
}

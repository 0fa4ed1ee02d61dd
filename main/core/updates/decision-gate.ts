import type { Handlers } from '../../../preload/contract';
import type { DecisionsInFlight } from './port';

type DecisionSenders = Pick<Handlers, 'decisions.accept' | 'decisions.decline'>;

/** What the gate counts: the decisions the person sends, and the sends the outbox's timers start. */
export interface DecisionGate extends DecisionsInFlight {
  wrap<H extends DecisionSenders>(handlers: H): H;
  /** Runs a send the person did not start (an undo window ending, a retry) as in flight: an update waits for it. */
  run<T>(send: () => Promise<T>): Promise<T>;
}

/**
 * Counts the accept/decline calls under way, wrapped around their handlers, and the outbox's
 * own sends, so the updater can ask "is a decision being sent?" without reaching into the
 * decisions module.
 */
export function createDecisionGate(): DecisionGate {
  let running = 0;
  let waiters: Array<() => void> = [];
  const settle = () => {
    running -= 1;
    if (running > 0) return;
    const woken = waiters;
    waiters = [];
    for (const wake of woken) wake();
  };
  async function run<T>(work: () => Promise<T>): Promise<T> {
    running += 1;
    try {
      return await work();
    } finally {
      settle();
    }
  }
  const counted =
    <I, O>(handler: (input: I) => Promise<O>) =>
    (input: I): Promise<O> =>
      run(() => handler(input));
  return {
    inFlight: () => running > 0,
    idle: () => (running === 0 ? Promise.resolve() : new Promise<void>((resolve) => waiters.push(resolve))),
    wrap: (handlers) => ({ ...handlers, 'decisions.accept': counted(handlers['decisions.accept']), 'decisions.decline': counted(handlers['decisions.decline']) }),
    run,
  };
}

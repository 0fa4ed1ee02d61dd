import type { Handlers } from '../../../preload/contract';
import type { DecisionsInFlight } from './port';

type DecisionSenders = Pick<Handlers, 'decisions.accept' | 'decisions.decline'>;

/**
 * Counts the accept/decline calls under way, wrapped around their handlers, so the updater
 * can ask "is a decision being sent?" without reaching into the decisions module.
 */
export function createDecisionGate(): DecisionsInFlight & { wrap<H extends DecisionSenders>(handlers: H): H } {
  let running = 0;
  let waiters: Array<() => void> = [];
  const settle = () => {
    running -= 1;
    if (running > 0) return;
    const woken = waiters;
    waiters = [];
    for (const wake of woken) wake();
  };
  const counted =
    <I, O>(handler: (input: I) => Promise<O>) =>
    async (input: I): Promise<O> => {
      running += 1;
      try {
        return await handler(input);
      } finally {
        settle();
      }
    };
  return {
    inFlight: () => running > 0,
    idle: () => (running === 0 ? Promise.resolve() : new Promise<void>((resolve) => waiters.push(resolve))),
    wrap: (handlers) => ({ ...handlers, 'decisions.accept': counted(handlers['decisions.accept']), 'decisions.decline': counted(handlers['decisions.decline']) }),
  };
}

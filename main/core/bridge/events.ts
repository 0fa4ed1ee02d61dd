import { events } from '../../../preload/contract';
import type { EventName, EventPayload } from '../../../preload/contract';
import type { Logger } from '../ports';
import { describeIssues } from './errors';
import { errorText } from '../errors';

/** One pushed event as a transport carries it. */
export type BridgeEvent = { [E in EventName]: { name: E; payload: EventPayload<E> } }[EventName];

/**
 * Where the core announces changes and the transports listen. A payload is checked
 * against the contract before any transport sees it, so a bad one is logged and dropped
 * rather than sent.
 */
export interface EventHub {
  emit<E extends EventName>(name: E, payload: EventPayload<E>): void;
  /** Every valid event, in order; returns the unsubscribe function. */
  subscribe(listener: (event: BridgeEvent) => void): () => void;
}

export function createEventHub(deps: { logger: Logger }): EventHub {
  const listeners = new Set<(event: BridgeEvent) => void>();

  function emit<E extends EventName>(name: E, payload: EventPayload<E>): void {
    const parsed = events[name].safeParse(payload);
    if (!parsed.success) {
      deps.logger.error('bridge event dropped: payload does not match the contract', { event: name, issues: describeIssues(parsed.error.issues) });
      return;
    }
    const event = { name, payload: parsed.data } as BridgeEvent;
    for (const listener of [...listeners]) {
      try {
        listener(event);
      } catch (error) {
        // One broken transport must not stop the others from hearing the event.
        deps.logger.error('bridge event listener failed', { event: name, error: errorText(error) });
      }
    }
  }

  function subscribe(listener: (event: BridgeEvent) => void): () => void {
    listeners.add(listener);
    return () => {
      listeners.delete(listener);
    };
  }

  return { emit, subscribe };
}

import type { Logger } from '../ports';
import { errorText } from '../errors';

/**
 * THE domain event bus of the core. Producers (accounts, sync, webhooks, decisions) and
 * consumers (the cache, notifications, the bridge's event hub) meet only here, so none of
 * them knows the others. The bridge projects some of these events onto contract events;
 * the bus itself carries core types and never crosses the bridge.
 *
 * Delivery is synchronous and in publication order; a failing subscriber is logged and
 * never stops the others or the publisher.
 */
export interface EventBus<Events extends object> {
  publish<K extends keyof Events & string>(type: K, payload: Events[K]): void;
  /** Returns the unsubscribe function. */
  subscribe<K extends keyof Events & string>(type: K, listener: (payload: Events[K]) => void): () => void;
  /** Every event, for logs and tests. */
  subscribeAll(listener: (event: AnyEvent<Events>) => void): () => void;
}

export type AnyEvent<Events extends object> = { [K in keyof Events & string]: { type: K; payload: Events[K] } }[keyof Events & string];

export function createEventBus<Events extends object>(deps: { logger: Logger }): EventBus<Events> {
  const byType = new Map<string, Set<(payload: never) => void>>();
  const all = new Set<(event: AnyEvent<Events>) => void>();

  function guarded(type: string, call: () => void): void {
    try {
      call();
    } catch (error) {
      deps.logger.error('a domain event subscriber failed', { event: type, error: errorText(error) });
    }
  }

  return {
    publish(type, payload) {
      for (const listener of [...(byType.get(type) ?? [])]) guarded(type, () => (listener as (value: typeof payload) => void)(payload));
      const event = { type, payload } as AnyEvent<Events>;
      for (const listener of [...all]) guarded(type, () => listener(event));
    },
    subscribe(type, listener) {
      let set = byType.get(type);
      if (!set) byType.set(type, (set = new Set()));
      set.add(listener as (payload: never) => void);
      return () => {
        set.delete(listener as (payload: never) => void);
      };
    },
    subscribeAll(listener) {
      all.add(listener);
      return () => {
        all.delete(listener);
      };
    },
  };
}

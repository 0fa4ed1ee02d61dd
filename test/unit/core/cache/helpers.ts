import { createEventBus } from '../../../../main/core/events';
import type { AnyEvent, DomainBus, DomainEvents } from '../../../../main/core/events';
import { createSilentLogger } from '../../../../main/core/log';
import { createQuoteCache } from '../../../../main/core/cache';
import type { QuoteCache } from '../../../../main/core/cache';
import { openSqliteStore } from '../../../../main/core/database';
import type { QuoteStore } from '../../../../main/core/database';
import type { Clock } from '../../../../main/core/ports';
import { createFakeClock } from '../../../helpers/fake-clock';

export interface CacheRig {
  store: QuoteStore;
  bus: DomainBus;
  cache: QuoteCache;
  clock: Clock & { advance(ms: number): void };
  events: AnyEvent<DomainEvents>[];
  ofType<K extends keyof DomainEvents & string>(type: K): DomainEvents[K][];
  close(): void;
}

/** A cache over a real SQLite file (or memory), with every bus event recorded. */
export function cacheRig(path = ':memory:', clock = createFakeClock()): CacheRig {
  const logger = createSilentLogger();
  const store = openSqliteStore({ path, clock, logger });
  const bus: DomainBus = createEventBus<DomainEvents>({ logger });
  const events: AnyEvent<DomainEvents>[] = [];
  bus.subscribeAll((event) => events.push(event));
  const cache = createQuoteCache({ store, bus, clock, logger });
  const stop = cache.start();
  return {
    store,
    bus,
    cache,
    clock,
    events,
    ofType: (type) => events.filter((event) => event.type === type).map((event) => event.payload) as never,
    close: () => {
      stop();
      store.close();
    },
  };
}

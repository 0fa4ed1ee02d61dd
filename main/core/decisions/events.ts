import type { DomainEvents } from '../events';

/**
 * The decision use case's domain events, declared in the bus's catalog (events/catalog.ts)
 * because notify/, below this folder, listens to them. The copies of a quote a decision reads
 * go into the cache by its record (a direct call), which publishes 'quotes.stored' for what
 * changed; these say what the person decided, so that notifications can tell this
 * installation's own decisions from changes made elsewhere.
 */
export type DecisionEvents = Pick<DomainEvents, 'quote.deciding' | 'quote.decided' | 'quote.decisionEnded'>;

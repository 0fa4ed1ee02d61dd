import type { DomainBus } from '../events';
import type { EventHub } from './events';

/**
 * Domain events the renderer hears about, as contract events. The bus carries core types;
 * the hub checks each payload against the contract before any transport sees it.
 * Returns the function that stops the projection.
 */
export function projectDomainEvents(bus: DomainBus, hub: EventHub): () => void {
  const stops = [
    bus.subscribe('accounts.changed', ({ accounts }) => hub.emit('accounts.changed', { accounts })),
    bus.subscribe('account.status', ({ accountId, status, message }) => hub.emit('accounts.statusChanged', { accountId, status, message })),
  ];
  return () => {
    for (const stop of stops) stop();
  };
}

export { createEventBus } from './bus';
export type { AnyEvent, EventBus } from './bus';
export type { DomainBus, DomainEvents } from './catalog';

import type { DomainEvents } from '../events';
import type { SyncState } from './state';

/** Heard only by this folder and the ones above it, so declared here. */
type SyncStateEvents = {
  /** An account's sync state moved (online, syncing with progress, offline, rate-limited, needs credentials). */
  'sync.state': SyncState;
};

/** 'sync.completed' is declared in the bus's catalog: cache/, memory/ and notify/ listen to it. */
export type SyncEvents = SyncStateEvents & Pick<DomainEvents, 'sync.completed'>;

// Part of every domain event (main/core/events/catalog.ts): declared here, where they are published.
declare module '../events/catalog' {
  interface DomainEvents extends SyncStateEvents {}
}

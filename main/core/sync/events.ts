import type { SyncState } from './state';

export type SyncEvents = {
  /** An account's sync state moved (online, syncing with progress, offline, rate-limited, needs credentials). */
  'sync.state': SyncState;
  /** A complete pass over an account's list ended well: the cache holds its whole list. */
  'sync.completed': { accountId: string; at: number; quotes: number; needsAction: string[] };
};

// Part of every domain event (main/core/events/catalog.ts): declared here, where they are published.
declare module '../events/catalog' {
  interface DomainEvents extends SyncEvents {}
}

// The part of the bridge the offline inbox uses. Its schemas live in the contract
// (bridge/inbox.ts, bridge/sync.ts); the full BridgeApi meets this shape once they are registered.
import type { Result } from '../../../preload/contract';
import type { InboxQueryInput, InboxWindow } from '../../../preload/contract/bridge/inbox';
import type { AccountSyncState, SyncRefreshInput } from '../../../preload/contract/bridge/sync';

export type { InboxQueryInput, InboxRow, InboxSort, InboxStage, InboxWindow } from '../../../preload/contract/bridge/inbox';
export type { AccountSyncState, SyncPhase } from '../../../preload/contract/bridge/sync';

type Subscribe<T> = (listener: (payload: T) => void) => () => void;

export interface InboxBridge {
  inbox: { query(input: InboxQueryInput): Promise<Result<InboxWindow>> };
  sync: {
    status(): Promise<Result<AccountSyncState[]>>;
    refresh(input: SyncRefreshInput): Promise<Result<AccountSyncState[]>>;
  };
  events: {
    'sync.changed': Subscribe<AccountSyncState>;
    'inbox.changed': Subscribe<{ accountIds: string[] }>;
  };
}

// The part of the bridge the offline inbox uses: a narrow view, so the inbox state depends
// on (and a test fakes) only the inbox query, sync and their events.
import type { BridgeApi } from '../../../preload/contract';

export type {
  AccountSyncState,
  DueRange,
  InboxFacets,
  InboxFilterInput,
  InboxQueryInput,
  InboxRow,
  InboxSort,
  InboxStage,
  InboxWindow,
  SyncPhase,
  TeamInboxView,
  ValidityRange,
} from '../../../preload/contract';

export type InboxBridge = Pick<BridgeApi, 'inbox' | 'sync'> & {
  events: Pick<BridgeApi['events'], 'sync.changed' | 'inbox.changed'>;
};

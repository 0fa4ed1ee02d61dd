export { createSyncEngine, DEFAULT_SYNC_OPTIONS } from './engine';
export type { SyncDeps, SyncEngine, SyncOptions } from './engine';
export { classifyFailure, describeState } from './classify';
export type { SyncPhase, SyncProgress, SyncState } from './state';
export type { SyncEvents } from './events';
export { SYNC_INTERVAL_SETTING, syncIntervalMs } from './interval-setting';
export { createRecovery } from './recovery';
export type { Recovery } from './recovery';

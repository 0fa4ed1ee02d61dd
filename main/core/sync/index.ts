export { createSyncEngine, DEFAULT_SYNC_OPTIONS } from './engine';
export type { SyncDeps, SyncEngine, SyncOptions } from './engine';
export { classifyFailure, describeState } from './classify';
export type { SyncPhase, SyncProgress, SyncState } from './state';
export type { SyncEvents } from './events';
export { PDF_LIMIT_SETTING, pdfLimitBytes, readOfflineSettings, SYNC_INTERVAL_SETTING, syncIntervalMs, writeOfflineSettings } from './offline-settings';
export type { OfflineSettings } from './offline-settings';
export { createRecovery } from './recovery';
export type { Recovery } from './recovery';

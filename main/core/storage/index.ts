export { nodeAsyncFileSystem, nodeSyncFileSystem, TEMPORARY_FILE_PATTERN, writeFileAtomic, writeFileAtomicSync } from './atomic-file';
export type { AsyncFileSystem, AtomicWriteOptions, SyncFileSystem } from './atomic-file';
export { damagedCopiesOf, loadJsonDataFile } from './data-file';
export type { DataFileIo, LoadDataFileOptions, LoadedDataFile } from './data-file';
export { makeOwnerOnly, prepareDataFolder, restrictToOwner, sweepTemporaryFiles } from './data-folder';
export type { SweepOptions } from './data-folder';
export { DataWriteError, REASONS_BY_CODE } from './errors';
export type { WriteStep } from './errors';

export { openSqliteStore } from './sqlite-store';
export type { SqliteStoreOptions } from './sqlite-store';
export { MIGRATIONS, SCHEMA_VERSION, NewerSchemaError } from './schema';
export type { Migration } from './schema';
export { StorageError } from './errors';
export { QUARANTINE_MARK } from './quarantine';
export type * from './types';
export { checkIntegrityAfterFirstWindow } from './background-check';

export { createJsonSettingsStore } from './json-settings';
export type { JsonSettingsOptions } from './json-settings';
export { createFileSecretStore } from './file-secrets';
export type { FileSecretStoreOptions } from './file-secrets';
export { createMemorySecretStore } from './memory-secrets';
export { createMemorySettingsStore } from './memory-settings';

export { createConfSettingsStore } from './conf-settings';
export type { ConfSettingsOptions } from './conf-settings';
export { createFileSecretStore, SecretFileError } from './file-secrets';
export type { FileSecretStoreOptions } from './file-secrets';
export { createMemorySecretStore } from './memory-secrets';
export { createMemorySettingsStore } from './memory-settings';

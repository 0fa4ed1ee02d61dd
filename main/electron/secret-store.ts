import type { SafeStorage } from 'electron';
import { AppError } from '../core/errors';
import { createFileSecretStore } from '../core/node';
import type { Logger, SecretStore } from '../core/ports';

export type SafeStorageLike = Pick<SafeStorage, 'isEncryptionAvailable' | 'encryptString' | 'decryptString' | 'getSelectedStorageBackend'>;

/**
 * Secrets encrypted by the OS through Electron's safeStorage (Keychain, DPAPI, libsecret or
 * KWallet), kept as base64 blobs in an owner-only file that is replaced atomically.
 */
export function createSafeStorageSecretStore(options: { safeStorage: SafeStorageLike; path: string; platform: NodeJS.Platform; logger?: Logger }): SecretStore {
  const { safeStorage } = options;
  // The same atomic, damage-tolerant file as browser mode, holding encrypted blobs.
  const file = createFileSecretStore({ path: options.path, logger: options.logger });

  return {
    async get(name) {
      const stored = await file.get(name);
      if (stored === null) return null;
      try {
        return safeStorage.decryptString(Buffer.from(stored, 'base64'));
      } catch {
        throw new AppError('needs-credentials', 'Saved credentials can no longer be decrypted (the system keyring may have changed). Enter them again.');
      }
    },
    async set(name, value) {
      if (!safeStorage.isEncryptionAvailable()) {
        throw new AppError('internal', 'The system cannot encrypt credentials right now, so they were not saved.');
      }
      await file.set(name, safeStorage.encryptString(value).toString('base64'));
    },
    delete: (name) => file.delete(name),
    names: () => file.names(),
    problems: () => file.problems(),
    describe: () => describeSafeStorage(safeStorage, options.platform),
  };
}

export function describeSafeStorage(safeStorage: SafeStorageLike, platform: NodeJS.Platform): ReturnType<SecretStore['describe']> {
  if (!safeStorage.isEncryptionAvailable()) {
    return { backend: 'unavailable', weak: true, message: 'The system offers no encryption for credentials, so they cannot be saved.' };
  }
  if (platform === 'darwin') return { backend: 'keychain', weak: false, message: null };
  if (platform === 'win32') return { backend: 'dpapi', weak: false, message: null };
  const backend = safeStorage.getSelectedStorageBackend();
  if (backend === 'basic_text') {
    return {
      backend,
      weak: true,
      message:
        'No system keyring (GNOME Keyring or KWallet) is available, so credentials are encrypted with a fixed key: anyone who can read your files can read them. Install and unlock a keyring, then re-enter your credentials, to protect them properly.',
    };
  }
  if (backend === 'unknown') {
    return { backend, weak: true, message: 'Quotedesk could not tell which keyring protects your credentials.' };
  }
  return { backend, weak: false, message: null };
}

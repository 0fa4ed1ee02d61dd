import { m } from '../../i18n/paraglide/messages.js';
import type { SafeStorage } from 'electron';
import { AppError } from '../core/errors';
import { createFileSecretStore } from '../core/settings-and-secrets';
import type { Logger, SecretStore } from '../core/ports';

export type SafeStorageLike = Pick<SafeStorage, 'isAsyncEncryptionAvailable' | 'encryptStringAsync' | 'decryptStringAsync' | 'getSelectedStorageBackend'>;

/**
 * Secrets encrypted by the OS through Electron's safeStorage (Keychain, DPAPI, libsecret or
 * KWallet), kept as base64 blobs in an owner-only file that is replaced atomically. Uses the
 * asynchronous API (the synchronous one is deprecated since Electron 45), so it is created
 * after the app is ready; whether encryption is available is learnt then, for describe().
 */
export async function createSafeStorageSecretStore(options: { safeStorage: SafeStorageLike; path: string; platform: NodeJS.Platform; logger?: Logger }): Promise<SecretStore> {
  const { safeStorage } = options;
  // The same atomic, damage-tolerant file as browser mode, holding encrypted blobs.
  const file = createFileSecretStore({ path: options.path, logger: options.logger });
  let available = await safeStorage.isAsyncEncryptionAvailable();

  // The key was rotated or a stronger one is available: store the secret under it. A failure
  // here loses nothing (the old blob still decrypts), so it is logged, not thrown.
  async function reEncrypt(name: string, decryptedBlob: string, plain: string): Promise<void> {
    try {
      const blob = (await safeStorage.encryptStringAsync(plain)).toString('base64');
      // Written back only if nobody stored a new value meanwhile.
      if ((await file.get(name)) === decryptedBlob) await file.set(name, blob);
    } catch (error) {
      options.logger?.warn('a credential could not be re-encrypted under the new key; it stays under the old one', { error: (error as Error).message });
    }
  }

  return {
    async get(name) {
      const stored = await file.get(name);
      if (stored === null) return null;
      let decrypted: { result: string; shouldReEncrypt: boolean };
      try {
        decrypted = await safeStorage.decryptStringAsync(Buffer.from(stored, 'base64'));
      } catch {
        throw new AppError('needs-credentials', m.main_secrets_cannot_decrypt());
      }
      if (decrypted.shouldReEncrypt) await reEncrypt(name, stored, decrypted.result);
      return decrypted.result;
    },
    async set(name, value) {
      available = await safeStorage.isAsyncEncryptionAvailable();
      if (!available) {
        throw new AppError('internal', m.main_secrets_cannot_encrypt_now());
      }
      await file.set(name, (await safeStorage.encryptStringAsync(value)).toString('base64'));
    },
    delete: (name) => file.delete(name),
    names: () => file.names(),
    problems: () => file.problems(),
    describe: () => describeSafeStorage(safeStorage, options.platform, available),
  };
}

export function describeSafeStorage(safeStorage: SafeStorageLike, platform: NodeJS.Platform, available: boolean): ReturnType<SecretStore['describe']> {
  if (!available) {
    return { backend: 'unavailable', weak: true, message: m.main_secrets_no_encryption() };
  }
  if (platform === 'darwin') return { backend: 'keychain', weak: false, message: null };
  if (platform === 'win32') return { backend: 'dpapi', weak: false, message: null };
  const backend = safeStorage.getSelectedStorageBackend();
  if (backend === 'basic_text') {
    return {
      backend,
      weak: true,
      message: m.main_secrets_fixed_key(),
    };
  }
  if (backend === 'unknown') {
    return { backend, weak: true, message: m.main_secrets_unknown_keyring() };
  }
  return { backend, weak: false, message: null };
}

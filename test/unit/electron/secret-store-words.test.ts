import { afterEach, describe, expect, it } from 'vitest';
import { setLocale } from '../../../i18n/paraglide/runtime.js';
import { describeSafeStorage } from '../../../main/electron/secret-store';
import type { SafeStorageLike } from '../../../main/electron/secret-store';

const storage = (backend: string) => ({ getSelectedStorageBackend: () => backend }) as unknown as SafeStorageLike;

describe('what Settings says about the credential store', () => {
  afterEach(() => void setLocale('en', { reload: false }));

  it('warns in the app language, naming the keyrings as they are', () => {
    setLocale('de', { reload: false });
    expect(describeSafeStorage(storage('basic_text'), 'linux', true)).toMatchObject({ weak: true, message: expect.stringMatching(/^Es ist kein Schlüsselbund des Systems \(GNOME Keyring oder KWallet\)/) });
    expect(describeSafeStorage(storage('gnome_libsecret'), 'linux', false).message).toBe('Das System bietet keine Verschlüsselung für Zugangsdaten, daher können sie nicht gespeichert werden.');
    setLocale('ja', { reload: false });
    expect(describeSafeStorage(storage('unknown'), 'linux', true).message).toBe('Quotedeskは、どのキーリングが認証情報を保護しているか判別できませんでした。');
    expect(describeSafeStorage(storage('gnome_libsecret'), 'linux', true).message).toBeNull();
  });
});

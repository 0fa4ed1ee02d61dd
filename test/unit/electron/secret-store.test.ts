import { mkdtemp, readFile, rm, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createSafeStorageSecretStore } from '../../../main/electron/secret-store';
import type { SafeStorageLike } from '../../../main/electron/secret-store';
import { createRecordingLogger } from '../../helpers/recording-logger';

type Backend = ReturnType<SafeStorageLike['getSelectedStorageBackend']>;

/**
 * A stand-in for Electron's asynchronous safeStorage: a reversible transform under a named
 * key that is visibly not plain text. Moving `key` to a new one stands for a key rotation:
 * old blobs still decrypt but say they should be re-encrypted.
 */
function fakeSafeStorage(backend: Backend = 'gnome_libsecret', available = true) {
  const state = { key: 'k1', available, calls: [] as string[] };
  const storage: SafeStorageLike = {
    isAsyncEncryptionAvailable: async () => {
      state.calls.push('isAsyncEncryptionAvailable');
      return state.available;
    },
    encryptStringAsync: async (plain: string) => Buffer.from(`enc:${state.key}:${Buffer.from(plain).reverse().toString('hex')}`),
    decryptStringAsync: async (blob: Buffer) => {
      const match = /^enc:(k\d+):([0-9a-f]*)$/.exec(blob.toString());
      if (!match) throw new Error('Error while decrypting the ciphertext provided to safeStorage.decryptStringAsync.');
      return { result: Buffer.from(match[2]!, 'hex').reverse().toString(), shouldReEncrypt: match[1] !== state.key };
    },
    getSelectedStorageBackend: () => backend,
  };
  return Object.assign(storage, { state });
}

let dir: string;
beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'quotedesk-safe-'));
});
afterEach(async () => {
  await rm(dir, { recursive: true, force: true });
});

describe('safeStorage secret store', () => {
  it('keeps secrets encrypted in an owner-only file and reads them back', async () => {
    const path = join(dir, 'secrets.json');
    const store = await createSafeStorageSecretStore({ safeStorage: fakeSafeStorage(), path, platform: 'linux' });
    await store.set('account:1', '{"apiKey":"live_abcdefghijklmnopqrstuvwxyz012345"}');
    expect(await store.get('account:1')).toBe('{"apiKey":"live_abcdefghijklmnopqrstuvwxyz012345"}');
    expect(await store.get('account:2')).toBeNull();
    expect(await readFile(path, 'utf8')).not.toContain('live_abcdefghijklmnopqrstuvwxyz012345');
    expect((await stat(path)).mode & 0o777).toBe(0o600);

    // A second store over the same file (the next launch) reads what the first wrote.
    const again = await createSafeStorageSecretStore({ safeStorage: fakeSafeStorage(), path, platform: 'linux' });
    expect(await again.get('account:1')).toContain('live_abcdefghijklmnopqrstuvwxyz012345');
    await again.delete('account:1');
    // One store owns the file in a process; the launch after that sees the removal.
    expect(await (await createSafeStorageSecretStore({ safeStorage: fakeSafeStorage(), path, platform: 'linux' })).get('account:1')).toBeNull();
  });

  it('re-encrypts and writes back a secret whose key was rotated, and still returns it', async () => {
    const path = join(dir, 'secrets.json');
    const safeStorage = fakeSafeStorage();
    const store = await createSafeStorageSecretStore({ safeStorage, path, platform: 'linux' });
    await store.set('account:1', 'secret');
    safeStorage.state.key = 'k2';
    expect(await store.get('account:1')).toBe('secret');
    const written = JSON.parse(await readFile(path, 'utf8')) as Record<string, string>;
    const blobs = Object.values(written).filter((value) => typeof value === 'string').map((value) => Buffer.from(value, 'base64').toString());
    expect(blobs.some((blob) => blob.startsWith('enc:k2:'))).toBe(true);
    expect(blobs.some((blob) => blob.startsWith('enc:k1:'))).toBe(false);
    // The next launch reads the re-encrypted blob under the new key.
    expect(await (await createSafeStorageSecretStore({ safeStorage, path, platform: 'linux' })).get('account:1')).toBe('secret');
  });

  it('keeps the old blob, with a warning, when re-encryption fails', async () => {
    const path = join(dir, 'secrets.json');
    const safeStorage = fakeSafeStorage();
    await (await createSafeStorageSecretStore({ safeStorage, path, platform: 'linux' })).set('account:1', 'secret');
    const before = await readFile(path, 'utf8');
    safeStorage.state.key = 'k2';
    const logger = createRecordingLogger();
    const failing = { ...safeStorage, encryptStringAsync: async () => Promise.reject(new Error('keyring locked')) };
    const store = await createSafeStorageSecretStore({ safeStorage: failing, path, platform: 'linux', logger });
    expect(await store.get('account:1')).toBe('secret');
    expect(await readFile(path, 'utf8')).toBe(before);
    expect(logger.text()).toMatch(/could not be re-encrypted/);
    expect(logger.text()).not.toContain('secret"');
  });

  it('asks for the credentials again when a blob can no longer be decrypted', async () => {
    const path = join(dir, 'secrets.json');
    await (await createSafeStorageSecretStore({ safeStorage: fakeSafeStorage(), path, platform: 'linux' })).set('account:1', 'secret');
    const broken = { ...fakeSafeStorage(), decryptStringAsync: async () => Promise.reject(new Error('keyring changed')) };
    const store = await createSafeStorageSecretStore({ safeStorage: broken, path, platform: 'linux' });
    await expect(store.get('account:1')).rejects.toMatchObject({ code: 'needs-credentials' });
  });

  it('sets a damaged file of encrypted blobs aside, reports it and starts empty', async () => {
    const path = join(dir, 'secrets.json');
    await writeFile(path, Buffer.alloc(64));
    const store = await createSafeStorageSecretStore({ safeStorage: fakeSafeStorage(), path, platform: 'linux' });
    expect(store.problems()).toEqual([
      { file: 'secrets', path, keptAt: expect.stringContaining(`${path}.damaged-`), reason: expect.stringMatching(/only zero bytes/) },
    ]);
    expect(await store.names()).toEqual([]);
    await store.set('account:1', 'secret');
    expect(await store.get('account:1')).toBe('secret');
    expect(await readFile(store.problems()[0]!.keptAt!)).toEqual(Buffer.alloc(64));
  });

  it('refuses to save when the system offers no encryption, checking again at each save', async () => {
    const safeStorage = fakeSafeStorage('unknown', false);
    const store = await createSafeStorageSecretStore({ safeStorage, path: join(dir, 's.json'), platform: 'linux' });
    await expect(store.set('account:1', 'secret')).rejects.toMatchObject({ code: 'internal' });
    expect(store.describe()).toMatchObject({ backend: 'unavailable', weak: true });
    // The keyring was unlocked meanwhile: the next save works and describe() says so.
    safeStorage.state.available = true;
    await store.set('account:1', 'secret');
    expect(store.describe()).toEqual({ backend: 'unknown', weak: true, message: expect.any(String) });
    expect(safeStorage.state.calls.filter((call) => call === 'isAsyncEncryptionAvailable')).toHaveLength(3);
  });

  it('without a keyring (basic_text) credentials are still saved and read back, and called weakly protected', async () => {
    const path = join(dir, 'secrets.json');
    const store = await createSafeStorageSecretStore({ safeStorage: fakeSafeStorage('basic_text'), path, platform: 'linux' });
    await store.set('account:1', 'live_secret_value');
    expect(await store.get('account:1')).toBe('live_secret_value');
    expect(await readFile(path, 'utf8')).not.toContain('live_secret_value');
    expect(store.describe()).toMatchObject({ backend: 'basic_text', weak: true, message: expect.stringContaining('anyone who can read your files') });
  });

  it('reports the Linux backend, and calls basic_text weak with a clear message', async () => {
    const describe = async (backend: Backend, platform: NodeJS.Platform = 'linux') =>
      (await createSafeStorageSecretStore({ safeStorage: fakeSafeStorage(backend), path: join(dir, 's.json'), platform })).describe();
    expect(await describe('gnome_libsecret')).toEqual({ backend: 'gnome_libsecret', weak: false, message: null });
    expect(await describe('kwallet6')).toEqual({ backend: 'kwallet6', weak: false, message: null });
    const basic = await describe('basic_text');
    expect(basic.weak).toBe(true);
    expect(basic.backend).toBe('basic_text');
    expect(basic.message).toMatch(/No system keyring/);
    expect(await describe('basic_text', 'darwin')).toEqual({ backend: 'keychain', weak: false, message: null });
    expect(await describe('basic_text', 'win32')).toEqual({ backend: 'dpapi', weak: false, message: null });
  });
});

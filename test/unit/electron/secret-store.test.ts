import { mkdtemp, readFile, rm, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createSafeStorageSecretStore } from '../../../main/electron/secret-store';
import type { SafeStorageLike } from '../../../main/electron/secret-store';

/** A stand-in for Electron's safeStorage: a reversible transform that is visibly not plain text. */
function fakeSafeStorage(backend: ReturnType<SafeStorageLike['getSelectedStorageBackend']> = 'gnome_libsecret', available = true): SafeStorageLike {
  return {
    isEncryptionAvailable: () => available,
    encryptString: (plain: string) => Buffer.from(`enc:${Buffer.from(plain).reverse().toString('hex')}`),
    decryptString: (blob: Buffer) => {
      const text = blob.toString();
      if (!text.startsWith('enc:')) throw new Error('Error while decrypting the ciphertext provided to safeStorage.decryptString.');
      return Buffer.from(text.slice(4), 'hex').reverse().toString();
    },
    getSelectedStorageBackend: () => backend,
  };
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
    const store = createSafeStorageSecretStore({ safeStorage: fakeSafeStorage(), path, platform: 'linux' });
    await store.set('account:1', '{"apiKey":"live_abcdefghijklmnopqrstuvwxyz012345"}');
    expect(await store.get('account:1')).toBe('{"apiKey":"live_abcdefghijklmnopqrstuvwxyz012345"}');
    expect(await store.get('account:2')).toBeNull();
    expect(await readFile(path, 'utf8')).not.toContain('live_abcdefghijklmnopqrstuvwxyz012345');
    expect((await stat(path)).mode & 0o777).toBe(0o600);

    // A second store over the same file (the next launch) reads what the first wrote.
    const again = createSafeStorageSecretStore({ safeStorage: fakeSafeStorage(), path, platform: 'linux' });
    expect(await again.get('account:1')).toContain('live_abcdefghijklmnopqrstuvwxyz012345');
    await again.delete('account:1');
    // One store owns the file in a process; the launch after that sees the removal.
    expect(await createSafeStorageSecretStore({ safeStorage: fakeSafeStorage(), path, platform: 'linux' }).get('account:1')).toBeNull();
  });

  it('asks for the credentials again when a blob can no longer be decrypted', async () => {
    const path = join(dir, 'secrets.json');
    await createSafeStorageSecretStore({ safeStorage: fakeSafeStorage(), path, platform: 'linux' }).set('account:1', 'secret');
    const broken = { ...fakeSafeStorage(), decryptString: () => { throw new Error('keyring changed'); } };
    const store = createSafeStorageSecretStore({ safeStorage: broken, path, platform: 'linux' });
    await expect(store.get('account:1')).rejects.toMatchObject({ code: 'needs-credentials' });
  });

  it('sets a damaged file of encrypted blobs aside, reports it and starts empty', async () => {
    const path = join(dir, 'secrets.json');
    await writeFile(path, Buffer.alloc(64));
    const store = createSafeStorageSecretStore({ safeStorage: fakeSafeStorage(), path, platform: 'linux' });
    expect(store.problems()).toEqual([
      { file: 'secrets', path, keptAt: expect.stringContaining(`${path}.damaged-`), reason: expect.stringMatching(/only zero bytes/) },
    ]);
    expect(await store.names()).toEqual([]);
    await store.set('account:1', 'secret');
    expect(await store.get('account:1')).toBe('secret');
    expect(await readFile(store.problems()[0]!.keptAt!)).toEqual(Buffer.alloc(64));
  });

  it('refuses to save when the system offers no encryption', async () => {
    const store = createSafeStorageSecretStore({ safeStorage: fakeSafeStorage('unknown', false), path: join(dir, 's.json'), platform: 'linux' });
    await expect(store.set('account:1', 'secret')).rejects.toMatchObject({ code: 'internal' });
    expect(store.describe()).toMatchObject({ backend: 'unavailable', weak: true });
  });

  it('reports the Linux backend, and calls basic_text weak with a clear message', () => {
    const describe = (backend: ReturnType<SafeStorageLike['getSelectedStorageBackend']>, platform: NodeJS.Platform = 'linux') =>
      createSafeStorageSecretStore({ safeStorage: fakeSafeStorage(backend), path: join(dir, 's.json'), platform }).describe();
    expect(describe('gnome_libsecret')).toEqual({ backend: 'gnome_libsecret', weak: false, message: null });
    expect(describe('kwallet6')).toEqual({ backend: 'kwallet6', weak: false, message: null });
    const basic = describe('basic_text');
    expect(basic.weak).toBe(true);
    expect(basic.backend).toBe('basic_text');
    expect(basic.message).toMatch(/No system keyring/);
    expect(describe('basic_text', 'darwin')).toEqual({ backend: 'keychain', weak: false, message: null });
    expect(describe('basic_text', 'win32')).toEqual({ backend: 'dpapi', weak: false, message: null });
  });
});

import { mkdtemp, readdir, readFile, rm, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createConfSettingsStore, createFileSecretStore, createMemorySecretStore, SecretFileError } from '../../../../main/core/node';
import { createRecordingLogger } from '../../../helpers/json-recording-logger';

let dir: string;
beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'qd-stores-'));
});
afterEach(async () => {
  await rm(dir, { recursive: true, force: true });
});

describe('conf settings store', () => {
  it('keeps values across instances, with literal (not dotted) keys', () => {
    const first = createConfSettingsStore({ cwd: dir });
    first.set('accounts', [{ id: 'a' }]);
    first.set('accountsBackup:2025.03.01', { raw: true });
    const second = createConfSettingsStore({ cwd: dir });
    expect(second.get('accounts')).toEqual([{ id: 'a' }]);
    expect(second.get('accountsBackup:2025.03.01')).toEqual({ raw: true });
    second.delete('accounts');
    expect(createConfSettingsStore({ cwd: dir }).get('accounts')).toBeUndefined();
  });

  it('moves an unreadable settings file aside instead of crashing or deleting it', async () => {
    await writeFile(join(dir, 'settings.json'), '{"accounts": [ broken');
    const logger = createRecordingLogger();
    const store = createConfSettingsStore({ cwd: dir, logger });
    expect(store.get('accounts')).toBeUndefined();
    store.set('accounts', []);
    const aside = (await readdir(dir)).find((name) => name.startsWith('settings.json.corrupt-'));
    expect(aside).toBeDefined();
    expect(await readFile(join(dir, aside!), 'utf8')).toBe('{"accounts": [ broken');
    expect(logger.text()).toContain('moved aside');
  });
});

describe('file secret store', () => {
  it('stores, reads and deletes secrets in a file only its owner can read', async () => {
    const path = join(dir, 'nested', 'secrets.json');
    const store = createFileSecretStore({ path });
    await store.set('account:a', '{"apiKey":"k1"}');
    await store.set('account:b', 'v2');
    expect(await createFileSecretStore({ path }).get('account:a')).toBe('{"apiKey":"k1"}');
    expect((await stat(path)).mode & 0o777).toBe(0o600);
    await store.delete('account:a');
    expect(await store.get('account:a')).toBeNull();
    expect(await store.get('account:b')).toBe('v2');
    expect(store.describe()).toMatchObject({ backend: 'file', weak: true });
    expect(store.describe().message).toMatch(/file permissions/);
  });

  it('writes atomically: no temp files remain and concurrent writes lose nothing', async () => {
    const path = join(dir, 'secrets.json');
    const store = createFileSecretStore({ path });
    await Promise.all(Array.from({ length: 25 }, (_, i) => store.set(`k${i}`, `v${i}`)));
    const values = JSON.parse(await readFile(path, 'utf8')) as Record<string, string>;
    expect(Object.keys(values)).toHaveLength(25);
    expect(await readdir(dir)).toEqual(['secrets.json']);
  });

  it('tightens a file that was readable by others on the next write', async () => {
    const path = join(dir, 'secrets.json');
    await writeFile(path, '{}', { mode: 0o644 });
    await createFileSecretStore({ path }).set('a', 'b');
    expect((await stat(path)).mode & 0o777).toBe(0o600);
  });

  it('refuses to touch a damaged file and says where it is', async () => {
    const path = join(dir, 'secrets.json');
    await writeFile(path, 'not json at all');
    const store = createFileSecretStore({ path });
    await expect(store.get('a')).rejects.toBeInstanceOf(SecretFileError);
    await expect(store.set('a', 'b')).rejects.toThrow(path);
    expect(await readFile(path, 'utf8')).toBe('not json at all');
  });
});

describe('memory secret store', () => {
  it('keeps secrets for the life of the process only', async () => {
    const store = createMemorySecretStore();
    await store.set('x', 'y');
    expect(await store.get('x')).toBe('y');
    await store.delete('x');
    expect(await store.get('x')).toBeNull();
    expect(store.describe().backend).toBe('memory');
  });
});

import { readFileSync } from 'node:fs';
import { chmod, mkdir, mkdtemp, readdir, readFile, rm, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createFileSecretStore, createJsonSettingsStore, createMemorySecretStore } from '../../../../main/core/settings-and-secrets';
import { DataWriteError, nodeAsyncFileSystem, nodeSyncFileSystem } from '../../../../main/core/data-files';
import type { DataFileIo } from '../../../../main/core/data-files';
import { createRecordingLogger } from '../../../helpers/json-recording-logger';

let dir: string;
beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'qd-stores-'));
});
afterEach(async () => {
  await rm(dir, { recursive: true, force: true });
});

const NOW = Date.parse('2026-11-22T22:01:05.123Z');
const KEPT = 'settings.json.damaged-2026-11-22T22-01-05-123Z';

function enospc(): NodeJS.ErrnoException {
  return Object.assign(new Error('ENOSPC: no space left on device'), { code: 'ENOSPC' });
}

describe('JSON settings store', () => {
  it('keeps values across instances, with literal (not dotted) keys, in an owner-only file', async () => {
    const first = createJsonSettingsStore({ folder: dir });
    first.set('accounts', [{ id: 'a' }]);
    first.set('accountsBackup:2025.03.01', { raw: true });
    const second = createJsonSettingsStore({ folder: dir });
    expect(second.get('accounts')).toEqual([{ id: 'a' }]);
    expect(second.get('accountsBackup:2025.03.01')).toEqual({ raw: true });
    second.delete('accounts');
    expect(createJsonSettingsStore({ folder: dir }).get('accounts')).toBeUndefined();
    expect((await stat(join(dir, 'settings.json'))).mode & 0o777).toBe(0o600);
  });

  it('reads the settings.json that conf and electron-store wrote (tab-indented JSON object)', async () => {
    const written = { accounts: [{ id: 'a1', name: 'Acme', baseUrl: 'https://api.example.com' }], 'ui.theme': 'dark' };
    await writeFile(join(dir, 'settings.json'), JSON.stringify(written, undefined, '\t'));
    const store = createJsonSettingsStore({ folder: dir });
    expect(store.problems()).toEqual([]);
    expect(store.get('accounts')).toEqual(written.accounts);
    expect(store.get('ui.theme')).toBe('dark');
    store.set('other', 1);
    expect(JSON.parse(await readFile(join(dir, 'settings.json'), 'utf8'))).toEqual({ ...written, other: 1 });
  });

  it('hands out copies: changing what was read does not change the store', () => {
    const store = createJsonSettingsStore({ folder: dir });
    store.set('accounts', [{ id: 'a' }]);
    store.get<Array<{ id: string }>>('accounts')!.push({ id: 'intruder' });
    expect(store.get('accounts')).toEqual([{ id: 'a' }]);
  });

  const DAMAGED: Array<[string, string | Buffer, RegExp]> = [
    ['truncated', '{"accounts": [{"id": "a1", "na', /not valid JSON; it may have been cut short/],
    ['empty', '', /was empty/],
    ['zero-filled', Buffer.alloc(512), /only zero bytes/],
    ['not an object', '[1, 2, 3]', /does not hold a JSON object/],
  ];
  for (const [what, content, reason] of DAMAGED) {
    it(`sets a ${what} file aside, reports it and starts empty without throwing`, async () => {
      await writeFile(join(dir, 'settings.json'), content);
      const logger = createRecordingLogger();
      const store = createJsonSettingsStore({ folder: dir, logger, now: () => NOW });
      expect(store.get('accounts')).toBeUndefined();
      expect(store.problems()).toEqual([
        { file: 'settings', path: join(dir, 'settings.json'), keptAt: join(dir, KEPT), reason: expect.stringMatching(reason) },
      ]);
      expect(store.problems()[0]!.reason).toMatch(/^The settings file /);
      expect(await readFile(join(dir, KEPT))).toEqual(Buffer.from(content));
      expect((await stat(join(dir, KEPT))).mode & 0o777).toBe(0o600);
      // The app goes on saving into a fresh file; the kept copy is never touched.
      store.set('accounts', []);
      expect(await readFile(join(dir, KEPT))).toEqual(Buffer.from(content));
      expect(logger.text()).toContain('set aside');
    });
  }

  it('sets an unreadable file aside too (a folder in its place)', async () => {
    await mkdir(join(dir, 'settings.json'));
    const store = createJsonSettingsStore({ folder: dir, now: () => NOW });
    expect(store.problems()).toEqual([expect.objectContaining({ keptAt: join(dir, KEPT), reason: expect.stringMatching(/could not be read \(a folder stands/) })]);
    store.set('a', 1);
    expect(createJsonSettingsStore({ folder: dir }).get('a')).toBe(1);
  });

  it('leaves a damaged file it cannot move where it is, and refuses to overwrite it', async () => {
    await writeFile(join(dir, 'settings.json'), '{"accounts": [tru');
    const io: DataFileIo = {
      readFileSync: (path) => readFileSync(path),
      existsSync: () => false,
      renameSync: () => {
        throw Object.assign(new Error('EACCES'), { code: 'EACCES' });
      },
    };
    const store = createJsonSettingsStore({ folder: dir, loaderIo: io });
    expect(store.problems()).toEqual([expect.objectContaining({ keptAt: null, reason: expect.stringMatching(/not valid JSON/) })]);
    expect(() => store.set('accounts', [])).toThrow(DataWriteError);
    expect(() => store.set('accounts', [])).toThrow(/left untouched/);
    expect(await readFile(join(dir, 'settings.json'), 'utf8')).toBe('{"accounts": [tru');
  });

  it('a change that cannot be written throws, is not kept in memory, and the file keeps its old content', async () => {
    const store = createJsonSettingsStore({ folder: dir });
    store.set('accounts', [{ id: 'a' }]);
    const before = await readFile(join(dir, 'settings.json'), 'utf8');
    const full = createJsonSettingsStore({
      folder: dir,
      writerFs: { ...nodeSyncFileSystem, writeSync: () => { throw enospc(); } },
    });
    expect(() => full.set('accounts', [{ id: 'a' }, { id: 'b' }])).toThrow(/disk is full/);
    expect(() => full.delete('accounts')).toThrow(DataWriteError);
    expect(full.get('accounts')).toEqual([{ id: 'a' }]);
    expect(await readFile(join(dir, 'settings.json'), 'utf8')).toBe(before);
    expect(await readdir(dir)).toEqual(['settings.json']);
  });

  it('removes temporary files a crash left behind and tightens an existing file at start', async () => {
    await writeFile(join(dir, 'settings.json'), '{"a":1}', { mode: 0o644 });
    await chmod(join(dir, 'settings.json'), 0o644);
    // pid 2^22+1 is above Linux's pid_max, so no process can own it.
    await writeFile(join(dir, '.settings.json.4194305-0123456789ab.tmp'), '{"a":');
    const store = createJsonSettingsStore({ folder: dir });
    expect(store.get('a')).toBe(1);
    expect(await readdir(dir)).toEqual(['settings.json']);
    expect((await stat(join(dir, 'settings.json'))).mode & 0o777).toBe(0o600);
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
    expect(await store.names()).toEqual(['account:b']);
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

  it('tightens a file that was readable by others as soon as it is opened', async () => {
    const path = join(dir, 'secrets.json');
    await writeFile(path, '{"a":"b"}');
    await chmod(path, 0o644);
    createFileSecretStore({ path });
    expect((await stat(path)).mode & 0o777).toBe(0o600);
  });

  it('sets a damaged file aside, reports where the copy is and starts empty', async () => {
    const path = join(dir, 'secrets.json');
    await writeFile(path, '{"account:a": "live_');
    const store = createFileSecretStore({ path, now: () => NOW });
    const keptAt = `${path}.damaged-2026-11-22T22-01-05-123Z`;
    expect(store.problems()).toEqual([{ file: 'secrets', path, keptAt, reason: expect.stringMatching(/^The credentials file is not valid JSON/) }]);
    expect(await store.names()).toEqual([]);
    await store.set('account:b', 'v');
    expect(await readFile(keptAt, 'utf8')).toBe('{"account:a": "live_');
  });

  it('sets aside a file whose entries are not text', async () => {
    const path = join(dir, 'secrets.json');
    await writeFile(path, '{"account:a": {"apiKey": 1}}');
    const store = createFileSecretStore({ path });
    expect(store.problems()[0]!.reason).toMatch(/expected form/);
  });

  it('a removal that cannot be written rejects and the secret stays, on disk and in the store', async () => {
    const path = join(dir, 'secrets.json');
    await createFileSecretStore({ path }).set('account:a', 'v');
    const failing = createFileSecretStore({ path, writerFs: { ...nodeAsyncFileSystem, fsync: async () => { throw Object.assign(new Error('EIO'), { code: 'EIO' }); } } });
    await expect(failing.delete('account:a')).rejects.toThrow(/input\/output error/);
    expect(await failing.get('account:a')).toBe('v');
    expect(JSON.parse(await readFile(path, 'utf8'))).toEqual({ 'account:a': 'v' });
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

// Settings and credentials on a full or failing disk, without root: the failures are injected
// at the file-system boundary of the atomic writer, at every step of a save. Beside the real
// tmpfs test (data-files/full-disk.test.ts), which needs mount rights and is skipped without.
// Whatever the step: the save throws a clear DataWriteError, the value in memory is the old
// one, the file on disk is the old one and reads back at the next start, no temporary file stays.
import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createFileSecretStore, createJsonSettingsStore } from '../../../../main/core/settings-and-secrets';
import { DataWriteError } from '../../../../main/core/data-files';
import { faultyAsync, faultySync } from '../data-files/faulty-fs';
import type { Fault } from '../data-files/faulty-fs';

let dir: string;
beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'qd-stores-disk-'));
});
afterEach(async () => {
  await rm(dir, { recursive: true, force: true });
});

const NOTES = 'x'.repeat(20_000);
const CASES: Array<[string, Fault, RegExp]> = [
  ['the disk fills up part-way through', { at: 'write', afterBytes: 4096, error: 'ENOSPC' }, /the disk is full/],
  ['the disk silently takes only part of it', { at: 'write', afterBytes: 4096 }, /the disk accepted only 4096 of \d+ bytes \(it may be full\)/],
  ['the disk takes nothing at all', { at: 'write', afterBytes: 0 }, /the disk accepted only 0 of \d+ bytes/],
  ['the quota runs out', { at: 'write', afterBytes: 100, error: 'EDQUOT' }, /disk quota is used up/],
  ['flushing reports an I/O error', { at: 'fsync', error: 'EIO' }, /input\/output error/],
  ['the rename is refused', { at: 'rename', error: 'EACCES' }, /permission denied/],
  ['the temporary file cannot be created', { at: 'open', error: 'ENOSPC' }, /the disk is full/],
];

describe('settings on a failing disk', () => {
  for (const [what, fault, reason] of CASES) {
    it(`when ${what}: a clear error, the old settings kept in memory and on disk`, async () => {
      const before = createJsonSettingsStore({ folder: dir });
      before.set('accounts', [{ id: 'a1', name: 'Acme' }]);
      const saved = await readFile(join(dir, 'settings.json'), 'utf8');

      const settings = createJsonSettingsStore({ folder: dir, writerFs: faultySync(fault) });
      let caught: unknown;
      try {
        settings.set('accounts', [{ id: 'a1', name: 'Acme' }, { id: 'a2', name: 'Globex', notes: NOTES }]);
      } catch (error) {
        caught = error;
      }
      expect(caught).toBeInstanceOf(DataWriteError);
      expect((caught as DataWriteError).message).toMatch(reason);
      expect((caught as DataWriteError).message).toContain(join(dir, 'settings.json'));
      expect((caught as DataWriteError).message).toMatch(/Nothing was changed: the previous version was kept\.$/);
      expect(settings.get('accounts')).toEqual([{ id: 'a1', name: 'Acme' }]);
      expect(await readFile(join(dir, 'settings.json'), 'utf8')).toBe(saved);
      expect(await readdir(dir)).toEqual(['settings.json']);

      const reopened = createJsonSettingsStore({ folder: dir });
      expect(reopened.problems()).toEqual([]);
      expect(reopened.get('accounts')).toEqual([{ id: 'a1', name: 'Acme' }]);
      // Room again: the same change is saved.
      reopened.set('accounts', [{ id: 'a1', name: 'Acme' }, { id: 'a2', name: 'Globex' }]);
      expect(createJsonSettingsStore({ folder: dir }).get('accounts')).toHaveLength(2);
    });
  }
});

describe('credentials on a failing disk', () => {
  for (const [what, fault, reason] of CASES) {
    it(`when ${what}: the new secret is refused, the saved ones stay readable`, async () => {
      const path = join(dir, 'secrets.json');
      const before = createFileSecretStore({ path });
      await before.set('account:a1', 'live_key_1');
      const saved = await readFile(path, 'utf8');

      const secrets = createFileSecretStore({ path, writerFs: faultyAsync(fault) });
      const error = await secrets.set('account:a2', `live_key_2_${NOTES}`).then(
        () => null,
        (failure: unknown) => failure,
      );
      expect(error).toBeInstanceOf(DataWriteError);
      expect((error as DataWriteError).message).toMatch(reason);
      expect(await secrets.names()).toEqual(['account:a1']);
      expect(await secrets.get('account:a2')).toBeNull();
      // While the disk stays full every save fails the same way, and the file stays as it was.
      await expect(secrets.delete('account:a1')).rejects.toBeInstanceOf(DataWriteError);
      expect(await readFile(path, 'utf8')).toBe(saved);
      expect(await readdir(dir)).toEqual(['secrets.json']);

      const reopened = createFileSecretStore({ path });
      expect(reopened.problems()).toEqual([]);
      expect(await reopened.get('account:a1')).toBe('live_key_1');
    });
  }
});

import { mkdtemp, readdir, readFile, rm, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { DataWriteError, writeFileAtomic, writeFileAtomicSync } from '../../../../main/core/data-files';
import { errno, faultyAsync, faultySync } from './faulty-fs';
import type { Fault } from './faulty-fs';

let dir: string;
beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'qd-atomic-'));
});
afterEach(async () => {
  await rm(dir, { recursive: true, force: true });
});

const OLD = '{"accounts":[{"id":"a1"}]}';
const NEW = JSON.stringify({ accounts: [{ id: 'a1' }, { id: 'a2', name: 'x'.repeat(5000) }] });

const FAULTS: Array<[string, Fault, RegExp, string | null]> = [
  ['the disk fills up part-way through the write', { at: 'write', afterBytes: 1000, error: 'ENOSPC' }, /the disk is full/, 'ENOSPC'],
  ['the disk silently accepts only part of the data', { at: 'write', afterBytes: 1000 }, /accepted only 1000 of \d+ bytes/, null],
  ['fsync reports an I/O error', { at: 'fsync', error: 'EIO' }, /input\/output error/, 'EIO'],
  ['the rename is refused', { at: 'rename', error: 'EACCES' }, /permission denied/, 'EACCES'],
  ['the temporary file cannot be created', { at: 'open', error: 'EROFS' }, /read-only/, 'EROFS'],
];

describe('atomic writer', () => {
  it('writes the new content, owner-only, and leaves no temporary file', async () => {
    const path = join(dir, 'nested', 'settings.json');
    writeFileAtomicSync(path, OLD);
    await writeFileAtomic(path, NEW);
    expect(await readFile(path, 'utf8')).toBe(NEW);
    expect((await stat(path)).mode & 0o777).toBe(0o600);
    expect((await stat(join(dir, 'nested'))).mode & 0o777).toBe(0o700);
    expect(await readdir(join(dir, 'nested'))).toEqual(['settings.json']);
  });

  it('replaces a file that others could read with an owner-only one', async () => {
    const path = join(dir, 'settings.json');
    await writeFile(path, OLD, { mode: 0o644 });
    writeFileAtomicSync(path, NEW);
    expect((await stat(path)).mode & 0o777).toBe(0o600);
  });

  for (const [what, fault, reason, systemCode] of FAULTS) {
    it(`sync: when ${what}, throws a clear error and keeps the old file`, async () => {
      const path = join(dir, 'settings.json');
      await writeFile(path, OLD);
      let caught: unknown;
      try {
        writeFileAtomicSync(path, NEW, { fs: faultySync(fault) });
      } catch (error) {
        caught = error;
      }
      expect(caught).toBeInstanceOf(DataWriteError);
      const error = caught as DataWriteError;
      expect(error.reason).toMatch(reason);
      expect(error.systemCode).toBe(systemCode);
      expect(error.path).toBe(path);
      expect(error.message).toContain(path);
      expect(error.message).toMatch(/previous version was kept/);
      expect(await readFile(path, 'utf8')).toBe(OLD);
      expect(await readdir(dir)).toEqual(['settings.json']);
    });

    it(`async: when ${what}, rejects with a clear error and keeps the old file`, async () => {
      const path = join(dir, 'secrets.json');
      await writeFile(path, OLD);
      const error = await writeFileAtomic(path, NEW, { fs: faultyAsync(fault) }).then(
        () => null,
        (reason: unknown) => reason,
      );
      expect(error).toBeInstanceOf(DataWriteError);
      expect((error as DataWriteError).reason).toMatch(reason);
      expect(await readFile(path, 'utf8')).toBe(OLD);
      expect(await readdir(dir)).toEqual(['secrets.json']);
    });
  }

  it('says whether trying again may help: a full disk yes, a permission problem no', () => {
    const full = DataWriteError.from(errno('ENOSPC'), '/x', 'write');
    const denied = DataWriteError.from(errno('EACCES'), '/x', 'rename');
    expect(full.retryable).toBe(true);
    expect(denied.retryable).toBe(false);
    expect(full.code).toBe('internal');
  });

  it('writes bytes as given, not only text', async () => {
    const path = join(dir, 'blob.bin');
    const bytes = new Uint8Array([0, 1, 2, 255, 0]);
    await writeFileAtomic(path, bytes);
    expect([...(await readFile(path))]).toEqual([...bytes]);
  });
});

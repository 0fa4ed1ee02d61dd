// The full-disk case for real: a 64 KiB tmpfs, filled almost to the brim, then a save that
// cannot fit. Needs root (mount); anywhere mount is refused the reason is printed and the
// test is skipped, the injected-failure tests in atomic-file.test.ts cover the same paths.
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createFileSecretStore, createJsonSettingsStore } from '../../../../main/core/node';
import { DataWriteError, writeFileAtomicSync } from '../../../../main/core/storage';

let mountPoint = '';
let refused: string | null = null;

beforeAll(() => {
  mountPoint = mkdtempSync(join(tmpdir(), 'qd-full-disk-'));
  try {
    execFileSync('mount', ['-t', 'tmpfs', '-o', 'size=64k,mode=0700', 'tmpfs', mountPoint], { stdio: 'pipe' });
  } catch (error) {
    refused = `mount of a 64 KiB tmpfs is not permitted here (${(error as Error).message.split('\n')[0]})`;
  }
});
afterAll(() => {
  if (!refused) execFileSync('umount', [mountPoint]);
  rmSync(mountPoint, { recursive: true, force: true });
});
beforeEach((context) => {
  if (refused) {
    console.warn(`full-disk test skipped: ${refused}`);
    context.skip();
    return;
  }
  for (const name of readdirSync(mountPoint)) rmSync(join(mountPoint, name), { recursive: true, force: true });
});

/** Fills the disk until only about `leave` bytes are free. */
function fillLeaving(leave: number): void {
  const filler = join(mountPoint, 'filler');
  let size = 64 * 1024;
  while (size > 0) {
    try {
      writeFileSync(filler, Buffer.alloc(size));
      break;
    } catch {
      size -= 1024;
    }
  }
  // Free what was asked for (tmpfs counts whole pages).
  writeFileSync(filler, Buffer.alloc(Math.max(0, size - leave)));
}

const OLD = JSON.stringify({ accounts: [{ id: 'a1', name: 'Acme' }] }, null, '\t');
const BIG = 'x'.repeat(40 * 1024);

describe('on a disk that is really full', () => {
  it('the writer reports "the disk is full" and the old file stays whole', () => {
    const path = join(mountPoint, 'settings.json');
    writeFileAtomicSync(path, OLD);
    fillLeaving(8 * 1024);
    let caught: unknown;
    try {
      writeFileAtomicSync(path, JSON.stringify({ accounts: [{ id: 'a1', notes: BIG }] }));
    } catch (error) {
      caught = error;
    }
    expect(caught).toBeInstanceOf(DataWriteError);
    expect((caught as DataWriteError).reason).toMatch(/disk is full|accepted only/);
    expect(readFileSync(path, 'utf8')).toBe(OLD);
    expect(readdirSync(mountPoint).sort()).toEqual(['filler', 'settings.json']);
  });

  it('a settings change that does not fit throws, is not kept, and the next start reads the old settings', () => {
    const settings = createJsonSettingsStore({ folder: mountPoint });
    settings.set('accounts', [{ id: 'a1', name: 'Acme' }]);
    fillLeaving(8 * 1024);
    expect(() => settings.set('accounts', [{ id: 'a1', name: 'Acme', notes: BIG }])).toThrow(/disk is full|accepted only/);
    expect(settings.get('accounts')).toEqual([{ id: 'a1', name: 'Acme' }]);
    const reopened = createJsonSettingsStore({ folder: mountPoint });
    expect(reopened.problems()).toEqual([]);
    expect(reopened.get('accounts')).toEqual([{ id: 'a1', name: 'Acme' }]);
  });

  it('a credential that does not fit is refused and the saved ones stay readable', async () => {
    const path = join(mountPoint, 'secrets.json');
    const secrets = createFileSecretStore({ path });
    await secrets.set('account:a1', 'live_key_1');
    fillLeaving(8 * 1024);
    await expect(secrets.set('account:a2', BIG)).rejects.toBeInstanceOf(DataWriteError);
    expect(await secrets.names()).toEqual(['account:a1']);
    const reopened = createFileSecretStore({ path });
    expect(reopened.problems()).toEqual([]);
    expect(await reopened.get('account:a1')).toBe('live_key_1');
  });
});

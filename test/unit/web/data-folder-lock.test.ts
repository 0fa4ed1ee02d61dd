// Browser mode takes its data folder for itself: a second launch on the same folder is
// refused before it reads or writes anything, and learns the first one's address to hand over.
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { DataFolderBusyError, readFolderHolder } from '../../../main/core/data-files';
import type { FolderHolder } from '../../../main/core/data-files';
import { launchWebApp } from '../../../main/web/app';
import { busyFolderNotice } from '../../../main/web/startup-notice';

let root: string;
let staticDir: string;
beforeEach(async () => {
  root = await mkdtemp(join(tmpdir(), 'qd-web-lock-'));
  staticDir = join(root, 'renderer');
  await mkdir(staticDir);
  await writeFile(join(staticDir, 'index.html'), '<!doctype html><title>Quotedesk</title>');
});
afterEach(async () => {
  await rm(root, { recursive: true, force: true });
});

describe('browser mode and its data folder', () => {
  it('refuses a second launch on the folder with the first one\'s address, and frees the folder on close', async () => {
    const dataDir = join(root, 'data');
    const first = await launchWebApp({ dataDir, staticDir, port: 0, forceDemo: false });
    try {
      expect(readFolderHolder(dataDir)).toMatchObject({ kind: 'web', pid: process.pid, url: first.url });
      const second = await launchWebApp({ dataDir, staticDir, port: 0, forceDemo: false }).then(
        async (app) => {
          await app.close();
          return null;
        },
        (error: unknown) => error,
      );
      expect(second).toBeInstanceOf(DataFolderBusyError);
      expect((second as DataFolderBusyError).holder.url).toBe(first.url);
    } finally {
      await first.close();
    }
    expect(readFolderHolder(dataDir)).toBeNull();
    const third = await launchWebApp({ dataDir, staticDir, port: 0, forceDemo: false });
    await third.close();
  }, 30_000);
});

describe('what a second browser-mode launch prints', () => {
  const holder: FolderHolder = { kind: 'web', pid: 4242, host: 'here', startedAt: 0, nonce: 'n', url: 'http://127.0.0.1:5173/#token=abc' };

  it('hands over to a running browser mode: its address on stdout, exit 0', () => {
    expect(busyFolderNotice(holder, 'unused')).toEqual({
      stream: 'stdout',
      text: 'Quotedesk (browser mode) is already running on this data folder (process 4242): open http://127.0.0.1:5173/#token=abc',
      exitCode: 0,
    });
  });

  it('names any other holder on stderr and fails', () => {
    for (const other of [{ ...holder, kind: 'desktop' as const }, { ...holder, url: undefined }]) {
      expect(busyFolderNotice(other, 'The data folder /d is in use by the Quotedesk desktop app (process 4242, ...)')).toEqual({
        stream: 'stderr',
        text: 'Quotedesk (browser mode) could not start: The data folder /d is in use by the Quotedesk desktop app (process 4242, ...)',
        exitCode: 1,
      });
    }
  });
});

import { chmod, mkdir, mkdtemp, readdir, rm, stat, symlink, utimes, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { prepareDataFolder, sweepTemporaryFiles } from '../../../../main/core/data-files';
import { createRecordingLogger } from '../../../helpers/json-recording-logger';

let dir: string;
beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'qd-folder-'));
});
afterEach(async () => {
  await rm(dir, { recursive: true, force: true });
});

const DEAD_PID = 4194305; // above Linux's pid_max: no process can have it

describe('start-up care of the data folder', () => {
  it('removes temporary files of writers that are gone, in subfolders too, and nothing else', async () => {
    await mkdir(join(dir, 'cache', 'a1'), { recursive: true });
    await writeFile(join(dir, `.settings.json.${DEAD_PID}-0123456789ab.tmp`), '{"acc');
    await writeFile(join(dir, 'cache', 'a1', `.quote.pdf.${DEAD_PID}-aaaaaaaaaaaa.tmp`), '%PDF');
    // Someone else's files that merely look similar stay.
    await writeFile(join(dir, 'notes.tmp'), 'mine');
    await writeFile(join(dir, '.settings.json.swp'), 'vim');
    await writeFile(join(dir, 'settings.json'), '{}');
    const removed = sweepTemporaryFiles(dir);
    expect(removed.sort()).toEqual([join(dir, `.settings.json.${DEAD_PID}-0123456789ab.tmp`), join(dir, 'cache', 'a1', `.quote.pdf.${DEAD_PID}-aaaaaaaaaaaa.tmp`)].sort());
    expect((await readdir(dir)).sort()).toEqual(['.settings.json.swp', 'cache', 'notes.tmp', 'settings.json']);
  });

  it('removes what earlier versions (conf, the old secrets writer) left behind once it is old enough', async () => {
    const conf = join(dir, 'settings.json.tmp-1732300000abcdef');
    const secrets = join(dir, '.secrets.json.0123456789ab.tmp');
    const recent = join(dir, 'settings.json.tmp-1732300001fedcba');
    for (const path of [conf, secrets, recent]) await writeFile(path, '{');
    const anHourAgo = new Date(Date.now() - 60 * 60 * 1000);
    await utimes(conf, anHourAgo, anHourAgo);
    await utimes(secrets, anHourAgo, anHourAgo);
    expect(sweepTemporaryFiles(dir).sort()).toEqual([secrets, conf].sort());
    expect(await readdir(dir)).toEqual(['settings.json.tmp-1732300001fedcba']);
  });

  it('leaves the fresh temporary file of a writer that is still running, but not an hour-old one', async () => {
    const fresh = join(dir, `.settings.json.${process.pid}-0123456789ab.tmp`);
    const stale = join(dir, `.secrets.json.${process.pid}-bbbbbbbbbbbb.tmp`);
    await writeFile(fresh, '{');
    await writeFile(stale, '{');
    const twoHoursAgo = new Date(Date.now() - 2 * 60 * 60 * 1000);
    await utimes(stale, twoHoursAgo, twoHoursAgo);
    expect(sweepTemporaryFiles(dir)).toEqual([stale]);
    expect(await readdir(dir)).toEqual([`.settings.json.${process.pid}-0123456789ab.tmp`]);
  });

  it('makes the folder, its files and subfolders owner-only at start, without following links', async () => {
    await chmod(dir, 0o755);
    await mkdir(join(dir, 'logs'), { mode: 0o755 });
    await chmod(join(dir, 'logs'), 0o755);
    await writeFile(join(dir, 'settings.json'), '{}');
    await chmod(join(dir, 'settings.json'), 0o644);
    await writeFile(join(dir, 'logs', 'quotedesk.log'), '');
    await chmod(join(dir, 'logs', 'quotedesk.log'), 0o664);
    const outside = await mkdtemp(join(tmpdir(), 'qd-outside-'));
    try {
      await writeFile(join(outside, 'shared.txt'), 'x');
      await chmod(join(outside, 'shared.txt'), 0o644);
      await symlink(join(outside, 'shared.txt'), join(dir, 'link'));
      const logger = createRecordingLogger();
      const { tightened } = prepareDataFolder(dir, logger);
      expect(tightened.sort()).toEqual([dir, join(dir, 'logs'), join(dir, 'logs', 'quotedesk.log'), join(dir, 'settings.json')].sort());
      expect((await stat(dir)).mode & 0o777).toBe(0o700);
      expect((await stat(join(dir, 'logs'))).mode & 0o777).toBe(0o700);
      expect((await stat(join(dir, 'settings.json'))).mode & 0o777).toBe(0o600);
      expect((await stat(join(dir, 'logs', 'quotedesk.log'))).mode & 0o777).toBe(0o600);
      expect((await stat(join(outside, 'shared.txt'))).mode & 0o777).toBe(0o644);
      expect(logger.text()).toContain('owner only');
    } finally {
      await rm(outside, { recursive: true, force: true });
    }
  });

  it('creates a missing data folder owner-only', async () => {
    const folder = join(dir, 'new', 'Quotedesk');
    prepareDataFolder(folder);
    expect((await stat(folder)).mode & 0o777).toBe(0o700);
  });
});

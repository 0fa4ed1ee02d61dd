import { mkdtemp, readdir, readFile, rm, stat } from 'node:fs/promises';
import * as fs from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createFileLogger, createRotatingFileSink } from '../../../../main/core/log';
import type { RotatingFileSystem } from '../../../../main/core/log';

let dir: string;
beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'qd-rotate-'));
});
afterEach(async () => {
  await rm(dir, { recursive: true, force: true });
});

async function linesOf(path: string): Promise<string[]> {
  return (await readFile(path, 'utf8')).trim().split('\n').map((line) => (JSON.parse(line) as { message: string }).message);
}

describe('log files', () => {
  it('rotate past the size cap and keep only a few files, newest lines in the current one', async () => {
    const path = join(dir, 'logs', 'quotedesk.log');
    const logger = createFileLogger(path, { maxBytes: 1000, keep: 2, repeats: false });
    for (let i = 0; i < 100; i += 1) logger.info(`line ${i}`, { padding: 'x'.repeat(40) });
    await logger.close();
    expect((await readdir(join(dir, 'logs'))).sort()).toEqual(['quotedesk.log', 'quotedesk.log.1', 'quotedesk.log.2']);
    for (const name of ['quotedesk.log', 'quotedesk.log.1', 'quotedesk.log.2']) {
      expect((await stat(join(dir, 'logs', name))).size).toBeLessThanOrEqual(1000);
      expect((await stat(join(dir, 'logs', name))).mode & 0o777).toBe(0o600);
    }
    const current = await linesOf(path);
    const previous = await linesOf(`${path}.1`);
    const oldest = await linesOf(`${path}.2`);
    expect(current.at(-1)).toBe('line 99');
    // Contiguous across files: nothing lost between the kept ones.
    const all = [...oldest, ...previous, ...current].map((message) => Number(message.split(' ')[1]));
    expect(all).toEqual(Array.from({ length: all.length }, (_, i) => all[0]! + i));
  });

  it('appends to the lines of earlier runs instead of replacing them', async () => {
    const path = join(dir, 'quotedesk.log');
    const first = createFileLogger(path);
    first.info('first run');
    await first.close();
    const second = createFileLogger(path);
    second.info('second run');
    await second.close();
    expect(await linesOf(path)).toEqual(['first run', 'second run']);
  });

  it('drops lines while the disk is full without throwing, then says how many were lost', async () => {
    const path = join(dir, 'quotedesk.log');
    let full = false;
    const io: RotatingFileSystem = {
      openSync: (p, flags, mode) => fs.openSync(p, flags, mode),
      writeSync: (fd, buffer, offset, length) => {
        if (full) throw Object.assign(new Error('ENOSPC'), { code: 'ENOSPC' });
        return fs.writeSync(fd, buffer, offset, length);
      },
      fstatSync: (fd) => fs.fstatSync(fd),
      closeSync: (fd) => fs.closeSync(fd),
      renameSync: (from, to) => fs.renameSync(from, to),
      mkdirSync: (p, options) => fs.mkdirSync(p, options),
    };
    const sink = createRotatingFileSink(path, { fs: io });
    sink.write('{"message":"before"}\n');
    full = true;
    expect(() => {
      sink.write('{"message":"lost 1"}\n');
      sink.write('{"message":"lost 2"}\n');
    }).not.toThrow();
    expect(sink.dropped).toBe(2);
    full = false;
    sink.write('{"message":"after"}\n');
    sink.close();
    expect(await linesOf(path)).toEqual(['before', '2 log lines could not be written (the disk may be full)', 'after']);
  });
});

// A logo on a full or failing disk, without root (the failure injected at the writer's file
// calls): the logo is still shown now, the logos kept before stay whole, the warning says why,
// and no partial file is left to be served later.
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { MockAgent } from 'undici';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createLogoCache } from '../../../../main/core/logos';
import { faultyAsync } from '../data-files/faulty-fs';
import type { Fault } from '../data-files/faulty-fs';
import { createFakeClock } from '../../../helpers/fake-clock';
import { createRecordingLogger } from '../../../helpers/recording-logger';

const PNG = Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), Buffer.alloc(30_000, 7)]);
const SVG = '<svg xmlns="http://www.w3.org/2000/svg" width="1" height="1"></svg>';

let folder: string;
let cdn: MockAgent;
beforeEach(() => {
  folder = mkdtempSync(join(tmpdir(), 'qd-logo-disk-'));
  cdn = new MockAgent();
  cdn.disableNetConnect();
  const origin = cdn.get('https://cdn.example.com');
  origin.intercept({ path: '/old.svg' }).reply(200, SVG);
  origin.intercept({ path: '/new.png' }).reply(200, PNG).times(2);
});
afterEach(async () => {
  await cdn.close();
  rmSync(folder, { recursive: true, force: true });
});

const CASES: Array<[string, Fault, RegExp]> = [
  ['the disk fills up part-way', { at: 'write', afterBytes: 8000, error: 'ENOSPC' }, /the disk is full/],
  ['the disk silently takes only part of it', { at: 'write', afterBytes: 8000 }, /accepted only 8000 of 30008 bytes/],
  ['flushing reports an I/O error', { at: 'fsync', error: 'EIO' }, /input\/output error/],
  ['the rename is refused', { at: 'rename', error: 'EROFS' }, /read-only/],
];

describe('the logo cache on a failing disk', () => {
  for (const [what, fault, reason] of CASES) {
    it(`when ${what}: shown now, not kept, the other logos whole`, async () => {
      const clock = createFakeClock();
      await createLogoCache({ folder, clock, logger: createRecordingLogger(), publicDispatcher: cdn }).dataUrl('https://cdn.example.com/old.svg');
      const [kept] = readdirSync(folder);

      const logger = createRecordingLogger();
      const logos = createLogoCache({ folder, clock, logger, publicDispatcher: cdn, writerFs: faultyAsync(fault) });
      expect(await logos.dataUrl('https://cdn.example.com/new.png')).toBe(`data:image/png;base64,${PNG.toString('base64')}`);
      expect(logger.lines.find((line) => line.message === 'a company logo could not be kept')?.fields?.error).toMatch(reason);
      expect(readdirSync(folder)).toEqual([kept]);
      expect(readFileSync(join(folder, kept!), 'utf8')).toBe(SVG);

      // Room again, next start: fetched again and kept this time.
      const later = createLogoCache({ folder, clock, logger: createRecordingLogger(), publicDispatcher: cdn });
      expect(await later.dataUrl('https://cdn.example.com/new.png')).toMatch(/^data:image\/png;base64,/);
      expect(readdirSync(folder).sort()).toHaveLength(2);
    });
  }
});

// The logo folder does not grow forever: logos unused for a month go, and the folder stays
// under a count and size bound, least recently used first. A logo being shown is never removed.
import { existsSync, mkdtempSync, readdirSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { MockAgent } from 'undici';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createLogoCache, LOGO_MAX_FILES, LOGO_MAX_FOLDER_BYTES, LOGO_UNUSED_FOR_MS } from '../../../../main/core/logos';
import { createFakeClock } from '../../../helpers/fake-clock';
import type { FakeClock } from '../../../helpers/fake-clock';
import { createRecordingLogger } from '../../../helpers/recording-logger';

const CDN = 'https://cdn.example.com';
const SVG = '<svg xmlns="http://www.w3.org/2000/svg" width="8" height="8"><rect width="8" height="8"/></svg>';
const DAY_MS = 24 * 60 * 60_000;

let folder: string;
let cdn: MockAgent;
let hits: string[];
let clock: FakeClock;

beforeEach(() => {
  folder = mkdtempSync(join(tmpdir(), 'qd-logo-retention-'));
  hits = [];
  clock = createFakeClock();
  cdn = new MockAgent();
  cdn.disableNetConnect();
  cdn
    .get(CDN)
    .intercept({ path: /.*/ })
    .reply(({ path }) => {
      hits.push(path);
      return { statusCode: 200, data: SVG };
    })
    .persist();
});
afterEach(async () => {
  await cdn.close();
  rmSync(folder, { recursive: true, force: true });
});

/** A new cache over the same folder: what the app has after a restart. */
const start = (logger = createRecordingLogger(), at = folder) => createLogoCache({ folder: at, clock, logger, publicDispatcher: cdn });

/** Fetches a logo in an earlier run and gives the name of the file it was kept in. */
async function keptEarlier(path: string): Promise<string> {
  const before = new Set(readdirSync(folder));
  expect(await start().dataUrl(`${CDN}${path}`)).not.toBeNull();
  const [name] = readdirSync(folder).filter((file) => !before.has(file));
  return name!;
}

function lastUsed(name: string, ago: number): void {
  const at = new Date(clock.now() - ago);
  utimesSync(join(folder, name), at, at);
}

describe('logo retention', () => {
  it('removes logos unused for a month at the next start, keeps recent ones and files that are not logos', async () => {
    const old = await keptEarlier('/old.svg');
    const recent = await keptEarlier('/recent.svg');
    writeFileSync(join(folder, 'notes.txt'), 'mine');
    lastUsed(old, LOGO_UNUSED_FOR_MS + DAY_MS);
    lastUsed(recent, LOGO_UNUSED_FOR_MS - DAY_MS);

    const logger = createRecordingLogger();
    const logos = start(logger);
    await logos.prune();
    expect(readdirSync(folder).sort()).toEqual([recent, 'notes.txt'].sort());
    expect(logger.text()).toContain('unused company logos removed');

    // A removed logo is fetched again when it is needed again.
    hits.length = 0;
    expect(await logos.dataUrl(`${CDN}/old.svg`)).not.toBeNull();
    expect(hits).toEqual(['/old.svg']);
  });

  it('counts showing a logo from disk as a use, so it outlives the next starts', async () => {
    const name = await keptEarlier('/acme.svg');
    lastUsed(name, LOGO_UNUSED_FOR_MS + DAY_MS);
    hits.length = 0;

    const logos = start();
    expect(await logos.dataUrl(`${CDN}/acme.svg`)).not.toBeNull();
    await logos.prune();
    clock.advance(LOGO_UNUSED_FOR_MS - DAY_MS);
    await start().prune();
    expect(readdirSync(folder)).toEqual([name]);
    expect(hits).toEqual([]);
  });

  it('never removes a logo that is being read, whichever starts first', async () => {
    const name = await keptEarlier('/acme.svg');
    hits.length = 0;
    const expected = `data:image/svg+xml;base64,${Buffer.from(SVG).toString('base64')}`;

    lastUsed(name, LOGO_UNUSED_FOR_MS + DAY_MS);
    const readFirst = start();
    const [shown] = await Promise.all([readFirst.dataUrl(`${CDN}/acme.svg`), readFirst.prune()]);
    expect(shown).toBe(expected);
    expect(existsSync(join(folder, name))).toBe(true);

    lastUsed(name, LOGO_UNUSED_FOR_MS + DAY_MS);
    const pruneFirst = start();
    const [, shownAgain] = await Promise.all([pruneFirst.prune(), pruneFirst.dataUrl(`${CDN}/acme.svg`)]);
    expect(shownAgain).toBe(expected);
    expect(existsSync(join(folder, name))).toBe(true);
    // Both times from disk: the file was never gone.
    expect(hits).toEqual([]);
  });

  it('never removes a logo shown in this run, even when the run outlasts the month', async () => {
    const name = await keptEarlier('/acme.svg');
    const logos = start();
    expect(await logos.dataUrl(`${CDN}/acme.svg`)).not.toBeNull();
    clock.advance(LOGO_UNUSED_FOR_MS + DAY_MS);
    await logos.prune();
    expect(existsSync(join(folder, name))).toBe(true);
  });

  it('keeps at most the allowed number of logos, removing the least recently used', async () => {
    const names = Array.from({ length: LOGO_MAX_FILES + 2 }, (_, index) => `${index.toString(16).padStart(32, '0')}.svg`);
    names.forEach((name, index) => {
      writeFileSync(join(folder, name), SVG);
      // Index 0 was used a minute ago, the last one longest ago; all within the month.
      lastUsed(name, (index + 1) * 60_000);
    });
    await start().prune();
    expect(readdirSync(folder).sort()).toEqual(names.slice(0, LOGO_MAX_FILES).sort());
  });

  it('keeps the folder under its size bound, removing the least recently used', async () => {
    const size = LOGO_MAX_FOLDER_BYTES / 40;
    const names = Array.from({ length: 42 }, (_, index) => `${index.toString(16).padStart(32, '0')}.png`);
    names.forEach((name, index) => {
      writeFileSync(join(folder, name), Buffer.alloc(size));
      lastUsed(name, (index + 1) * 60_000);
    });
    await start().prune();
    expect(readdirSync(folder).sort()).toEqual(names.slice(0, 40).sort());
  });

  it('logs a folder it cannot read and still shows logos; a folder not made yet is nothing to report', async () => {
    const notAFolder = join(folder, 'logos');
    writeFileSync(notAFolder, 'a file where the folder should be');
    const logger = createRecordingLogger();
    const logos = start(logger, notAFolder);
    await expect(logos.prune()).resolves.toBeUndefined();
    expect(logger.lines.filter((line) => line.level === 'warn').map((line) => line.message)).toEqual(['the logo folder could not be read to remove unused logos']);
    expect(await logos.dataUrl(`${CDN}/acme.svg`)).not.toBeNull();

    const quiet = createRecordingLogger();
    await start(quiet, join(folder, 'missing')).prune();
    expect(quiet.lines).toEqual([]);
  });
});

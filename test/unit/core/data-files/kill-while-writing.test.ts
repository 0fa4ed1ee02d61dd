// A process killed (SIGKILL: no clean-up of any kind) while it saves settings in a loop must
// leave a settings file that parses and holds one whole save: the last one it reported or
// the one it was making. Many kills at random moments, bounded in number and in time.
import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createJsonSettingsStore } from '../../../../main/core/settings-and-secrets';
import { payloadFor } from './fixtures/payload';
import { runAndKill } from '../../../helpers/kill-while-writing';

const WRITER = fileURLToPath(new URL('./fixtures/settings-writer.ts', import.meta.url));
const MAX_KILLS = 12;
const BUDGET_MS = 40_000;

let dir: string;
beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'qd-kill-'));
});
afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});


describe('settings saved by a process that is killed mid-write', () => {
  it('always leave a file that parses and holds a whole save, old or new', { timeout: BUDGET_MS + 20_000 }, async () => {
    const started = Date.now();
    let kills = 0;
    let leftovers = 0;
    let lastSeen = 0;
    while (kills < MAX_KILLS && Date.now() - started < BUDGET_MS) {
      const reported = await runAndKill(WRITER, dir, 120);
      kills += 1;
      const text = await readFile(join(dir, 'settings.json'), 'utf8');
      const saved = (JSON.parse(text) as { counter: { n: number; payload: string } }).counter;
      // The last save reported or a later one (reports lag behind saves), never torn.
      expect(saved.n).toBeGreaterThanOrEqual(Math.max(reported, lastSeen));
      expect(saved.payload).toBe(payloadFor(saved.n));
      lastSeen = saved.n;
      if ((await readdir(dir)).length > 1) leftovers += 1;
      // The next start sees no problem, and sweeps what the kill left behind.
      const reopened = createJsonSettingsStore({ folder: dir });
      expect(reopened.problems()).toEqual([]);
      expect(reopened.get<{ n: number }>('counter')?.n).toBe(saved.n);
      expect(await readdir(dir)).toEqual(['settings.json']);
    }
    expect(kills).toBeGreaterThanOrEqual(3);
    console.info(`killed the writer ${kills} times (${leftovers} left a temporary file behind), up to save ${lastSeen}`);
  });
});

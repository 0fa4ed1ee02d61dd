// A process killed (SIGKILL: no clean-up of any kind) while it saves settings in a loop must
// leave a settings file that parses and holds one whole save: the last one it reported or
// the one it was making. Many kills at random moments, bounded in number and in time.
import { spawn } from 'node:child_process';
import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createJsonSettingsStore } from '../../../../main/core/settings-and-secrets';
import { payloadFor } from './fixtures/payload';

const WRITER = fileURLToPath(new URL('./fixtures/settings-writer.ts', import.meta.url));
const ROOT = fileURLToPath(new URL('../../../../', import.meta.url));
const MAX_KILLS = 12;
const BUDGET_MS = 40_000;

let dir: string;
beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'qd-kill-'));
});
afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

/** Starts the writer, kills it a random while after its first save, returns the last save it reported. */
function runAndKill(): Promise<number> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['--import', 'tsx', WRITER, dir], { cwd: ROOT, stdio: ['ignore', 'pipe', 'pipe'] });
    let reported = 0;
    let pending = '';
    let errors = '';
    let armed = false;
    child.stdout.on('data', (chunk: Buffer) => {
      pending += chunk.toString();
      const lines = pending.split('\n');
      pending = lines.pop()!;
      for (const line of lines) reported = Math.max(reported, Number(line));
      if (!armed && reported > 0) {
        armed = true;
        setTimeout(() => child.kill('SIGKILL'), Math.floor(Math.random() * 120));
      }
    });
    child.stderr.on('data', (chunk: Buffer) => (errors += chunk.toString()));
    child.on('error', reject);
    child.on('exit', (_code, signal) => {
      if (signal !== 'SIGKILL') reject(new Error(`the writer stopped by itself: ${errors}`));
      else resolve(reported);
    });
  });
}

describe('settings saved by a process that is killed mid-write', () => {
  it('always leave a file that parses and holds a whole save, old or new', { timeout: BUDGET_MS + 20_000 }, async () => {
    const started = Date.now();
    let kills = 0;
    let leftovers = 0;
    let lastSeen = 0;
    while (kills < MAX_KILLS && Date.now() - started < BUDGET_MS) {
      const reported = await runAndKill();
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

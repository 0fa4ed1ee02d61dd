import { spawn } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSilentLogger } from '../../../../main/core/log';
import { openSqliteStore } from '../../../../main/core/database';

const WRITER = fileURLToPath(new URL('./crash-writer.ts', import.meta.url));
const ROUNDS = 6;

let dir: string;
beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'qd-crash-'));
});
afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

/** Starts the writer, lets it commit for a random while, kills it with SIGKILL; returns the last generation it reported. */
function runAndKill(random: () => number): Promise<number> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['--import', 'tsx', WRITER, dir], { stdio: ['ignore', 'pipe', 'pipe'] });
    let committed = 0;
    let output = '';
    let errors = '';
    let killTimer: NodeJS.Timeout | null = null;
    child.stderr.on('data', (chunk: Buffer) => (errors += chunk.toString()));
    child.stdout.on('data', (chunk: Buffer) => {
      output += chunk.toString();
      for (const match of output.matchAll(/committed (\d+)/g)) committed = Math.max(committed, Number(match[1]));
      if (!killTimer && output.includes('ready')) killTimer = setTimeout(() => child.kill('SIGKILL'), 20 + Math.floor(random() * 400));
    });
    child.on('exit', (_code, signal) => {
      if (killTimer) clearTimeout(killTimer);
      if (signal !== 'SIGKILL') reject(new Error(`the writer ended on its own: ${errors}`));
      else resolve(committed);
    });
  });
}

describe('a writer killed at random moments', () => {
  it(`leaves a database that opens with old or new content and no index entry without its PDF (${ROUNDS} rounds)`, { timeout: 120_000 }, async () => {
    let seed = 7;
    const random = () => ((seed = (seed * 48271) % 2147483647) / 2147483647);
    let lastGeneration = 0;
    for (let round = 0; round < ROUNDS; round += 1) {
      const reported = await runAndKill(random);
      const store = openSqliteStore({ path: join(dir, 'cache.db'), logger: createSilentLogger() });
      try {
        expect(store.problems).toEqual([]);
        const quotes = store.allQuotes('acc');
        const generations = new Set(quotes.map((quote) => quote.projectName));
        // One transaction per generation: every quote holds the same one, never a mix.
        expect(generations.size).toBeLessThanOrEqual(1);
        const generation = quotes.length === 0 ? 0 : Number(quotes[0]!.projectName!.split(' ')[1]);
        expect(generation).toBeGreaterThanOrEqual(Math.max(reported, lastGeneration));
        lastGeneration = generation;
        for (const row of store.allPdfs()) {
          const path = join(dir, 'pdfs', row.file);
          expect(existsSync(path)).toBe(true);
          const bytes = readFileSync(path);
          expect(bytes.length).toBe(row.bytes);
          expect(bytes.subarray(0, 5).toString()).toBe('%PDF-');
          expect(bytes.subarray(-7).toString()).toContain('%%EOF');
        }
      } finally {
        store.close();
      }
    }
    expect(lastGeneration).toBeGreaterThan(0);
  });
});

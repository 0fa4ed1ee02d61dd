// `node --import tsx test/bench/profile/scale-memory.ts [QUOTES] [SNAPSHOT]`: the scale
// benchmark's RSS figure alone: the real core, bundled as out/main, adds an internal account
// and does its first sync against the recorded service (another process), then prints its
// memory (and, with SNAPSHOT, writes a heap snapshot of that moment to open in DevTools).
import { execFile, fork } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { buildMemoryHolder } from '../fixtures/memory-bundle';
import type { ScaleServerReady } from '../fixtures/scale-server';

const quotes = Number(process.argv[2] ?? 10_000);
const snapshot = process.argv[3];
const child = fork(fileURLToPath(new URL('../fixtures/scale-server.ts', import.meta.url)), [String(quotes)], { execArgv: ['--import', 'tsx'] });
const ready = await new Promise<ScaleServerReady>((resolve) => child.once('message', (message) => resolve(message as ScaleServerReady)));
const built = await buildMemoryHolder(fileURLToPath(new URL('../fixtures/scale-holder.ts', import.meta.url)));
const folder = mkdtempSync(join(tmpdir(), 'quotedesk-scale-memory-'));
try {
  const run = async (...args: string[]) => {
    const flags = (process.env.SCALE_NODE_FLAGS ?? '').split(' ').filter(Boolean);
    const { stdout } = await promisify(execFile)(process.execPath, ['--expose-gc', ...flags, built.entry, ...args], {
      env: { ...process.env, ...(snapshot && args[0] === 'sync' ? { QUOTEDESK_HEAP_SNAPSHOT: snapshot } : {}) },
      timeout: 600_000,
      maxBuffer: 1 << 20,
    });
    if (process.env.SCALE_NODE_FLAGS) console.log(stdout);
    const line = JSON.parse(stdout.trim().split('\n').pop()!) as Record<string, number>;
    const mb = (bytes: number) => `${Math.round(bytes / 1e5) / 10} MB`;
    console.log(`${args[0]}: rss ${mb(line.rss!)}, heap used ${mb(line.heapUsed!)} of ${mb(line.heapTotal!)}, external ${mb(line.external!)}, ${line.inboxTotal} quotes`);
  };
  await run('sync', join(folder, 'core'), ready.baseUrl, ready.plan.apiKey);
  await run('rest', join(folder, 'core'));
} finally {
  rmSync(folder, { recursive: true, force: true });
  await built.dispose();
  child.disconnect();
}

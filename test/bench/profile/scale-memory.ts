// `node --import tsx test/bench/profile/scale-memory.ts [QUOTES] [SNAPSHOT]`: the scale
// benchmark's RSS figure alone: the real core, bundled as out/main, adds an internal account
// and does its first sync against the recorded service (another process), then prints its
// memory (and, with SNAPSHOT, writes a heap snapshot of that moment to open in DevTools),
// with the RSS at the holder's earlier steps (fixtures/scale-holder.ts). SCALE_NODE_FLAGS
// go to the holder's node, e.g. "--trace-gc" or "--max-semi-space-size=8".
import { execFile, fork } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { buildMemoryHolder } from '../fixtures/memory-bundle';
import type { ScaleServerReady } from '../fixtures/scale-server';

interface HolderLine {
  rss: number;
  heapUsed: number;
  heapTotal: number;
  external: number;
  inboxTotal: number;
  steps: Record<string, number>;
  spaces: Record<string, { size: number; used: number }>;
}

const quotes = Number(process.argv[2] ?? 10_000);
const snapshot = process.argv[3];
const child = fork(fileURLToPath(new URL('../fixtures/scale-server.ts', import.meta.url)), [String(quotes)], { execArgv: ['--import', 'tsx'] });
const ready = await new Promise<ScaleServerReady>((resolve) => child.once('message', (message) => resolve(message as ScaleServerReady)));
const built = await buildMemoryHolder(fileURLToPath(new URL('../fixtures/scale-holder.ts', import.meta.url)));
const folder = mkdtempSync(join(tmpdir(), 'quotedesk-scale-memory-'));
try {
  const run = async (...args: string[]) => {
    const flags = (process.env.SCALE_NODE_FLAGS ?? '').split(' ').filter(Boolean);
    const { stdout } = await promisify(execFile)(process.execPath, [...flags, built.entry, ...args], {
      env: { ...process.env, ...(snapshot && args[0] === 'sync' ? { QUOTEDESK_HEAP_SNAPSHOT: snapshot } : {}) },
      timeout: 600_000,
      maxBuffer: 1 << 26,
    });
    if (process.env.SCALE_NODE_FLAGS) console.log(stdout);
    const line = JSON.parse(stdout.trim().split('\n').pop()!) as HolderLine;
    const mb = (bytes: number) => `${Math.round(bytes / 1e5) / 10} MB`;
    const steps = Object.entries(line.steps).map(([step, value]) => `${step} ${step.endsWith('Ms') ? `${Math.round(value)} ms` : mb(value)}`);
    const spaces = Object.entries(line.spaces)
      .filter(([, space]) => space.size > 1e6)
      .map(([name, space]) => `${name} ${mb(space.used)} of ${mb(space.size)}`);
    console.log(`${args[0]}: rss ${mb(line.rss)}, heap used ${mb(line.heapUsed)} of ${mb(line.heapTotal)}, external ${mb(line.external)}, ${line.inboxTotal} quotes; before: ${steps.join(', ')}\n  spaces: ${spaces.join(', ')}`);
  };
  await run('sync', join(folder, 'core'), ready.baseUrl, ready.plan.apiKey);
  await run('rest', join(folder, 'core'));
} finally {
  rmSync(folder, { recursive: true, force: true });
  await built.dispose();
  child.disconnect();
}

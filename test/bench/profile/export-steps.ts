// `node --import tsx test/bench/profile/export-steps.ts [quotes] [-- node flags...]`: the
// export-memory benchmark's process step by step (ready, inbox loaded, each format exported,
// 5 s after): RSS, V8 heap, external, array buffers, anonymous vs file-backed pages and V8's
// spaces, so a reader sees which of them an export grows and which it gives back. Node flags
// after `--` go to the measured process (`--trace-gc`, `--heapsnapshot-near-heap-limit=1`).
// With QUOTEDESK_EXPORT_FOLDER=DIR the prepared data folder is kept there and reused by the
// next run (preparing 100,000 quotes takes a minute).
import { execFile } from 'node:child_process';
import { existsSync } from 'node:fs';
import { rm } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { startSimulator } from '../../../main/simulator';
import { buildMemoryHolder } from '../fixtures/memory-bundle';

const run = promisify(execFile);
const HOLDER = fileURLToPath(new URL('../fixtures/memory-holder.ts', import.meta.url));
const split = process.argv.indexOf('--');
const ownArgs = split === -1 ? process.argv.slice(2) : process.argv.slice(2, split);
const nodeFlags = split === -1 ? [] : process.argv.slice(split + 1);
const quotes = Number(ownArgs.find((arg) => /^\d+$/.test(arg)) ?? 100_000);
const kept = process.env.QUOTEDESK_EXPORT_FOLDER;

const built = await buildMemoryHolder();
const simulator = await startSimulator({ quotes: 20, log: () => {} });
let dataDir = kept && existsSync(kept) ? kept : '';
try {
  if (dataDir === '') {
    const prepared = await run(process.execPath, ['--import', 'tsx', HOLDER, 'prepare', simulator.baseUrl, simulator.credentials.adminApiKey, '1', String(quotes)], { timeout: 240_000 });
    dataDir = prepared.stdout.trim().split('\n').pop() as string;
    if (kept) await run('mv', [dataDir, kept]).then(() => (dataDir = kept));
  }
  const measured = await run(process.execPath, [...nodeFlags, built.entry, 'export', dataDir], { timeout: 240_000, maxBuffer: 16 * 1024 * 1024, env: { ...process.env, QUOTEDESK_MEMORY_STEPS: '1' } });
  console.log(measured.stderr.trim());
  console.log(measured.stdout.trim().split('\n').pop());
} finally {
  await simulator.close();
  await built.dispose();
  if (!kept && dataDir !== '') await rm(dataDir, { recursive: true, force: true });
}

// `node --import tsx test/bench/profile/memory-steps.ts [cachedQuotes] [--tsx] [-- node flags...]`:
// the memory benchmark's core process, step by step (core created, ready, inbox loaded,
// receiver, clients, synced, collected): RSS, V8 heap, external, anonymous vs file-backed
// pages and V8's spaces. Node flags after `--` go to the measured process, e.g.
// `-- --max-semi-space-size=1` or `-- --trace-gc`. The measured process runs the bundled
// holder, as the benchmark does (fixtures/memory-bundle.ts), or with --tsx the TypeScript
// through the tsx loader. With QUOTEDESK_MEMORY_SNAPSHOT=/tmp/core.heapsnapshot the core
// process also writes a heap snapshot once it has printed its figures.
import { execFile } from 'node:child_process';
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
const cachedQuotes = Number(ownArgs.find((arg) => /^\d+$/.test(arg)) ?? 10_000);
const viaTsx = ownArgs.includes('--tsx');

const prepare = (args: string[]) => run(process.execPath, ['--import', 'tsx', HOLDER, ...args], { timeout: 120_000 });
const built = viaTsx ? null : await buildMemoryHolder();
const bundled = built?.entry ?? null;
const holder = (args: string[], env: NodeJS.ProcessEnv = {}) =>
  run(process.execPath, [...(bundled ? [] : ['--import', 'tsx']), '--expose-gc', ...nodeFlags, bundled ?? HOLDER, ...args], { timeout: 120_000, env: { ...process.env, ...env } });

const simulator = await startSimulator({ quotes: 200, log: () => {} });
let dataDir = '';
try {
  dataDir = (await prepare(['prepare', simulator.baseUrl, simulator.credentials.adminApiKey, '8', String(cachedQuotes)])).stdout.trim().split('\n').pop() as string;
  const bare = await holder(['bare']);
  console.log(`bare: ${bare.stdout.trim()}`);
  const core = await holder(['core', dataDir], { QUOTEDESK_MEMORY_STEPS: '1', QUOTEDESK_MEMORY_SNAPSHOT: process.env.QUOTEDESK_MEMORY_SNAPSHOT ?? '' });
  console.log(core.stderr.trim());
  console.log(`core: ${core.stdout.trim().split('\n').pop()}`);
} finally {
  await simulator.close();
  await built?.dispose();
  if (dataDir !== '') await rm(dataDir, { recursive: true, force: true });
}

// Main-process memory: a process holding the core with its accounts loaded, against a
// bare process with the same runtime and loader. Today there is no cache or receiver to
// hold; when they land, memory-holder.ts should load 10,000 cached quotes and start the
// receiver, and the 150 MB target then covers them too.
import { execFile } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { startSimulator } from '../../main/simulator';
import { median, round, spreadOf } from './harness/stats';
import type { Figure } from './harness/types';
import { defineBenchmark } from './harness/types';

const run = promisify(execFile);
const HOLDER = fileURLToPath(new URL('./fixtures/memory-holder.ts', import.meta.url));
const ACCOUNTS = 8;
const MB = 1024 * 1024;

interface Usage {
  rss: number;
  heapUsed: number;
  heapTotal: number;
  external: number;
}

async function measure(mode: 'bare' | 'core', baseUrl: string, apiKey: string): Promise<Usage> {
  const { stdout } = await run(process.execPath, ['--import', 'tsx', '--expose-gc', HOLDER, mode, baseUrl, apiKey, String(ACCOUNTS)], { timeout: 30_000 });
  return JSON.parse(stdout.trim().split('\n').pop() as string) as Usage;
}

function megabytes(values: number[]) {
  const spread = spreadOf(values.map((value) => value / MB));
  return { value: round(median(values) / MB), spread: { min: round(spread.min), q1: round(spread.q1), q3: round(spread.q3), max: round(spread.max) } };
}

export default defineBenchmark({
  name: 'memory',
  title: 'Main-process memory: RSS and heap of a process holding the core with the accounts loaded',
  budgetMs: { full: 60_000, quick: 15_000 },
  async run(ctx) {
    const simulator = await startSimulator({ quotes: 200, log: () => {} });
    const rounds = ctx.quick ? 1 : 5;
    const bare: Usage[] = [];
    const core: Usage[] = [];
    try {
      let lastRoundMs = 0;
      while (core.length < rounds && (core.length === 0 || ctx.timeLeft() > lastRoundMs * 1.2)) {
        const started = performance.now();
        bare.push(await measure('bare', simulator.baseUrl, simulator.credentials.adminApiKey));
        core.push(await measure('core', simulator.baseUrl, simulator.credentials.adminApiKey));
        lastRoundMs = performance.now() - started;
      }
    } finally {
      await simulator.close();
    }
    const details = { accounts: ACCOUNTS, runtime: 'node --import tsx (the loader adds to both sides)' };
    const figures: Figure[] = [
      { id: 'memory.rss', label: `Core process RSS (${ACCOUNTS} accounts)`, unit: 'MB', rounds: core.length, target: { op: '<=', value: 150 }, details, ...megabytes(core.map((usage) => usage.rss)) },
      { id: 'memory.heap', label: `Core process heap used (${ACCOUNTS} accounts)`, unit: 'MB', rounds: core.length, details, ...megabytes(core.map((usage) => usage.heapUsed)) },
      { id: 'memory.rss-bare', label: 'Bare process RSS (same runtime, nothing loaded)', unit: 'MB', rounds: bare.length, ...megabytes(bare.map((usage) => usage.rss)) },
      { id: 'memory.heap-bare', label: 'Bare process heap used', unit: 'MB', rounds: bare.length, ...megabytes(bare.map((usage) => usage.heapUsed)) },
    ];
    return figures;
  },
});

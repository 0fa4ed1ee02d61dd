// Main-process memory: a process holding the core as after a restart (accounts loaded,
// 10,000 cached quotes in the inbox index, the webhook receiver listening), against a bare
// process with the same runtime. Both run as the app's main process does: our TypeScript
// bundled to JavaScript, node_modules packages loaded as they are (fixtures/memory-bundle.ts),
// no loader. The same two through the tsx loader are reported beside them.
import { execFile } from 'node:child_process';
import { rm } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { startSimulator } from '../../main/simulator';
import { buildMemoryHolder } from './fixtures/memory-bundle';
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

/** The holder bundled (`bundled` is its entry), or the TypeScript through tsx. */
async function holder(args: string[], bundled: string | null): Promise<string[]> {
  const runtime = bundled === null ? ['--import', 'tsx', HOLDER] : [bundled];
  const { stdout } = await run(process.execPath, ['--expose-gc', ...runtime, ...args], { timeout: 60_000 });
  return stdout.trim().split('\n');
}

async function measure(args: string[], bundled: string | null, cachedQuotes = 0): Promise<Usage> {
  const lines = await holder(args, bundled);
  const usage = JSON.parse(lines.pop() as string) as Usage;
  if (args[0] === 'core') {
    // The core reports what it loaded: a figure over an empty cache would read as a good one.
    const held = JSON.parse(lines.pop() ?? '{}') as { inboxTotal?: number };
    if ((held.inboxTotal ?? 0) < cachedQuotes) throw new Error(`the core's inbox held ${held.inboxTotal} quotes, fewer than the ${cachedQuotes} cached`);
  }
  return usage;
}

function megabytes(values: number[]) {
  const spread = spreadOf(values.map((value) => value / MB));
  return { value: round(median(values) / MB), spread: { min: round(spread.min), q1: round(spread.q1), q3: round(spread.q3), max: round(spread.max) } };
}

export default defineBenchmark({
  name: 'memory',
  title: 'Main-process memory: RSS and heap of a process holding the core, 10,000 cached quotes and the webhook receiver',
  budgetMs: { full: 120_000, quick: 30_000 },
  async run(ctx) {
    const built = await buildMemoryHolder();
    const bundled = built.entry;
    const simulator = await startSimulator({ quotes: 200, log: () => {} });
    const rounds = ctx.quick ? 1 : 5;
    const cachedQuotes = ctx.quick ? 2_000 : 10_000;
    const bare: Usage[] = [];
    const core: Usage[] = [];
    const bareTsx: Usage[] = [];
    const coreTsx: Usage[] = [];
    let dataDir = '';
    try {
      // One data folder for every round, prepared in its own process; each measured process starts cold on it.
      dataDir = (await holder(['prepare', simulator.baseUrl, simulator.credentials.adminApiKey, String(ACCOUNTS), String(cachedQuotes)], null)).pop() as string;
      let lastRoundMs = 0;
      while (core.length < rounds && (core.length === 0 || ctx.timeLeft() > lastRoundMs * 1.2)) {
        const started = performance.now();
        bare.push(await measure(['bare'], bundled));
        core.push(await measure(['core', dataDir], bundled, cachedQuotes));
        bareTsx.push(await measure(['bare'], null));
        coreTsx.push(await measure(['core', dataDir], null, cachedQuotes));
        lastRoundMs = performance.now() - started;
      }
    } finally {
      await simulator.close();
      await built.dispose();
      if (dataDir !== '') await rm(dataDir, { recursive: true, force: true });
    }
    const details = { accounts: ACCOUNTS, cachedQuotes, syncedQuotesPerAccount: 200, webhookReceiver: 'listening', runtime: 'node, esbuild bundle of our code, packages external (as electron-vite builds out/main)' };
    const figures: Figure[] = [
      { id: 'memory.rss', label: `Core process RSS (${ACCOUNTS} accounts, ${cachedQuotes.toLocaleString('en')} cached quotes, receiver)`, unit: 'MB', rounds: core.length, target: { op: '<=', value: 150 }, details: { ...details, heapTotalMB: round(median(core.map((usage) => usage.heapTotal)) / MB), externalMB: round(median(core.map((usage) => usage.external)) / MB) }, ...megabytes(core.map((usage) => usage.rss)) },
      { id: 'memory.heap', label: `Core process heap used (${ACCOUNTS} accounts, ${cachedQuotes.toLocaleString('en')} cached quotes, receiver)`, unit: 'MB', rounds: core.length, details, ...megabytes(core.map((usage) => usage.heapUsed)) },
      { id: 'memory.rss-bare', label: 'Bare process RSS (same runtime, nothing loaded)', unit: 'MB', rounds: bare.length, ...megabytes(bare.map((usage) => usage.rss)) },
      { id: 'memory.heap-bare', label: 'Bare process heap used', unit: 'MB', rounds: bare.length, ...megabytes(bare.map((usage) => usage.heapUsed)) },
      { id: 'memory.rss-tsx', label: 'Core process RSS, TypeScript through the tsx loader', unit: 'MB', rounds: coreTsx.length, details: { runtime: 'node --import tsx' }, ...megabytes(coreTsx.map((usage) => usage.rss)) },
      { id: 'memory.rss-bare-tsx', label: 'Bare process RSS through the tsx loader', unit: 'MB', rounds: bareTsx.length, ...megabytes(bareTsx.map((usage) => usage.rss)) },
    ];
    return figures;
  },
});

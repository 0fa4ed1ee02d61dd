// The cache at scale: 1,000, 10,000 and 100,000 quotes seen with an internal key.
// - First sync into the cache: the sync engine (list pages, compare-and-store, the detail
//   prefetch of every quote that waits for a decision) against the floor: the same requests
//   at the same parallelism with one plain INSERT transaction per page. CPU of this process;
//   the recorded service runs in another process (fixtures/scale-server.ts), so its CPU is on
//   neither side. Wall time beside it.
// - Cold load to the first window of rows: open the file the first sync left and answer the
//   first 100 rows (from the file: cache/first-window.ts); CPU. Beside it, the CPU of the
//   inbox index's build that follows in the background (timed at once here).
// - Database file against the bare store of the same JSON (the floor's file).
// - Main-process RSS of the real core (bundled as the app's main process is) right after its
//   first sync of the account, and at rest after a restart (fixtures/scale-holder.ts).
// Each figure carries its growth exponent from the size before: 1 grows with the work.
// QUOTEDESK_SCALE_ONLY=rss measures only the last two (the core's first sync and its restart,
// a few minutes at 100,000 instead of a quarter of an hour), e.g.
//   QUOTEDESK_SCALE_ONLY=rss QUOTEDESK_SCALE_SIZES=100000 npm run bench -- scale
import { execFile, fork } from 'node:child_process';
import type { ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { createAgent } from '../../main/core/api';
import { createQuoteCache } from '../../main/core/cache';
import { createEventBus } from '../../main/core/events';
import type { DomainEvents } from '../../main/core/events';
import { createSilentLogger } from '../../main/core/log';
import { systemClock } from '../../main/core/ports';
import { openSqliteStore } from '../../main/core/database';
import { buildMemoryHolder } from './fixtures/memory-bundle';
import type { ScaleServerReady } from './fixtures/scale-server';
import { median, round, spreadOf } from './harness/stats';
import type { Figure, Target, Unit } from './harness/types';
import { defineBenchmark } from './harness/types';
import { createFirstSync } from './subjects/first-sync-subject';

const run = promisify(execFile);
const SERVER = fileURLToPath(new URL('./fixtures/scale-server.ts', import.meta.url));
const HOLDER = fileURLToPath(new URL('./fixtures/scale-holder.ts', import.meta.url));
const PARALLELISM = 4;
const LIMIT = 100;
const MB = 1024 * 1024;
const collectGarbage = (globalThis as { gc?: () => void }).gc;

interface Measured {
  cpuMs: number;
  wallMs: number;
}

async function timed(work: () => Promise<unknown>): Promise<Measured> {
  collectGarbage?.();
  const cpu = process.cpuUsage();
  const started = performance.now();
  await work();
  const used = process.cpuUsage(cpu);
  return { cpuMs: (used.user + used.system) / 1000, wallMs: performance.now() - started };
}

async function startServer(quotes: number): Promise<{ ready: ScaleServerReady; child: ChildProcess }> {
  const child = fork(SERVER, [String(quotes)], { execArgv: ['--import', 'tsx'], stdio: ['ignore', 'inherit', 'inherit', 'ipc'] });
  const ready = await new Promise<ScaleServerReady>((resolve, reject) => {
    child.once('message', (message) => resolve(message as ScaleServerReady));
    child.once('exit', (code) => reject(new Error(`the scale server exited (${code}) before it was ready`)));
  });
  return { ready, child };
}

const fileSize = (path: string) => ['', '-wal'].reduce((sum, suffix) => sum + (existsSync(path + suffix) ? statSync(path + suffix).size : 0), 0);
const sizeName = (quotes: number) => (quotes >= 1000 ? `${quotes / 1000}k` : String(quotes));

interface SizeResult {
  quotes: number;
  details: number;
  seedMs: number;
  engine: Measured[];
  bare: Measured[];
  coldLoadCpuMs: number[];
  indexBuildCpuMs: number[];
  dbBytes: number;
  bareBytes: number;
  rssAfterSync: HolderMemory;
  rssAtRest: HolderMemory;
}

/** What the core's process reported (bytes). */
interface HolderMemory {
  rss: number;
  heapUsed: number;
  heapTotal: number;
  external: number;
}

export default defineBenchmark({
  name: 'scale',
  title: 'The cache at 1,000, 10,000 and 100,000 quotes: first sync, cold load, file size, main-process memory',
  budgetMs: { full: 1_500_000, quick: 90_000 },
  async run(ctx) {
    // QUOTEDESK_SCALE_SIZES=10000,100000 measures chosen sizes only (profiling one of them).
    const chosen = process.env.QUOTEDESK_SCALE_SIZES?.split(',').map(Number).filter((size) => Number.isInteger(size) && size >= 20);
    const sizes = chosen?.length ? chosen : ctx.quick ? [300, 1_000] : [1_000, 10_000, 100_000];
    const rssOnly = process.env.QUOTEDESK_SCALE_ONLY === 'rss';
    const logger = createSilentLogger();
    const built = await buildMemoryHolder(HOLDER);
    const results: SizeResult[] = [];
    try {
      for (const [position, quotes] of sizes.entries()) {
        if (position > 0 && ctx.timeLeft() <= 0) {
          ctx.log(`budget reached before ${quotes} quotes`);
          break;
        }
        results.push(await measureSize(quotes, position === 0));
      }
    } finally {
      await built.dispose();
    }
    return figures(results, rssOnly);

    async function measureSize(quotes: number, warmUp: boolean): Promise<SizeResult> {
      const { ready, child } = await startServer(quotes);
      const dispatcher = createAgent();
      const sync = createFirstSync({ baseUrl: ready.baseUrl, plan: ready.plan, dispatcher, parallelism: PARALLELISM, limit: LIMIT });
      const folder = mkdtempSync(join(tmpdir(), 'quotedesk-bench-scale-'));
      const expect = (what: string, seen: number) => {
        if (seen < quotes) throw new Error(`${what} holds ${seen} quotes, the service has ${quotes}`);
      };
      /** The core's own process: its RSS right after its first sync, then at rest after a restart. */
      const holderMemory = async (): Promise<Pick<SizeResult, 'rssAfterSync' | 'rssAtRest'>> => {
        const dataDir = join(folder, 'core');
        const holder = async (...args: string[]) => {
          const { stdout } = await run(process.execPath, ['--expose-gc', built.entry, ...args], { timeout: 600_000, maxBuffer: 1024 * 1024 });
          const measured = JSON.parse(stdout.trim().split('\n').pop() as string) as HolderMemory & { inboxTotal: number };
          expect(`the core (${args[0]})`, measured.inboxTotal);
          return measured;
        };
        const rssAfterSync = await holder('sync', dataDir, ready.baseUrl, ready.plan.apiKey);
        return { rssAfterSync, rssAtRest: await holder('rest', dataDir) };
      };
      try {
        ctx.log(`${quotes} quotes: service recorded in ${ready.seedMs} ms; ${ready.plan.pages} pages, ${ready.plan.detailIds.length} detail prefetches`);
        if (rssOnly) return { ...(await holderMemory()), quotes, details: ready.plan.detailIds.length, seedMs: ready.seedMs, engine: [], bare: [], coldLoadCpuMs: [], indexBuildCpuMs: [], dbBytes: 0, bareBytes: 0 };
        if (warmUp && !ctx.quick) {
          expect('the bare sync', await sync.bare());
          expect('the sync engine', await sync.engine());
        }
        const rounds = ctx.quick || quotes >= 100_000 ? 1 : quotes >= 10_000 ? 3 : 5;
        const engine: Measured[] = [];
        const bare: Measured[] = [];
        let enginePath = '';
        let barePath = '';
        for (let round = 0; round < rounds; round += 1) {
          if (round > 0 && ctx.timeLeft() < 60_000) break;
          // Alternating, the floor first: a noisy neighbour slows both halves of a round.
          if (barePath) sync.remove(barePath);
          bare.push(await timed(async () => expect('the bare sync', await sync.bare((path) => (barePath = path)))));
          if (enginePath) sync.remove(enginePath);
          engine.push(await timed(async () => expect('the sync engine', await sync.engine((path) => (enginePath = path)))));
        }
        const coldLoadCpuMs: number[] = [];
        const indexBuildCpuMs: number[] = [];
        for (let load = 0; load < (ctx.quick ? 1 : 5); load += 1) {
          const store = openSqliteStore({ path: enginePath, logger });
          const cache = createQuoteCache({ store, bus: createEventBus<DomainEvents>({ logger }), clock: systemClock, logger });
          try {
            const { cpuMs } = await timed(async () => {
              const reopened = openSqliteStore({ path: enginePath, logger });
              const first = createQuoteCache({ store: reopened, bus: createEventBus<DomainEvents>({ logger }), clock: systemClock, logger });
              const window = first.inbox({ sort: 'newest', offset: 0, limit: 100, now: Date.now() });
              reopened.close();
              expect('the cold load', window.total);
            });
            coldLoadCpuMs.push(cpuMs);
            // What the first window no longer waits for: the whole index, built after it in
            // slices between other work (here at once, to time it).
            indexBuildCpuMs.push((await timed(() => cache.indexBuilt())).cpuMs);
          } finally {
            store.close();
          }
        }
        const dbBytes = fileSize(enginePath);
        const bareBytes = fileSize(barePath);
        return { quotes, details: ready.plan.detailIds.length, seedMs: ready.seedMs, engine, bare, coldLoadCpuMs, indexBuildCpuMs, dbBytes, bareBytes, ...(await holderMemory()) };
      } finally {
        await sync.close();
        await dispatcher.close();
        child.disconnect();
        rmSync(folder, { recursive: true, force: true });
      }
    }
  },
});

/** One figure per measure and size, with its growth exponent from the size before (`rssOnly`: the core's RSS alone). */
function figures(results: SizeResult[], rssOnly: boolean): Figure[] {
  const out: Figure[] = [];
  const measures = rssOnly ? new Set(['rss-after-sync', 'rss-at-rest']) : null;
  const add = (measure: string, label: (r: SizeResult) => string, unit: Unit, valueOf: (r: SizeResult) => number[], targetOf: (quotes: number) => Target | undefined, detailsOf: (r: SizeResult) => Record<string, string | number> = () => ({})) => {
    if (measures !== null && !measures.has(measure)) return;
    results.forEach((result, position) => {
      const values = valueOf(result);
      const value = round(median(values));
      const previous = results[position - 1];
      const growth = previous ? round(Math.log(value / median(valueOf(previous))) / Math.log(result.quotes / previous.quotes)) : null;
      const spread = spreadOf(values);
      const target = targetOf(result.quotes);
      out.push({
        id: `scale.${measure}.${sizeName(result.quotes)}`,
        label: growth === null ? label(result) : `${label(result)}; growth N^${growth} from ${sizeName(previous!.quotes)}`,
        unit,
        value,
        ...(values.length > 1 ? { spread: { min: round(spread.min), q1: round(spread.q1), q3: round(spread.q3), max: round(spread.max) } } : {}),
        rounds: values.length,
        ...(target ? { target } : {}),
        details: { quotes: result.quotes, detailPrefetches: result.details, ...(growth === null ? {} : { growthExponent: growth, growthFrom: previous!.quotes }), ...detailsOf(result) },
      });
    });
  };
  const n = (r: SizeResult) => r.quotes.toLocaleString('en');
  const ratios = (r: SizeResult, side: keyof Measured) => r.engine.map((engine, index) => engine[side] / r.bare[index]![side]);
  add('first-sync-ratio', (r) => `First sync into the cache (${n(r)} quotes), CPU: sync engine ÷ fetch + one INSERT transaction per page`, 'x', (r) => ratios(r, 'cpuMs'), (quotes) => (quotes >= 10_000 ? { op: '<=', value: 1.5 } : undefined), (r) => ({
    engineCpuMs: round(median(r.engine.map((m) => m.cpuMs))),
    bareCpuMs: round(median(r.bare.map((m) => m.cpuMs))),
    service: 'recorded bodies served by another process',
  }));
  add('first-sync-wall-ratio', (r) => `First sync into the cache (${n(r)} quotes), wall time: sync engine ÷ floor`, 'x', (r) => ratios(r, 'wallMs'), (quotes) => (quotes >= 100_000 ? { op: '<=', value: 2 } : undefined), (r) => ({
    engineWallMs: round(median(r.engine.map((m) => m.wallMs))),
    bareWallMs: round(median(r.bare.map((m) => m.wallMs))),
  }));
  add('first-sync-cpu', (r) => `First sync into the cache (${n(r)} quotes), CPU`, 'ms', (r) => r.engine.map((m) => m.cpuMs), () => undefined);
  add('cold-load', (r) => `Cold load to the first window of rows (${n(r)} quotes: open, 100 rows from the file while the index builds after), CPU`, 'ms', (r) => r.coldLoadCpuMs, (quotes) => (quotes >= 100_000 ? { op: '<=', value: 150 } : quotes >= 10_000 ? { op: '<=', value: 30 } : undefined));
  add('index-build', (r) => `Inbox index built after the first window (${n(r)} quotes, in slices that yield to the event loop), CPU`, 'ms', (r) => r.indexBuildCpuMs, () => undefined);
  add('db-size-ratio', (r) => `Database file (${n(r)} quotes) ÷ the bare store of the same JSON`, 'x', (r) => [r.dbBytes / r.bareBytes], () => ({ op: '<=', value: 1.2 }), (r) => ({ databaseMB: round(r.dbBytes / MB), bareMB: round(r.bareBytes / MB) }));
  const rssTarget = (quotes: number): Target | undefined => (quotes >= 100_000 ? { op: '<=', value: 300 } : quotes >= 10_000 ? { op: '<=', value: 200 } : undefined);
  const heap = (memory: HolderMemory) => ({ heapUsedMB: round(memory.heapUsed / MB), heapTotalMB: round(memory.heapTotal / MB), externalMB: round(memory.external / MB) });
  add('rss-after-sync', (r) => `Main-process RSS right after a real first sync (${n(r)} quotes)`, 'MB', (r) => [r.rssAfterSync.rss / MB], rssTarget, (r) => ({ runtime: 'node, esbuild bundle of our code (as out/main)', ...heap(r.rssAfterSync) }));
  add('rss-at-rest', (r) => `Main-process RSS at rest after a restart (${n(r)} quotes cached)`, 'MB', (r) => [r.rssAtRest.rss / MB], rssTarget, (r) => heap(r.rssAtRest));
  add('service-start', (r) => `Embedded service seeded and recorded (${n(r)} quotes), wall (another process)`, 'ms', (r) => [r.seedMs], () => undefined);
  return out;
}

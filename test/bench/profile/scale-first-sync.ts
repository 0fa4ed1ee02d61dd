// `node --import tsx [--cpu-prof] test/bench/profile/scale-first-sync.ts [QUOTES] [ROUNDS]`: the
// first sync of the scale benchmark against the recorded service in another process, the
// floor and the engine alternating, ROUNDS (default 3) times. Each run prints where its wall
// time went: CPU, the main thread's idle time (event loop utilisation: idle is waiting for
// the network or the disk, busy-but-not-on-CPU is the machine's load), garbage-collection
// pauses, and per phase (list pages, the inbox index built for needsAction, detail
// prefetches) wall and CPU, with the time spent inside the cache's record calls.
// QUOTEDESK_BASELINE=TREE (a checkout of an older commit, e.g. `git archive` into a folder
// with node_modules linked) runs that tree's engine too, in the same process, alternating
// which engine goes first each round: before/after on a loaded machine.
// QUOTEDESK_PROFILE=FILE writes a CPU profile of the engine's runs alone (summarise it with
// summarise-cpu-profile.ts).
import { fork } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { Session } from 'node:inspector/promises';
import { loadavg } from 'node:os';
import { fileURLToPath } from 'node:url';
import { PerformanceObserver, performance } from 'node:perf_hooks';
import { createAgent } from '../../../main/core/api';
import type { QuoteCache } from '../../../main/core/cache';
import type { ScaleServerReady } from '../fixtures/scale-server';
import { createFirstSync } from '../subjects/first-sync-subject';
import type { EngineProbe } from '../subjects/first-sync-subject';

const quotes = Number(process.argv[2] ?? 10_000);
const rounds = Number(process.argv[3] ?? 3);
const child = fork(fileURLToPath(new URL('../fixtures/scale-server.ts', import.meta.url)), [String(quotes)], { execArgv: ['--import', 'tsx'] });
const ready = await new Promise<ScaleServerReady>((resolve) => child.once('message', (message) => resolve(message as ScaleServerReady)));
const dispatcher = createAgent();
const syncOptions = { baseUrl: ready.baseUrl, plan: ready.plan, dispatcher, parallelism: 4, limit: 100 };
const sync = createFirstSync(syncOptions);
const baselineTree = process.env.QUOTEDESK_BASELINE;
const baseline = baselineTree
  ? ((await import(`${baselineTree}/test/bench/subjects/first-sync-subject.ts`)) as { createFirstSync: typeof createFirstSync }).createFirstSync(syncOptions)
  : null;
console.log(`${quotes} quotes: ${ready.plan.pages} pages, ${ready.plan.detailIds.length} detail prefetches`);

let gcMs = 0;
let gcCount = 0;
new PerformanceObserver((list) => {
  for (const entry of list.getEntries()) {
    gcMs += entry.duration;
    gcCount += 1;
  }
}).observe({ entryTypes: ['gc'] });

interface Mark {
  name: string;
  wall: number;
  cpu: number;
}

const cpuNow = () => {
  const used = process.cpuUsage();
  return (used.user + used.system) / 1000;
};
const ms = (value: number) => Math.round(value);
let profiles = 0;
const profiler = process.env.QUOTEDESK_PROFILE ? new Session() : null;
if (profiler) {
  profiler.connect();
  await profiler.post('Profiler.enable');
  await profiler.post('Profiler.setSamplingInterval', { interval: 500 });
}

async function traced(side: 'bare' | 'engine' | 'baseline'): Promise<{ cpu: number; wall: number }> {
  const marks: Mark[] = [];
  const mark = (name: string) => marks.push({ name, wall: performance.now(), cpu: cpuNow() });
  let recordMs = 0;
  let recordCpuMs = 0;
  let slowestRecordMs = 0;
  let records = 0;
  const probe: EngineProbe = {
    pagesDone: () => mark('pages stored'),
    bus(bus) {
      let details = false;
      bus.subscribe('sync.state', (state) => {
        if (!details && state.progress?.details) {
          details = true;
          mark('pages stored, index built, details chosen');
        }
      });
    },
    cache(cache): QuoteCache {
      return {
        ...cache,
        record(sighting) {
          const started = performance.now();
          const cpu = cpuNow();
          try {
            return cache.record(sighting);
          } finally {
            const took = performance.now() - started;
            recordMs += took;
            recordCpuMs += cpuNow() - cpu;
            slowestRecordMs = Math.max(slowestRecordMs, took);
            records += 1;
          }
        },
        needsAction(accountId) {
          mark('pages stored');
          const found = cache.needsAction(accountId);
          mark('index built');
          return found;
        },
      };
    },
  };
  const gcBefore = { ms: gcMs, count: gcCount };
  const elu = performance.eventLoopUtilization();
  const profiling = side === 'engine' ? profiler : null;
  if (profiling) await profiling.post('Profiler.start');
  mark('start');
  const held = side === 'bare' ? await sync.bare(undefined, probe) : side === 'engine' ? await sync.engine(undefined, probe) : await baseline!.engine(undefined, probe);
  mark('end');
  if (profiling) {
    const { profile } = await profiling.post('Profiler.stop');
    writeFileSync(`${process.env.QUOTEDESK_PROFILE}.${(profiles += 1)}.cpuprofile`, JSON.stringify(profile));
  }
  const used = performance.eventLoopUtilization(elu);
  const first = marks[0]!;
  const last = marks.at(-1)!;
  const phases = marks.slice(1).map((m, index) => `${m.name} +${ms(m.wall - marks[index]!.wall)} ms wall / ${ms(m.cpu - marks[index]!.cpu)} ms CPU`);
  console.log(
    `${side}: ${held} quotes, ${ms(last.cpu - first.cpu)} ms CPU, ${ms(last.wall - first.wall)} ms wall; loop idle ${ms(used.idle)} ms, active ${ms(used.active)} ms; ` +
      `GC ${gcCount - gcBefore.count} pauses ${ms(gcMs - gcBefore.ms)} ms${side !== 'bare' ? `; in record ${ms(recordMs)} ms wall / ${ms(recordCpuMs)} ms CPU (${records} calls, slowest ${ms(slowestRecordMs)} ms)` : ''}; load ${loadavg()[0]!.toFixed(1)}`,
  );
  console.log(`  ${phases.join('; ')}`);
  return { cpu: last.cpu - first.cpu, wall: last.wall - first.wall };
}

const ratio = (a: { cpu: number; wall: number }, b: { cpu: number; wall: number }) => `CPU ${(a.cpu / b.cpu).toFixed(2)}x, wall ${(a.wall / b.wall).toFixed(2)}x`;
for (let round = 0; round < rounds; round += 1) {
  const bare = await traced('bare');
  if (!baseline) {
    console.log(`round ${round + 1}: engine ÷ bare ${ratio(await traced('engine'), bare)}`);
    continue;
  }
  // Alternating which engine follows the floor: a neighbour's burst lands on either.
  const first = round % 2 === 0 ? 'engine' : 'baseline';
  const runs = { [first]: await traced(first), [first === 'engine' ? 'baseline' : 'engine']: await traced(first === 'engine' ? 'baseline' : 'engine') };
  console.log(`round ${round + 1}: engine ÷ bare ${ratio(runs.engine!, bare)}; baseline ÷ bare ${ratio(runs.baseline!, bare)}; engine ÷ baseline ${ratio(runs.engine!, runs.baseline!)}`);
}
await sync.close();
await baseline?.close();
await dispatcher.close();
child.disconnect();

// `npx tsx test/bench/profile/webhook-checkouts.ts ROUNDS DIR...`: the webhook benchmark's
// throughput run, in one process as the benchmark runs it, for the receiver of several
// checkouts (e.g. `git archive <commit> | tar -x -C /tmp/a`, with node_modules linked in),
// alternated within each round and each framed by two runs of the first checkout's bare
// server with batched fsync. Prints, per checkout, the median per-round ratio of events per
// second (as the benchmark judges it) and the process's CPU per event (client and server
// together, which the machine's load moves much less than the wall clock): on a shared
// machine a change of a few percent shows in the CPU long before it shows in the ratio.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import type * as WebhookLoad from '../fixtures/webhook-load';
import type { Target } from '../fixtures/webhook-load';

type Fixture = typeof WebhookLoad;

const EVENTS = 5_000;
const CONCURRENCY = 50;
const rounds = Number(process.argv[2] ?? 10);
const dirs = process.argv.slice(3).map((dir) => resolve(dir));
if (!Number.isInteger(rounds) || rounds < 1 || dirs.length === 0) {
  console.error('usage: npx tsx test/bench/profile/webhook-checkouts.ts ROUNDS DIR...');
  process.exit(2);
}
const fixtures: Fixture[] = await Promise.all(dirs.map((dir) => import(join(dir, 'test/bench/fixtures/webhook-load.ts')) as Promise<Fixture>));
const work = mkdtempSync(join(tmpdir(), 'quotedesk-webhook-checkouts-'));

/** Events per second and the process's CPU µs per event of one warmed-up run. */
async function measure(fixture: Fixture, start: () => Promise<Target>, salt: string): Promise<{ rate: number; cpu: number }> {
  const target = await start();
  try {
    await fixture.throughput(target, 500, CONCURRENCY, `${salt}-warm`, 60_000);
    const before = process.cpuUsage();
    const { perSecond } = await fixture.throughput(target, EVENTS, CONCURRENCY, salt, 60_000);
    const used = process.cpuUsage(before);
    return { rate: perSecond, cpu: (used.user + used.system) / EVENTS };
  } finally {
    await target.close();
  }
}

const ratios: number[][] = dirs.map(() => []);
const cpus: number[][] = dirs.map(() => []);
const bareCpus: number[] = [];
try {
  let runs = 0;
  for (let round = 0; round < rounds; round++) {
    const bare = () => measure(fixtures[0]!, () => fixtures[0]!.startBareTarget(work), `bare-${runs++}`);
    const first = await bare();
    const order = dirs.map((_, n) => n);
    if (round % 2 === 1) order.reverse();
    const rates: number[] = [];
    for (const n of order) {
      const fixture = fixtures[n]!;
      const run = await measure(fixture, () => fixture.startReceiverTarget(join(work, `log-${runs}`)), `receiver-${runs++}`);
      rates[n] = run.rate;
      cpus[n]!.push(run.cpu);
    }
    const last = await bare();
    bareCpus.push(first.cpu, last.cpu);
    const bareRate = (first.rate + last.rate) / 2;
    dirs.forEach((_, n) => ratios[n]!.push(rates[n]! / bareRate));
  }
} finally {
  rmSync(work, { recursive: true, force: true });
}
const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] as number;
console.log(`bare server with batched fsync: ${median(bareCpus).toFixed(1)} µs of process CPU per event`);
dirs.forEach((dir, n) => {
  const ratio = ratios[n]!;
  const cpu = cpus[n]!;
  console.log(`${dir}: events/s ÷ bare ${median(ratio).toFixed(3)} (${ratio.map((value) => value.toFixed(2)).join(' ')}); ${median(cpu).toFixed(1)} µs of process CPU per event (${cpu.map((value) => value.toFixed(0)).join(' ')})`);
});

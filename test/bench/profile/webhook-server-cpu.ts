// `npx tsx test/bench/profile/webhook-server-cpu.ts [events] [rounds]`: the webhook
// benchmark's servers (the receiver, the bare node:http + HMAC server with batched fsync and
// without disk), each in a process of its own under the benchmark's closed-loop load, so the
// server's CPU per event is measured apart from the load generator's (in the benchmark they
// share one process and one core, and the wall-clock ratios move with the machine's load).
// Adding `--cpu-prof` or `--perf-basic-prof` to CHILD_FLAGS profiles the servers alone.
import { fork } from 'node:child_process';
import type { ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { startBareTarget, startReceiverTarget, throughput } from '../fixtures/webhook-load';
import type { Target } from '../fixtures/webhook-load';

const KINDS = ['receiver', 'bare', 'memory'] as const;
type Kind = (typeof KINDS)[number];
const CONCURRENCY = 50;
const CHILD_FLAGS = (process.env.CHILD_FLAGS ?? '').split(' ').filter(Boolean);

if (process.argv[2] === '--serve') await serve(process.argv[3] as Kind);
else await measure(Number(process.argv[2] ?? 3_000), Number(process.argv[3] ?? 5));

/** Child: one server; answers 'reset' and 'cpu' (µs of user + system time since the reset). */
async function serve(kind: Kind): Promise<void> {
  const dir = mkdtempSync(join(tmpdir(), 'quotedesk-webhook-cpu-'));
  const target = kind === 'receiver' ? await startReceiverTarget(join(dir, 'log')) : await startBareTarget(kind === 'bare' ? dir : null);
  let since = process.cpuUsage();
  process.on('message', (message: string) => {
    if (message === 'reset') since = process.cpuUsage();
    if (message === 'cpu') {
      const used = process.cpuUsage(since);
      process.send?.(String(used.user + used.system));
      return;
    }
    if (message === 'close') {
      void target.close().finally(() => {
        rmSync(dir, { recursive: true, force: true });
        process.exit(0);
      });
      return;
    }
    process.send?.('ok');
  });
  process.send?.(target.url);
}

async function measure(events: number, rounds: number): Promise<void> {
  const results = new Map<Kind, { cpu: number[]; rate: number[] }>(KINDS.map((kind) => [kind, { cpu: [], rate: [] }]));
  for (let round = 0; round < rounds; round++) {
    // Alternating within a round, as the benchmark does: a busy neighbour slows a round, not one server.
    for (const kind of KINDS) {
      const child = fork(fileURLToPath(import.meta.url), ['--serve', kind], { execArgv: ['--import', 'tsx', ...CHILD_FLAGS] });
      try {
        const url = await reply(child);
        const target: Target = { url, close: async () => {} };
        await throughput(target, 500, CONCURRENCY, `warm-${kind}-${round}`, 60_000);
        await ask(child, 'reset');
        const run = await throughput(target, events, CONCURRENCY, `${kind}-${round}`, 60_000);
        const result = results.get(kind)!;
        result.cpu.push(Number(await ask(child, 'cpu')) / events);
        result.rate.push(run.perSecond);
      } finally {
        child.send('close');
      }
    }
  }
  const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] as number;
  for (const [kind, { cpu, rate }] of results) {
    console.log(`${kind.padEnd(8)} server CPU ${median(cpu).toFixed(1)} µs/event (${cpu.map((value) => value.toFixed(0)).join(' ')}), ${Math.round(median(rate))} events/s (${rate.map(Math.round).join(' ')})`);
  }
}

function reply(child: ChildProcess): Promise<string> {
  return new Promise((resolve, reject) => {
    child.once('message', (message) => resolve(String(message)));
    child.once('exit', (code) => reject(new Error(`the server process exited (${code})`)));
  });
}

function ask(child: ChildProcess, message: string): Promise<string> {
  const answer = reply(child);
  child.send(message);
  return answer;
}

// `node --import tsx --cpu-prof test/bench/profile/scale-first-sync.ts [QUOTES]`: the first sync
// of the scale benchmark, engine only, three times, against the recorded service in another
// process: a CPU profile of the client side (summarise it with summarise-cpu-profile.ts).
import { fork } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { createAgent } from '../../../main/core/api';
import type { ScaleServerReady } from '../fixtures/scale-server';
import { createFirstSync } from '../subjects/first-sync-subject';

const quotes = Number(process.argv[2] ?? 10_000);
const child = fork(fileURLToPath(new URL('../fixtures/scale-server.ts', import.meta.url)), [String(quotes)], { execArgv: ['--import', 'tsx'] });
const ready = await new Promise<ScaleServerReady>((resolve) => child.once('message', (message) => resolve(message as ScaleServerReady)));
const dispatcher = createAgent();
const sync = createFirstSync({ baseUrl: ready.baseUrl, plan: ready.plan, dispatcher, parallelism: 4, limit: 100 });
for (let run = 0; run < 3; run += 1) {
  const cpu = process.cpuUsage();
  const started = performance.now();
  const held = await sync.engine();
  const used = process.cpuUsage(cpu);
  console.log(`engine: ${held} quotes, ${Math.round((used.user + used.system) / 1000)} ms CPU, ${Math.round(performance.now() - started)} ms wall`);
}
const cpu = process.cpuUsage();
await sync.bare();
const used = process.cpuUsage(cpu);
console.log(`bare: ${Math.round((used.user + used.system) / 1000)} ms CPU`);
await sync.close();
await dispatcher.close();
child.disconnect();

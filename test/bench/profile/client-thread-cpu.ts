// `node --expose-gc --import tsx test/bench/profile/client-thread-cpu.ts [rounds]`: the
// quote detail GET of the client-get benchmark, layer by layer, by the main thread's CPU
// time (process.threadCpuUsage) beside the whole process's (process.cpuUsage, what the
// benchmark divides). The process figure also counts V8's and libuv's helper threads, about
// 30 µs a request on both sides, which only dilutes a ratio; the thread figure shows the
// client's own cost. Layers run in rotating order; ratios are medians of per-round pairs.
import { request } from 'undici';
import { bodyParser } from '../../../main/core/api/validate';
import { QuoteDetailsResponse } from '../../../preload/contract';
import { median } from '../harness/stats';
import { startDetailRig } from './detail-rig';

const rounds = Number(process.argv[2] ?? 31);
const REQUESTS = 500;
const rig = await startDetailRig();
const { recording, server, dispatcher, transport, client, path, auth, headers } = rig;
const parseDetail = bodyParser(QuoteDetailsResponse);
const send = () => transport({ method: 'GET', path, kind: 'read', headers: auth });

const layers: [string, () => Promise<unknown>][] = [
  ['bare undici request + JSON.parse', async () => JSON.parse(await (await request(server.baseUrl + path, { headers, dispatcher })).body.text())],
  ['transport.ts + JSON.parse', async () => JSON.parse((await send()).text)],
  ['transport.ts + bodyParser (fast path)', async () => parseDetail(await send())],
  ['client.quotes.get', () => client.quotes.get(recording.quoteId)],
];
const collectGarbage = (globalThis as { gc?: () => void }).gc;
const processUs = layers.map((): number[] => []);
const threadUs = layers.map((): number[] => []);
for (const [, once] of layers) for (let i = 0; i < 200; i += 1) await once();
for (let round = 0; round < rounds; round += 1) {
  for (let step = 0; step < layers.length; step += 1) {
    const at = (step + round) % layers.length;
    const [, once] = layers[at] as [string, () => Promise<unknown>];
    collectGarbage?.();
    const process0 = process.cpuUsage();
    const thread0 = process.threadCpuUsage();
    for (let i = 0; i < REQUESTS; i += 1) await once();
    const used = process.cpuUsage(process0);
    const thread = process.threadCpuUsage(thread0);
    (processUs[at] as number[]).push((used.user + used.system) / REQUESTS);
    (threadUs[at] as number[]).push((thread.user + thread.system) / REQUESTS);
  }
}
const ratio = (series: number[][], at: number) => median((series[at] as number[]).map((value, round) => value / ((series[0] as number[])[round] as number)));
layers.forEach(([label], at) => {
  console.log(
    `${label.padEnd(40)} process ${median(processUs[at] as number[]).toFixed(1)} µs (${ratio(processUs, at).toFixed(3)}x)   main thread ${median(threadUs[at] as number[]).toFixed(1)} µs (${ratio(threadUs, at).toFixed(3)}x)`,
  );
});
await client.close();
await rig.close();

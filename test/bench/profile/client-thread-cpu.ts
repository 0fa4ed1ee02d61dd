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
import { measureRotated, pairedRatio } from './rotated-layers';
import type { Layer } from './rotated-layers';
import { startDetailRig } from './detail-rig';

const rounds = Number(process.argv[2] ?? 31);
const REQUESTS = 500;
const rig = await startDetailRig();
const { recording, server, dispatcher, transport, client, path, auth, headers } = rig;
const parseDetail = bodyParser(QuoteDetailsResponse);
const send = () => transport({ method: 'GET', path, kind: 'read', headers: auth });

const layers: Layer[] = [
  ['bare undici request + JSON.parse', async () => JSON.parse(await (await request(server.baseUrl + path, { headers, dispatcher })).body.text())],
  ['transport.ts + JSON.parse', async () => JSON.parse((await send()).text)],
  ['transport.ts + bodyParser (fast path)', async () => parseDetail(await send())],
  ['client.quotes.get', () => client.quotes.get(recording.quoteId)],
];
const { processUs, threadUs } = await measureRotated(layers, rounds, REQUESTS);
layers.forEach(([label], at) => {
  console.log(
    `${label.padEnd(40)} process ${median(processUs[at] as number[]).toFixed(1)} µs (${pairedRatio(processUs, at, 0).toFixed(3)}x)   main thread ${median(threadUs[at] as number[]).toFixed(1)} µs (${pairedRatio(threadUs, at, 0).toFixed(3)}x)`,
  );
});
await client.close();
await rig.close();

// `node --expose-gc --import tsx test/bench/profile/client-breakdown.ts [rounds]`: the
// client's per-request cost split into layers, by CPU time, on the client-get benchmark's
// recorded quote detail. Each line adds one layer to the one above it:
//   bare undici + JSON.parse -> + transport.ts -> + validate.ts (zod) -> + caller, retry, auth
// Layers run in rotating order each round; the ratios are medians of per-round pairs.
import { request } from 'undici';
import { parseBody } from '../../../main/core/api/validate';
import { QuoteDetailsResponse } from '../../../preload/contract';
import { median } from '../harness/stats';
import { startDetailRig } from './detail-rig';

const rounds = Number(process.argv[2] ?? 40);
const REQUESTS = 150;
const rig = await startDetailRig();
const { recording, server, dispatcher, transport, client, path, auth, headers } = rig;
const send = () => transport({ method: 'GET', path, kind: 'read', headers: auth });

const layers: [string, () => Promise<unknown>][] = [
  ['bare undici request + JSON.parse', async () => JSON.parse(await (await request(server.baseUrl + path, { headers, dispatcher })).body.text())],
  ['+ transport.ts (createTransport) + JSON.parse', async () => JSON.parse((await send()).text)],
  ['+ validate.ts parseBody (zod QuoteDetailsResponse)', async () => parseBody(await send(), QuoteDetailsResponse)],
  ['+ caller, retry, auth = client.quotes.get', () => client.quotes.get(recording.quoteId)],
];
const batch = async (work: () => Promise<unknown>) => {
  (globalThis as { gc?: () => void }).gc?.();
  const before = process.cpuUsage();
  for (let i = 0; i < REQUESTS; i += 1) await work();
  const used = process.cpuUsage(before);
  return (used.user + used.system) / REQUESTS;
};
const micros = layers.map(() => [] as number[]);
for (const [, work] of layers) await batch(work);
for (let round = 0; round < rounds; round += 1) {
  for (let step = 0; step < layers.length; step += 1) {
    const index = (step + round) % layers.length;
    micros[index]?.push(await batch((layers[index] as [string, () => Promise<unknown>])[1]));
  }
}
const bare = micros[0] as number[];
layers.forEach(([label], index) => {
  const own = micros[index] as number[];
  const ratio = median(own.map((value, round) => value / (bare[round] as number)));
  console.log(`${median(own).toFixed(0).padStart(5)} µs CPU  ${ratio.toFixed(3)}x bare  ${label}`);
});
await client.close();
await rig.close();

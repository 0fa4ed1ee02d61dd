// Load for a CPU profile of the client: `node --import tsx --cpu-prof --cpu-prof-dir=DIR
// test/bench/profile/client-load.ts get|list|bare-get|bare-list [seconds]`. It runs one side
// of the client-get or list-sync benchmark on the same recorded bodies for a while, so
// summarise-cpu-profile.ts can say where the time goes.
import { request } from 'undici';
import { createAgent, createQuotingClient } from '../../../main/core/api';
import { PATHS } from '../../../preload/contract';
import { inParallel } from '../fixtures/pool';
import { recordService, serveRecording } from '../fixtures/recorded-service';

const [mode = 'get', seconds = '10'] = process.argv.slice(2);
const recording = await recordService({ quotes: mode.endsWith('list') ? 10_000 : 20, limit: 100 });
const server = await serveRecording(recording);
const dispatcher = createAgent();
const client = createQuotingClient({ baseUrl: server.baseUrl, credentials: { mechanism: 'api-key', apiKey: recording.apiKey }, dispatcher });
const headers = { accept: 'application/json', 'user-agent': 'Quotedesk', 'api-key': recording.apiKey };
const pages = recording.pages.map((_, index) => index + 1);

const bare = async (path: string) => {
  const response = await request(server.baseUrl + path, { headers, dispatcher });
  JSON.parse(await response.body.text());
};
const once: Record<string, () => Promise<void>> = {
  get: async () => void (await client.quotes.get(recording.quoteId)),
  'bare-get': () => bare(PATHS.quote(recording.quoteId)),
  list: () => inParallel(pages, 4, async (page) => void (await client.quotes.list({ page, limit: 100 }))),
  'bare-list': () => inParallel(pages, 4, (page) => bare(`${PATHS.quotes}?page=${page}&limit=100`)),
};
const work = once[mode];
if (!work) throw new Error(`mode must be one of ${Object.keys(once).join(', ')}`);
const until = performance.now() + Number(seconds) * 1000;
let count = 0;
while (performance.now() < until) {
  await work();
  count += 1;
}
console.error(`${mode}: ${count} iterations in ${seconds} s`);
await client.close();
await dispatcher.close();
await server.close();

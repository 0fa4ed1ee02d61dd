// `node --expose-gc --import tsx test/bench/profile/client-checkouts.ts list|detail ROUNDS DIR...`:
// the response validation (`bodyParser`, fast path then zod) of several checkouts (e.g.
// `git archive <commit> | tar -x -C /tmp/a`, with node_modules linked in), each run inside the
// request loop on the same transport and recorded bodies (list pages of 100, or the detail),
// in rotating order beside transport + JSON.parse alone. Prints main-thread CPU per request and,
// per checkout, the median per-round ratio to the first. Validation measured alone on one
// parsed body can disagree with this: a check 40 % cheaper in a tight loop measured no
// different here (BENCHMARKS.md), and a change of 2 % is far below what `npm run bench`
// resolves on this machine, so compare checkouts here before running the benchmark.
import { join, resolve } from 'node:path';
import type * as Validate from '../../../main/core/api/validate';
import type * as Contract from '../../../preload/contract';
import { createAgent, DEFAULT_TIMEOUTS } from '../../../main/core/api';
import { createTransport, type HttpResponse } from '../../../main/core/api/transport';
import { systemClock } from '../../../main/core/ports';
import { PATHS } from '../../../preload/contract';
import { recordService, serveRecording } from '../fixtures/recorded-service';
import { median } from '../harness/stats';
import { measureRotated, pairedRatio } from './rotated-layers';
import type { Layer } from './rotated-layers';

const [kind, roundsArgument, ...dirArguments] = process.argv.slice(2);
const rounds = Number(roundsArgument);
const dirs = dirArguments.map((dir) => resolve(dir));
if ((kind !== 'list' && kind !== 'detail') || !Number.isInteger(rounds) || rounds < 1 || dirs.length === 0) {
  console.error('usage: node --expose-gc --import tsx test/bench/profile/client-checkouts.ts list|detail ROUNDS DIR...');
  process.exit(2);
}

const parsers = await Promise.all(
  dirs.map(async (dir) => {
    const validate = (await import(join(dir, 'main/core/api/validate.ts'))) as typeof Validate;
    const contract = (await import(join(dir, 'preload/contract/index.ts'))) as typeof Contract;
    return validate.bodyParser(kind === 'list' ? contract.QuoteListResponse : contract.QuoteDetailsResponse) as (response: HttpResponse) => unknown;
  }),
);
const recording = await recordService({ quotes: 1000, limit: 100 });
const server = await serveRecording(recording);
const dispatcher = createAgent();
const transport = createTransport({ baseUrl: server.baseUrl, dispatcher, timeouts: DEFAULT_TIMEOUTS, clock: systemClock });
const auth = { 'api-key': recording.apiKey };
// Full pages only (the last may be short), in turn.
const fullPages = recording.pages.length - 1;
let sent = 0;
const path = () => (kind === 'list' ? `${PATHS.quotes}?page=${1 + (sent++ % fullPages)}&limit=100` : PATHS.quote(recording.quoteId));
const send = () => transport({ method: 'GET', path: path(), kind: 'read', headers: auth });
const requests = kind === 'list' ? 100 : 500;

const layers: Layer[] = [
  ['transport + JSON.parse', async () => JSON.parse((await send()).text)],
  ...parsers.map((parse, index): Layer => [`transport + bodyParser of ${dirs[index]}`, async () => parse(await send())]),
];
const { threadUs } = await measureRotated(layers, rounds, requests);
layers.forEach(([label], at) => {
  const versusFirst = at >= 2 ? `   ${pairedRatio(threadUs, at, 1).toFixed(3)}x the first checkout` : '';
  console.log(`${label}: main thread ${median(threadUs[at] as number[]).toFixed(1)} µs a request (${pairedRatio(threadUs, at, 0).toFixed(3)}x transport + JSON.parse)${versusFirst}`);
});
await dispatcher.close();
await server.close();

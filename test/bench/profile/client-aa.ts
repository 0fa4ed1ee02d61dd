// An A/A check of the client benchmarks' harness as they now run (the recorded service in
// another process): `node --import tsx --expose-gc test/bench/profile/client-aa.ts
// [get|list] [rounds]` puts the same bare undici work on both sides of client-get's (or
// list-sync's) comparison. A fair harness reads about 1.00x; the spread is what noise alone
// gives on this machine at this moment, to read the real figures' spread against.
import { request } from 'undici';
import { createAgent } from '../../../main/core/api';
import { PATHS } from '../../../preload/contract';
import { compareAlternating } from '../harness/alternate';
import { formatSpread, formatValue } from '../harness/format';
import { judge } from '../harness/judge';
import { inParallel } from '../fixtures/pool';
import { startRecordedProcess } from '../fixtures/recorded-process';

const [mode = 'get', roundsText = '21'] = process.argv.slice(2);
const list = mode === 'list';
const service = await startRecordedProcess(list ? 10_000 : 20);
const { baseUrl, plan, quoteId } = service.ready;
const dispatcher = createAgent();
const headers = { accept: 'application/json', 'user-agent': 'Quotedesk', 'api-key': plan.apiKey };
const pages = Array.from({ length: plan.pages }, (_, index) => index + 1);

const bareGet = async (path: string) => {
  const response = await request(baseUrl + path, { headers, dispatcher });
  const text = await response.body.text();
  if (response.statusCode !== 200) throw new Error(`${path} answered ${response.statusCode}`);
  JSON.parse(text);
};
// The same batch as the benchmark's baseline: 500 sequential GETs, or two syncs of every page at 4 in flight.
const batch = list
  ? async () => {
      for (let sync = 0; sync < 2; sync += 1) await inParallel(pages, 4, (page) => bareGet(`${PATHS.quotes}?page=${page}&limit=100`));
    }
  : async () => {
      for (let i = 0; i < 500; i += 1) await bareGet(PATHS.quote(quoteId));
    };
try {
  const deadline = performance.now() + 300_000;
  const figure = judge(
    await compareAlternating(
      { quick: false, timeLeft: () => Math.max(0, deadline - performance.now()), log: (message) => console.error(message) },
      { id: `aa-${mode}`, label: `A/A: bare ÷ bare (${mode})`, operations: list ? pages.length * 2 : 500, rounds: Number(roundsText), baseline: batch, subject: batch },
    ),
  );
  console.log(`${figure.label}: ${formatValue(figure.value, 'x')}, ${formatSpread(figure)}, ${figure.rounds} rounds; wall-clock ratio ${figure.details?.wallClockRatio}`);
} finally {
  await dispatcher.close();
  await service.close();
}

// A full list sync of every quote, page by page at a fixed parallelism, against a bare
// undici loop fetching the same pages at the same parallelism; and, as a separate figure,
// the sync engine's first sync into an empty SQLite cache against the same requests and
// writes done bare (the engine's store writes would make a comparison with the bare
// fetch loop alone meaningless). The recorded bodies are served by another process, so the
// CPU measured is the client's (or the bare loop's) alone.
import { request } from 'undici';
import { createAgent } from '../../main/core/api';
import { PATHS } from '../../preload/contract';
import { compareAlternating, compareAlternatingWithTimes } from './harness/alternate';
import { median, round, spreadOf } from './harness/stats';
import { defineBenchmark } from './harness/types';
import { inParallel } from './fixtures/pool';
import { startRecordedProcess } from './fixtures/recorded-process';
import { createFirstSync } from './subjects/first-sync-subject';
import { createListSyncSubject } from './subjects/list-sync-subject';

const LIMIT = 100;
const PARALLELISM = 4;

export default defineBenchmark({
  name: 'list-sync',
  title: 'Full list sync of 10,000 quotes against a bare undici loop at the same parallelism',
  budgetMs: { full: 200_000, quick: 20_000 },
  async run(ctx) {
    const quotes = ctx.quick ? 1_000 : 10_000;
    const service = await startRecordedProcess(quotes);
    const { baseUrl, plan, total } = service.ready;
    const dispatcher = createAgent();
    const headers = { accept: 'application/json', 'user-agent': 'Quotedesk', 'api-key': plan.apiKey };
    const pageNumbers = Array.from({ length: plan.pages }, (_, index) => index + 1);
    const subject = await createListSyncSubject({ baseUrl, apiKey: plan.apiKey, dispatcher, parallelism: PARALLELISM, limit: LIMIT });
    // Two full syncs per batch (about 150 ms of CPU): the process's CPU clock is only precise to a few ms.
    const syncsPerBatch = ctx.quick ? 1 : 2;
    const expect = (what: string, seen: number) => {
      if (seen !== total) throw new Error(`${what} saw ${seen} quotes, the service has ${total}`);
    };
    const firstSync = createFirstSync({ baseUrl, plan, dispatcher, parallelism: PARALLELISM, limit: LIMIT });
    try {
      const figure = await compareAlternating(ctx, {
        id: 'list-sync.ratio',
        label: `Full list sync (${quotes.toLocaleString('en')} quotes): ${subject.name} ÷ bare undici`,
        operations: plan.pages * syncsPerBatch,
        rounds: 15,
        target: { op: '<=', value: 1.1 },
        details: { quotes: total, pages: plan.pages, limit: LIMIT, parallelism: PARALLELISM, subject: subject.name, service: 'recorded bodies served by another process' },
        baseline: async () => {
          for (let sync = 0; sync < syncsPerBatch; sync += 1) {
            let seen = 0;
            await inParallel(pageNumbers, PARALLELISM, async (page) => {
              const response = await request(`${baseUrl}${PATHS.quotes}?page=${page}&limit=${LIMIT}`, { headers, dispatcher });
              const text = await response.body.text();
              if (response.statusCode !== 200) throw new Error(`bare page ${page} answered ${response.statusCode}`);
              seen += (JSON.parse(text) as { data: unknown[] }).data.length;
            });
            expect('the bare loop', seen);
          }
        },
        subject: async () => {
          for (let sync = 0; sync < syncsPerBatch; sync += 1) expect(subject.name, await subject.syncAll());
        },
      });
      const engineDetails = { quotes: total, pages: plan.pages, detailPrefetches: firstSync.details, parallelism: PARALLELISM, store: 'node:sqlite, WAL, synchronous=NORMAL, fresh file each sync' };
      const engine = await compareAlternatingWithTimes(ctx, {
        id: 'list-sync.first-sync-ratio',
        label: `First sync into the cache (${quotes.toLocaleString('en')} quotes): sync engine + cache ÷ bare undici + INSERT`,
        operations: 1,
        rounds: 11,
        details: engineDetails,
        baseline: async () => expect('the bare sync', await firstSync.bare()),
        subject: async () => expect('the sync engine', await firstSync.engine()),
      });
      const spread = spreadOf(engine.subject.cpuMsPerOp);
      const engineMs = {
        id: 'list-sync.first-sync',
        label: `First sync into the cache (${quotes.toLocaleString('en')} quotes, ${firstSync.details.toLocaleString('en')} detail prefetches), CPU`,
        unit: 'ms' as const,
        value: round(median(engine.subject.cpuMsPerOp)),
        spread: { min: round(spread.min), q1: round(spread.q1), q3: round(spread.q3), max: round(spread.max) },
        rounds: engine.subject.cpuMsPerOp.length,
        details: { ...engineDetails, wallClockMsMedian: round(median(engine.subject.wallMsPerOp)) },
      };
      return [figure, engine.figure, engineMs];
    } finally {
      await firstSync.close();
      await subject.close();
      await dispatcher.close();
      await service.close();
    }
  },
});

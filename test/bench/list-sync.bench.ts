// A full list sync of every quote, page by page at a fixed parallelism, against a bare
// undici loop fetching the same pages at the same parallelism.
import { request } from 'undici';
import { createAgent } from '../../main/core/api';
import { PATHS } from '../../preload/contract';
import { compareAlternating } from './harness/alternate';
import { defineBenchmark } from './harness/types';
import { inParallel } from './fixtures/pool';
import { recordService, serveRecording } from './fixtures/recorded-service';
import { createListSyncSubject } from './subjects/list-sync-subject';

const LIMIT = 100;
const PARALLELISM = 4;

export default defineBenchmark({
  name: 'list-sync',
  title: 'Full list sync of 10,000 quotes against a bare undici loop at the same parallelism',
  budgetMs: { full: 120_000, quick: 15_000 },
  async run(ctx) {
    const quotes = ctx.quick ? 1_000 : 10_000;
    const recording = await recordService({ quotes, limit: LIMIT });
    const server = await serveRecording(recording);
    const dispatcher = createAgent();
    const headers = { accept: 'application/json', 'user-agent': 'Quotedesk', 'api-key': recording.apiKey };
    const pageNumbers = recording.pages.map((_, index) => index + 1);
    const subject = await createListSyncSubject({ baseUrl: server.baseUrl, apiKey: recording.apiKey, dispatcher, parallelism: PARALLELISM, limit: LIMIT });
    // Two full syncs per batch (about 150 ms of CPU): the process's CPU clock is only precise to a few ms.
    const syncsPerBatch = ctx.quick ? 1 : 2;
    const expect = (what: string, seen: number) => {
      if (seen !== recording.total) throw new Error(`${what} saw ${seen} quotes, the service has ${recording.total}`);
    };
    try {
      const figure = await compareAlternating(ctx, {
        id: 'list-sync.ratio',
        label: `Full list sync (${quotes.toLocaleString('en')} quotes): ${subject.name} ÷ bare undici`,
        operations: recording.pages.length * syncsPerBatch,
        rounds: 15,
        target: { op: '<=', value: 1.1 },
        details: { quotes: recording.total, pages: recording.pages.length, limit: LIMIT, parallelism: PARALLELISM, subject: subject.name },
        baseline: async () => {
          for (let sync = 0; sync < syncsPerBatch; sync += 1) {
            let seen = 0;
            await inParallel(pageNumbers, PARALLELISM, async (page) => {
              const response = await request(`${server.baseUrl}${PATHS.quotes}?page=${page}&limit=${LIMIT}`, { headers, dispatcher });
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
      return [figure];
    } finally {
      await subject.close();
      await dispatcher.close();
      await server.close();
    }
  },
});

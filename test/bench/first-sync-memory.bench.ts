// Main-process RSS 5 s after a first sync of 100,000 quotes (issue #30: 354 MB, peak 572 MB,
// in browser mode): at most 300 MB.
import { measureSyncMemory, megabytes } from './fixtures/sync-memory-run';
import { defineBenchmark } from './harness/types';

export default defineBenchmark({
  name: 'first-sync-memory',
  title: 'Main-process RSS 5 s after a first sync of 100,000 quotes',
  budgetMs: { full: 900_000, quick: 90_000 },
  async run(ctx) {
    const quotes = ctx.quick ? 1_000 : 100_000;
    const measured = await measureSyncMemory(quotes, 1, 5_000);
    return [
      {
        id: 'first-sync-memory.rss',
        label: `RSS 5 s after a first sync (${quotes.toLocaleString('en')} quotes)`,
        unit: 'MB',
        rounds: 1,
        value: megabytes(measured.rss[0]!),
        target: quotes >= 100_000 ? { op: '<=', value: 300 } : undefined,
        details: { heapUsedMB: megabytes(measured.heapUsed[0]!), coveredQuotes: measured.coverage.known },
      },
    ];
  },
});

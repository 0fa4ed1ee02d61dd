// Main-process RSS over ten sync passes of one account (the first a first sync), each read 5 s
// after its pass: it must not grow from pass to pass (issue #30: 354 MB after a first sync of
// 100,000 quotes, 777 MB after a restart and further syncs in a longer session).
import { measureSyncMemory, megabytes } from './fixtures/sync-memory-run';
import type { Figure } from './harness/types';
import { defineBenchmark } from './harness/types';

export default defineBenchmark({
  name: 'sync-memory',
  title: 'Main-process RSS after each of ten sync passes (10,000 quotes)',
  budgetMs: { full: 600_000, quick: 90_000 },
  async run(ctx) {
    const quotes = ctx.quick ? 300 : 10_000;
    const syncs = ctx.quick ? 3 : 10;
    const settleMs = ctx.quick ? 1_000 : 5_000;
    const measured = await measureSyncMemory(quotes, syncs, settleMs);
    ctx.log(`RSS after each pass (MB): ${measured.rss.map(megabytes).join(', ')}`);
    const perPass = Object.fromEntries(measured.rss.map((rss, pass) => [`pass${pass + 1}MB`, megabytes(rss)]));
    const first = measured.rss[0]!;
    const last = measured.rss.at(-1)!;
    const highest = Math.max(...measured.rss.slice(1));
    const figures: Figure[] = [
      { id: 'sync-memory.rss-first', label: `RSS 5 s after a first sync (${quotes.toLocaleString('en')} quotes)`, unit: 'MB', rounds: 1, value: megabytes(first), details: perPass },
      { id: 'sync-memory.rss-last', label: `RSS 5 s after the last of ${syncs} passes`, unit: 'MB', rounds: 1, value: megabytes(last), details: { ...perPass, coveredQuotes: measured.coverage.known } },
      // Growth over the passes after the first: a leak per pass shows here, the first sync's own peak does not.
      { id: 'sync-memory.rss-growth', label: `RSS growth from the second pass to the highest after it`, unit: 'MB', rounds: 1, value: megabytes(highest - measured.rss[Math.min(1, measured.rss.length - 1)]!), target: { op: '<=', value: 20 } },
    ];
    return figures;
  },
});

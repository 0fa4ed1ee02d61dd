// Does a large export give its memory back? A process shaped as the app's main process (our
// code bundled, fixtures/memory-holder.ts) starts the core on a folder of 100,000 cached
// quotes (--quick: 5,000), exports its whole inbox as XLSX and then as CSV, and reads its
// RSS 5 s after, with no forced collection, as the app would be. When write-excel-file built
// the whole workbook, the app stayed at 1.87 GB after such an export, three minutes later still.
import { execFile } from 'node:child_process';
import { rm } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { startSimulator } from '../../main/simulator';
import { buildMemoryHolder } from './fixtures/memory-bundle';
import { round } from './harness/stats';
import { defineBenchmark } from './harness/types';

const run = promisify(execFile);
const HOLDER = fileURLToPath(new URL('./fixtures/memory-holder.ts', import.meta.url));
const MB = 1024 * 1024;

interface Settled {
  before: number;
  peak: number;
  after: number;
  rows: Record<string, number>;
  exportMs: Record<string, number>;
}

export default defineBenchmark({
  name: 'export-memory',
  title: 'Main-process RSS 5 s after a large inbox export to XLSX and CSV',
  budgetMs: { full: 300_000, quick: 90_000 },
  async run(ctx) {
    const quotes = ctx.quick ? 5_000 : 100_000;
    const built = await buildMemoryHolder();
    const simulator = await startSimulator({ quotes: 20, log: () => {} });
    let dataDir = '';
    try {
      // The folder is prepared in its own process, so none of that work is in the measured one.
      const prepared = await run(process.execPath, ['--import', 'tsx', HOLDER, 'prepare', simulator.baseUrl, simulator.credentials.adminApiKey, '1', String(quotes)], { timeout: 240_000 });
      dataDir = prepared.stdout.trim().split('\n').pop() as string;
      const { stdout } = await run(process.execPath, [built.entry, 'export', dataDir], { timeout: 240_000, maxBuffer: 1024 * 1024 });
      const settled = JSON.parse(stdout.trim().split('\n').pop() as string) as Settled;
      const exported = Math.min(settled.rows.xlsx ?? 0, settled.rows.csv ?? 0);
      // A figure over a small export would read as a good one.
      if (exported < quotes) throw new Error(`the export held ${exported} quotes, fewer than the ${quotes} cached`);
      ctx.log(`RSS ${Math.round(settled.before / MB)} MB before, ${Math.round(settled.peak / MB)} MB at most, ${Math.round(settled.after / MB)} MB 5 s after (xlsx ${settled.exportMs.xlsx} ms, csv ${settled.exportMs.csv} ms)`);
      return [
        {
          id: 'export-memory.rss-after',
          label: `Main-process RSS 5 s after a ${quotes.toLocaleString('en')}-quote XLSX and CSV export`,
          unit: 'MB',
          value: round(settled.after / MB),
          rounds: 1,
          target: { op: '<=', value: 300 },
          details: { rssBeforeMB: round(settled.before / MB), rssPeakMB: round(settled.peak / MB), xlsxMs: settled.exportMs.xlsx ?? 0, csvMs: settled.exportMs.csv ?? 0, runtime: 'node, esbuild bundle of our code, packages external' },
        },
      ];
    } finally {
      await simulator.close();
      await built.dispose();
      if (dataDir !== '') await rm(dataDir, { recursive: true, force: true });
    }
  },
});

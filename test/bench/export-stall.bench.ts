// Does a large export hold the core? The bridge's app.info is asked every few milliseconds
// while the real core exports its whole inbox (100,000 quotes; --quick: 5,000) as XLSX, then
// as CSV, and the same calls are made with no export running. Each call's wait is counted
// from when it was due, not from when a stalled loop got round to sending it, so a blocked
// event loop shows in full. The figure is the ratio of the 99th percentiles: before exports
// left the loop, app.info waited 7.6 s during a 100,000-row XLSX export.
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Core } from '../../main/core/core';
import type { ExportDelivered, Result } from '../../preload/contract';
import { quantile, round } from './harness/stats';
import type { Figure } from './harness/types';
import { defineBenchmark } from './harness/types';
import { seededCore } from './inbox-bridge.bench';

/** How often app.info is asked, as a page polling it or a webhook arriving would. */
const EVERY_MS = 5;

/** Each app.info's wait, from when it was due to its answer, until `done` settles. */
async function probe(core: Core, done: Promise<unknown>): Promise<number[]> {
  let finished = false;
  void done.finally(() => (finished = true));
  const waits: number[] = [];
  let due = performance.now();
  while (!finished) {
    const now = performance.now();
    if (now < due) await new Promise((resolve) => setTimeout(resolve, due - now));
    const result = await core.dispatcher.dispatch('app.info', undefined);
    if (!result.ok) throw new Error(`app.info failed: ${result.error.message}`);
    waits.push(performance.now() - due);
    due += EVERY_MS;
    // A call that waited past several due times stands for them: the next is due from now.
    if (performance.now() > due) due = performance.now();
  }
  return waits;
}

const p99 = (waits: number[]) => quantile([...waits].sort((a, b) => a - b), 0.99);

export default defineBenchmark({
  name: 'export-stall',
  title: "The bridge's app.info during a large inbox export, against no export",
  budgetMs: { full: 240_000, quick: 60_000 },
  async run(ctx) {
    const quotes = ctx.quick ? 5_000 : 100_000;
    const dataDir = await mkdtemp(join(tmpdir(), 'quotedesk-bench-export-'));
    const written: Record<string, number> = {};
    const core = await seededCore(dataDir, quotes, {
      deliverExport: async (file) => {
        written[file.extension] = file.bytes.length;
        return { kind: 'saved' };
      },
    });
    try {
      const figures: Figure[] = [];
      for (const format of ['xlsx', 'csv'] as const) {
        const started = performance.now();
        const exporting = core.dispatcher.dispatch('inbox.export', { format, sort: 'newest' }) as Promise<Result<ExportDelivered>>;
        const during = await probe(core, exporting);
        const exported = await exporting;
        const exportMs = performance.now() - started;
        if (!exported.ok) throw new Error(`inbox.export (${format}) failed: ${exported.error.message}`);
        if (exported.value.rows !== quotes) throw new Error(`inbox.export (${format}) wrote ${exported.value.rows} rows, not ${quotes}`);
        // The same calls for as long, nothing else running.
        const quiet = await probe(core, new Promise((resolve) => setTimeout(resolve, exportMs)));
        ctx.log(`${format}: export ${Math.round(exportMs)} ms; app.info p99 ${round(p99(during))} ms during, ${round(p99(quiet))} ms without`);
        figures.push({
          id: `export-stall.${format}-p99-ratio`,
          label: `app.info p99 during a ${quotes.toLocaleString('en')}-quote ${format.toUpperCase()} export ÷ without`,
          unit: 'x',
          value: round(p99(during) / Math.max(p99(quiet), 0.001)),
          rounds: 1,
          details: {
            exportMs: Math.round(exportMs),
            p99DuringMs: round(p99(during)),
            p99WithoutMs: round(p99(quiet)),
            maxDuringMs: round(Math.max(...during)),
            callsDuring: during.length,
            fileBytes: written[format] ?? 0,
          },
        });
      }
      return figures;
    } finally {
      await core.close();
      await rm(dataDir, { recursive: true, force: true });
    }
  },
});

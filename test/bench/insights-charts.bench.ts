// Issue 29: "use a well-kept chart library for the charts, unless the existing hand-made chart
// is measured to be better for the same charts". The same two charts (accepted spend per month,
// and per company, per currency, in the shapes the core answers) three ways, each a page of its
// own built by Vite (minified, as a shipped bundle would be): the view's hand-made FigureTable
// (a table whose rows carry their bars), Observable Plot and LayerChart (fixtures/insights-charts).
// Measured: the bytes each page adds to a baseline page that mounts a Svelte component (the
// app ships Svelte anyway), raw and gzipped; in Chromium, the time to render both charts for
// 12 and 36 months × 3 currencies (mount, then style and layout forced), median and p95, the
// pages taking turns; and axe on each output, with the roles and names a reader is given.
import { createReadStream, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { extname, join, resolve } from 'node:path';
import { gzipSync } from 'node:zlib';
import { svelte } from '@sveltejs/vite-plugin-svelte';
import { chromium } from 'playwright-core';
import type { Page } from 'playwright-core';
import { build } from 'vite';
import { chartData } from './fixtures/insights-charts/data';
import type { ChartsWindow } from './fixtures/insights-charts/page';
import { median, quantile, round, roundedSpreadOf } from './harness/stats';
import type { Figure } from './harness/types';
import { defineBenchmark } from './harness/types';

const ROOT = resolve(import.meta.dirname, '../..');
const FIXTURES = join(import.meta.dirname, 'fixtures', 'insights-charts');
const CHROMIUM = process.env.QUOTEDESK_CHROMIUM ?? '/usr/bin/chromium';
const SUBJECTS = [
  { id: 'hand-made', label: 'Hand-made (FigureTable)', entry: 'hand-made.ts' },
  { id: 'plot', label: 'Observable Plot', entry: 'plot.ts' },
  { id: 'layerchart', label: 'LayerChart', entry: 'layerchart.ts' },
] as const;
type SubjectId = (typeof SUBJECTS)[number]['id'];
const MONTHS = [12, 36] as const;
const TYPES: Record<string, string> = { '.html': 'text/html', '.js': 'text/javascript', '.css': 'text/css' };

interface Bundle {
  bytes: number;
  gzipBytes: number;
}

/** One page: its entry built alone into `dir`, with an index.html loading what the build wrote. */
async function buildPage(entry: string, dir: string): Promise<Bundle> {
  await build({
    configFile: false,
    root: ROOT,
    logLevel: 'silent',
    plugins: [svelte()],
    build: {
      outDir: dir,
      emptyOutDir: true,
      minify: true,
      reportCompressedSize: false,
      modulePreload: { polyfill: false },
      rollupOptions: { input: join(FIXTURES, entry), output: { entryFileNames: 'page.js', assetFileNames: '[name][extname]' } },
    },
  });
  const files = readdirSync(dir).filter((file) => file.endsWith('.js') || file.endsWith('.css'));
  const css = files.filter((file) => file.endsWith('.css')).map((file) => `<link rel="stylesheet" href="${file}">`).join('');
  writeFileSync(join(dir, 'index.html'), `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Charts</title>${css}</head><body><main><h1>Insights</h1><div id="baseline"></div><div id="charts"></div></main><script type="module" src="page.js"></script></body></html>`);
  const contents = files.map((file) => readFileSync(join(dir, file)));
  return { bytes: contents.reduce((sum, content) => sum + content.length, 0), gzipBytes: contents.reduce((sum, content) => sum + gzipSync(content, { level: 9 }).length, 0) };
}

/** Serves `dir` on 127.0.0.1 (module scripts need http, not file://). */
async function serve(dir: string): Promise<{ url: string; close(): Promise<void> }> {
  const server = createServer((request, response) => {
    const path = join(dir, decodeURIComponent(new URL(request.url ?? '/', 'http://127.0.0.1').pathname));
    if (!path.startsWith(dir) || !statSync(path, { throwIfNoEntry: false })?.isFile()) {
      response.writeHead(404).end();
      return;
    }
    response.writeHead(200, { 'Content-Type': TYPES[extname(path)] ?? 'application/octet-stream' });
    createReadStream(path).pipe(response);
  });
  await new Promise<void>((ready) => server.listen(0, '127.0.0.1', ready));
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, close: () => new Promise((closed) => server.close(() => closed())) };
}

/** In the page: renders the data set, forces style and layout, returns the ms; then clears. */
async function renderOnce(page: Page, months: number): Promise<number> {
  return page.evaluate((data) => {
    const page = globalThis as unknown as ChartsWindow;
    const start = performance.now();
    page.charts!.render(data);
    void page.document.body.offsetHeight;
    const ms = performance.now() - start;
    page.charts!.clear();
    return ms;
  }, chartData(months));
}

/** axe on the charts, and what a reader is given: roles, and names of the figures (svg). */
async function accessibility(page: Page, axeSource: string): Promise<{ violations: string; tables: number; svgs: number; namedSvgs: number; roles: string; marks: string }> {
  await page.evaluate((data) => (globalThis as unknown as ChartsWindow).charts!.render(data), chartData(12));
  await page.addScriptTag({ content: axeSource });
  const result = await page.evaluate(async () => {
    interface Node {
      tagName: string;
      textContent: string | null;
      getAttribute(name: string): string | null;
      querySelector(selector: string): Node | null;
      querySelectorAll(selector: string): Iterable<Node> & { length: number };
      parentElement: (Node & { closest(selector: string): Node | null }) | null;
    }
    const page = globalThis as unknown as {
      document: { getElementById(id: string): Node };
      axe: { run(context: Node, options: object): Promise<{ violations: { id: string; nodes: unknown[] }[] }> };
    };
    const target = page.document.getElementById('charts');
    const { violations } = await page.axe.run(target, { resultTypes: ['violations'] });
    // Top-level SVGs only (Plot nests none; a legend's swatches would be).
    const svgs = [...target.querySelectorAll('svg')].filter((svg) => !svg.parentElement?.closest('svg'));
    const named = svgs.filter((svg) => svg.getAttribute('aria-label') || svg.getAttribute('aria-labelledby') || svg.querySelector(':scope > title')?.textContent);
    const roles = [...new Set([...target.querySelectorAll('[role], table')].map((element) => element.getAttribute('role') ?? element.tagName.toLowerCase()))];
    return {
      violations: violations.map((violation) => `${violation.id} (${violation.nodes.length})`).join(', ') || 'none',
      tables: target.querySelectorAll('table').length,
      svgs: svgs.length,
      namedSvgs: named.length,
      roles: roles.join(', ') || 'none',
      marks: `${target.querySelectorAll('.bar').length} bar cells, ${target.querySelectorAll('svg rect').length} rects, ${target.querySelectorAll('svg path').length} paths`,
    };
  });
  await page.evaluate(() => (globalThis as unknown as ChartsWindow).charts!.clear());
  return result;
}

export default defineBenchmark({
  name: 'insights-charts',
  title: 'Insights charts: the hand-made FigureTable against Observable Plot and LayerChart (bytes added, render time, axe)',
  budgetMs: { full: 300_000, quick: 120_000 },
  async run(ctx) {
    const dir = mkdtempSync(join(tmpdir(), 'quotedesk-bench-charts-'));
    const servers: { close(): Promise<void> }[] = [];
    const browser = await chromium.launch({ executablePath: CHROMIUM, args: ['--no-sandbox'] });
    try {
      const baseline = await buildPage('baseline-page.ts', join(dir, 'baseline'));
      const pages = new Map<SubjectId, { page: Page; bundle: Bundle }>();
      for (const subject of SUBJECTS) {
        const bundle = await buildPage(subject.entry, join(dir, subject.id));
        const server = await serve(join(dir, subject.id));
        servers.push(server);
        const page = await browser.newPage({ viewport: { width: 1280, height: 800 } });
        const errors: string[] = [];
        page.on('pageerror', (error) => errors.push(error.message));
        await page.goto(`${server.url}/index.html`);
        await page.waitForFunction(() => (globalThis as unknown as ChartsWindow).charts !== undefined);
        if (errors.length > 0) throw new Error(`${subject.id}: ${errors.join('; ')}`);
        pages.set(subject.id, { page, bundle });
      }
      const axeSource = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');
      const rounds = ctx.quick ? 3 : 40;
      const times = new Map<string, number[]>();
      for (const months of MONTHS) {
        for (const { page } of pages.values()) for (let warm = 0; warm < (ctx.quick ? 1 : 5); warm += 1) await renderOnce(page, months);
        for (let round = 0; round < rounds && (round === 0 || ctx.timeLeft() > 20_000); round += 1) {
          // The pages take turns, so a busy moment of the shared machine falls on each alike.
          const order = round % 2 === 0 ? SUBJECTS : [...SUBJECTS].reverse();
          for (const subject of order) {
            const key = `${subject.id}.${months}`;
            times.set(key, [...(times.get(key) ?? []), await renderOnce(pages.get(subject.id)!.page, months)]);
          }
        }
      }
      const figures: Figure[] = [];
      for (const subject of SUBJECTS) {
        const { page, bundle } = pages.get(subject.id)!;
        const a11y = await accessibility(page, axeSource);
        figures.push({
          id: `insights-charts.${subject.id}.bytes-added`,
          label: `${subject.label}: bytes added to the page (minified, gzip)`,
          unit: 'count',
          value: bundle.gzipBytes - baseline.gzipBytes,
          rounds: 1,
          details: { 'raw bytes added': bundle.bytes - baseline.bytes, 'page raw bytes': bundle.bytes, 'page gzip bytes': bundle.gzipBytes, axe: a11y.violations, tables: a11y.tables, 'svg charts': a11y.svgs, 'svg charts named': a11y.namedSvgs, roles: a11y.roles, 'drawn (12 months)': a11y.marks },
        });
        for (const months of MONTHS) {
          const samples = times.get(`${subject.id}.${months}`) ?? [];
          const sorted = [...samples].sort((a, b) => a - b);
          figures.push({
            id: `insights-charts.${subject.id}.render-${months}-p95`,
            label: `${subject.label}: both charts rendered, ${months} months × 3 currencies, p95`,
            unit: 'ms',
            value: round(quantile(sorted, 0.95)),
            spread: roundedSpreadOf(samples),
            rounds: samples.length,
            details: { 'p50 (ms)': round(median(samples)) },
          });
        }
      }
      return figures;
    } finally {
      await browser.close();
      for (const server of servers) await server.close();
      rmSync(dir, { recursive: true, force: true });
    }
  },
});

// Where the inbox benchmark's time goes, page by page: resource timings, paints, the first
// rows, and each keystroke's time, for the app (`bench`) and the static baseline (`static`).
//   npx tsx test/bench/profile/inbox-chromium-profile.ts [rounds] [--verbose] [--trace=/tmp/trace.json] [--cpu=/tmp/prof]
// --trace writes a Chromium trace of the last round's pages (/tmp/trace-bench.json...), --cpu
// their CPU profiles, unminified (/tmp/prof-bench-load.cpuprofile, -keys...).
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium } from 'playwright-core';
import type { Browser } from 'playwright-core';
import { buildInboxPages, serveFromMemory } from '../fixtures/inbox-pages';

const SEARCHES = ['Q-2025-11', 'annual', 'contoso', 'legal terms'];

const rounds = Number(process.argv.find((arg) => /^\d+$/.test(arg)) ?? 3);
const trace = process.argv.find((arg) => arg.startsWith('--trace='))?.slice('--trace='.length);
const verbose = process.argv.includes('--verbose');
const cpu = process.argv.find((arg) => arg.startsWith('--cpu='))?.slice('--cpu='.length);

const outDir = await mkdtemp(join(tmpdir(), 'quotedesk-profile-inbox-'));
await buildInboxPages(outDir, { minify: cpu === undefined });
const { server, origin } = await serveFromMemory(outDir);
const browser: Browser = await chromium.launch({ executablePath: process.env.QUOTEDESK_CHROMIUM ?? '/usr/bin/chromium', args: ['--no-sandbox', '--disable-gpu'] });

async function visit(scenario: 'bench' | 'static', tracePath?: string, cpuPrefix?: string) {
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 }, bypassCSP: true });
  const page = await context.newPage();
  const cdp = tracePath || cpuPrefix ? await context.newCDPSession(page) : undefined;
  const profile = async (name: string) => {
    const { profile } = (await cdp!.send('Profiler.stop')) as { profile: unknown };
    await writeFile(`${cpuPrefix}-${scenario}-${name}.cpuprofile`, JSON.stringify(profile));
  };
  if (cdp && cpuPrefix) {
    await cdp.send('Profiler.enable');
    await cdp.send('Profiler.setSamplingInterval', { interval: 100 });
    await cdp.send('Profiler.start');
  }
  const events: unknown[] = [];
  if (cdp) {
    cdp.on('Tracing.dataCollected', (data: { value: unknown[] }) => events.push(...data.value));
    await cdp.send('Tracing.start', { categories: 'devtools.timeline,v8.execute,disabled-by-default-devtools.timeline,disabled-by-default-v8.cpu_profiler,blink.user_timing,loading', transferMode: 'ReportEvents' });
  }
  await page.goto(`${origin}/${scenario}.html`);
  await page.waitForFunction('window.__firstRowsAt !== undefined', null, { timeout: 20_000 });
  if (cpuPrefix) {
    await profile('load');
    await cdp!.send('Profiler.start');
  }
  const timings = (await page.evaluate(`(() => {
    const nav = performance.getEntriesByType('navigation')[0];
    const resources = performance.getEntriesByType('resource').map((r) => [r.name.replace(/^.*\\//, ''), Math.round(r.startTime), Math.round(r.responseEnd)]);
    const paints = performance.getEntriesByType('paint').map((p) => [p.name, Math.round(p.startTime)]);
    const marks = performance.getEntriesByType('mark').map((m) => [m.name, Math.round(m.startTime)]);
    const measures = performance.getEntriesByType('measure').map((m) => [m.name, Math.round(m.startTime), Math.round(m.duration)]);
    return { responseEnd: Math.round(nav.responseEnd), domInteractive: Math.round(nav.domInteractive), firstRows: Math.round(window.__firstRowsAt), resources, paints, marks, measures };
  })()`)) as Record<string, unknown>;
  const metrics = async () => {
    const { metrics } = (await cdpMetrics.send('Performance.getMetrics')) as { metrics: { name: string; value: number }[] };
    return Object.fromEntries(metrics.map((metric) => [metric.name, metric.value]));
  };
  const cdpMetrics = cdp ?? (await context.newCDPSession(page));
  await cdpMetrics.send('Performance.enable');
  const before = await metrics();
  const keys: number[] = [];
  for (const text of SEARCHES) keys.push(...((await page.evaluate(`window.__typeAndMeasure(${JSON.stringify(text)})`)) as number[]));
  const after = await metrics();
  const perKey = (name: string) => ((after[name]! - before[name]!) * 1000) / keys.length;
  const spent = Object.fromEntries(['TaskDuration', 'ScriptDuration', 'LayoutDuration', 'RecalcStyleDuration'].map((name) => [name, Number(perKey(name).toFixed(2))]));
  if (cpuPrefix) await profile('keys');
  if (cdp && tracePath) {
    const done = new Promise((resolve) => cdp.once('Tracing.tracingComplete', resolve));
    await cdp.send('Tracing.end');
    await done;
    await writeFile(tracePath, JSON.stringify({ traceEvents: events }));
  }
  await context.close();
  return { timings, keys, spent };
}

const p = (values: number[], q: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))]!;
};
const pooled = { static: { firstRows: [] as number[], keys: [] as number[] }, bench: { firstRows: [] as number[], keys: [] as number[] } };
try {
  await visit('static');
  await visit('bench');
  for (let round = 0; round < rounds; round += 1) {
    for (const scenario of ['static', 'bench'] as const) {
      const last = round === rounds - 1;
      const { timings, keys, spent } = await visit(scenario, trace && last ? trace.replace('.json', `-${scenario}.json`) : undefined, last ? cpu : undefined);
      pooled[scenario].firstRows.push(timings.firstRows as number);
      pooled[scenario].keys.push(...keys);
      if (verbose) console.log(scenario, JSON.stringify(timings));
      const marks = (timings.marks as [string, number][]).map(([name, at]) => `${name.replace('harness:', '')} ${at}`).join(', ');
      console.log(`${scenario} first rows ${timings.firstRows as number} ms (${marks}); per key ${JSON.stringify(spent)}`);
      if (verbose) console.log(`  keys: median ${p(keys, 0.5).toFixed(1)} p95 ${p(keys, 0.95).toFixed(1)} max ${Math.max(...keys).toFixed(1)}: ${keys.map((k) => k.toFixed(0)).join(' ')}`);
    }
  }
  for (const [scenario, { firstRows, keys }] of Object.entries(pooled)) {
    console.log(`${scenario}: first rows median ${p(firstRows, 0.5)} ms (${firstRows.join(' ')}); keys median ${p(keys, 0.5).toFixed(1)} p95 ${p(keys, 0.95).toFixed(1)} ms`);
  }
} finally {
  await browser.close();
  server.close();
  await rm(outDir, { recursive: true, force: true });
}

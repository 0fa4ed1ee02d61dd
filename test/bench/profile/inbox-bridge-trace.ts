// One search typed through the real bridge in Chromium with a trace running: per key, the
// page's main-thread tasks from the input event to the rows laid out, by kind (script,
// style, layout, paint...), to see where a keystroke's time goes beyond the core's answer.
//   npx tsx test/bench/profile/inbox-bridge-trace.ts [renderer dir=out/renderer] [quotes=2000] [--trace=/tmp/trace.json] [--cpu=/tmp/keys.cpuprofile]
// --cpu records the page's CPU profile over every search instead of a trace (the bundle is
// not minified: summarise it with summarise-cpu-profile.ts).
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { chromium } from 'playwright-core';
import { createSilentLogger } from '../../../main/core/log';
import { startWebHost } from '../../../main/web/server';
import { SEARCHES, TAP, TYPE_AND_MEASURE, seededCore } from '../inbox-bridge.bench';

const args = process.argv.slice(2).filter((arg) => !arg.startsWith('--'));
const staticDir = resolve(args[0] ?? 'out/renderer');
const quotes = Number(args[1] ?? 2_000);
const tracePath = process.argv.find((arg) => arg.startsWith('--trace='))?.slice('--trace='.length);
const cpuPath = process.argv.find((arg) => arg.startsWith('--cpu='))?.slice('--cpu='.length);

interface TraceEvent {
  name: string;
  ph: string;
  ts: number;
  dur?: number;
  tid: number;
  pid: number;
  args?: Record<string, unknown>;
}

const dataDir = await mkdtemp(join(tmpdir(), 'quotedesk-profile-bridge-trace-'));
const core = await seededCore(dataDir, quotes);
const host = await startWebHost({ staticDir, dispatcher: core.dispatcher, hub: core.hub, logger: createSilentLogger(), port: 0 });
const browser = await chromium.launch({ executablePath: process.env.QUOTEDESK_CHROMIUM ?? '/usr/bin/chromium', args: ['--no-sandbox'] });
try {
  const page = await browser.newPage({ viewport: { width: 1280, height: 800 } });
  await page.addInitScript(TAP);
  await page.goto(host.url);
  await page.locator('[role="table"][aria-label="Quotes"] [role="row"][aria-rowindex="2"]').first().waitFor({ timeout: 60_000 });
  await page.evaluate(`(${TYPE_AND_MEASURE})(${JSON.stringify(SEARCHES[1])})`);
  const cdp = await page.context().newCDPSession(page);
  if (cpuPath) {
    await cdp.send('Profiler.enable');
    await cdp.send('Profiler.setSamplingInterval', { interval: 100 });
    await cdp.send('Profiler.start');
    for (const text of SEARCHES) await page.evaluate(`(${TYPE_AND_MEASURE})(${JSON.stringify(text)})`);
    const { profile } = await cdp.send('Profiler.stop');
    await writeFile(cpuPath, JSON.stringify(profile));
    process.exit(0);
  }
  const events: TraceEvent[] = [];
  cdp.on('Tracing.dataCollected', (data) => events.push(...(data.value as unknown as TraceEvent[])));
  const done = new Promise<void>((resolve) => cdp.once('Tracing.tracingComplete', () => resolve()));
  await cdp.send('Tracing.start', { categories: 'devtools.timeline,disabled-by-default-devtools.timeline,disabled-by-default-devtools.timeline.invalidationTracking,blink.user_timing,v8.execute', transferMode: 'ReportEvents' });
  await page.evaluate(`performance.mark('keys-start')`);
  const { times, arrivals, sends } = (await page.evaluate(`(${TYPE_AND_MEASURE})(${JSON.stringify(SEARCHES[1])})`)) as { times: number[]; arrivals: number[]; sends: number[] };
  await page.evaluate(`performance.mark('keys-end')`);
  await cdp.send('Tracing.end');
  await done;
  if (tracePath) await writeFile(tracePath, JSON.stringify({ traceEvents: events }));
  console.log('per key ms (total / until sent / until the answer arrived):');
  console.log(times.map((ms, key) => `${ms.toFixed(1)}/${sends[key]!.toFixed(1)}/${arrivals[key]!.toFixed(1)}`).join('  '));
  // The renderer's main thread: the thread that ran the user-timing marks.
  const mark = events.find((event) => event.name === 'keys-start');
  const end = events.find((event) => event.name === 'keys-end');
  if (!mark || !end) throw new Error('the marks are not in the trace');
  const main = events.filter((event) => event.pid === mark.pid && event.tid === mark.tid && event.ph === 'X' && event.ts >= mark.ts && event.ts <= end.ts);
  const byName = new Map<string, { ms: number; count: number }>();
  for (const event of main) {
    const entry = byName.get(event.name) ?? { ms: 0, count: 0 };
    entry.ms += (event.dur ?? 0) / 1000;
    entry.count += 1;
    byName.set(event.name, entry);
  }
  const keys = times.length;
  console.log(`main thread over ${keys} keys, ${((end.ts - mark.ts) / 1000).toFixed(0)} ms wall, per key (inclusive; nested events count in both):`);
  for (const [name, { ms, count }] of [...byName].sort((a, b) => b[1].ms - a[1].ms).slice(0, 25)) console.log(`${(ms / keys).toFixed(2).padStart(8)} ms  ${(count / keys).toFixed(1).padStart(5)}x  ${name}`);
  const tasks = main.filter((event) => event.name === 'RunTask' || event.name === 'ThreadControllerImpl::RunTask');
  console.log(`top-level tasks per key: ${(tasks.length / keys).toFixed(1)}, busy ${(tasks.reduce((sum, task) => sum + (task.dur ?? 0), 0) / 1000 / keys).toFixed(2)} ms`);
} finally {
  await browser.close();
  await host.close();
  await core.close();
  await rm(dataDir, { recursive: true, force: true });
}

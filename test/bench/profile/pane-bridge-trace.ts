// Where a step of the reading pane's benchmark (pane-bridge) spends its time: per click or
// `j`, every bridge call the page sent with when it left and when its answer came (ms from
// the step's start), the core's own time per call, the longest stall of the core's event
// loop, and when the pane settled.
//   npx tsx test/bench/profile/pane-bridge-trace.ts [renderer dir=out/renderer] [quotes=2000] [--baseline] [--cpu=/tmp/pane.cpuprofile]
// --cpu records the page's CPU profile over the walk (summarise it with summarise-cpu-profile.ts).
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { chromium } from 'playwright-core';
import { createSilentLogger } from '../../../main/core/log';
import { startWebHost } from '../../../main/web/server';
import { startSlowDetailService } from '../fixtures/slow-detail-service';
import { TAP, WAIT_SETTLED, WALK, seed } from '../pane-bridge.bench';

const args = process.argv.slice(2).filter((arg) => !arg.startsWith('--'));
const staticDir = resolve(args[0] ?? 'out/renderer');
const quotes = Number(args[1] ?? 2_000);
const baseline = process.argv.includes('--baseline');
const cpuPath = process.argv.find((arg) => arg.startsWith('--cpu='))?.slice('--cpu='.length);
const tracing = process.argv.includes('--trace');

interface TraceEvent {
  name: string;
  ph: string;
  ts: number;
  dur?: number;
  tid: number;
  pid: number;
  args?: { data?: Record<string, unknown>; elementCount?: number };
}

/** In the page: every call sent and its answer, timed from the step's start. */
const CALLS = `(() => {
  window.__calls = [];
  const byId = new Map();
  const send = WebSocket.prototype.send;
  WebSocket.prototype.send = function (data) {
    if (typeof data === 'string' && data.startsWith('{"type":"call"')) {
      const message = JSON.parse(data);
      const entry = { method: message.method, lane: message.lane ?? null, sent: performance.now() - window.__stepAt, answered: null };
      byId.set(message.id, entry);
      window.__calls.push(entry);
    }
    return send.call(this, data);
  };
  const descriptor = Object.getOwnPropertyDescriptor(WebSocket.prototype, 'onmessage');
  Object.defineProperty(WebSocket.prototype, 'onmessage', {
    configurable: true,
    get() { return descriptor.get.call(this); },
    set(listener) {
      descriptor.set.call(this, (event) => {
        if (typeof event.data === 'string' && event.data.startsWith('{"type":"result"')) {
          const entry = byId.get(JSON.parse(event.data).id);
          if (entry) entry.answered = performance.now() - window.__stepAt;
        } else if (typeof event.data === 'string' && event.data.startsWith('{"type":"event"')) {
          window.__calls.push({ method: 'event ' + JSON.parse(event.data).name, lane: null, sent: performance.now() - window.__stepAt, answered: null });
        }
        return listener.call(this, event);
      });
    },
  });
})();`;

interface Call {
  method: string;
  lane: string | null;
  sent: number;
  answered: number | null;
}

const dataDir = await mkdtemp(join(tmpdir(), 'quotedesk-profile-pane-'));
const service = await startSlowDetailService({ delayMs: 100 });
const core = await seed(dataDir, quotes, service);
const coreTimes: { method: string; ms: number }[] = [];
const dispatch = core.dispatcher.dispatch.bind(core.dispatcher);
core.dispatcher.dispatch = async (method, input) => {
  const started = performance.now();
  try {
    return await dispatch(method, input);
  } finally {
    coreTimes.push({ method, ms: performance.now() - started });
  }
};
const host = await startWebHost({ staticDir, dispatcher: core.dispatcher, hub: core.hub, logger: createSilentLogger(), port: 0 });
const browser = await chromium.launch({ executablePath: process.env.QUOTEDESK_CHROMIUM ?? '/usr/bin/chromium', args: ['--no-sandbox'] });
const loop = monitorEventLoopDelay({ resolution: 5 });
try {
  const page = await browser.newPage({ viewport: { width: 1400, height: 900 } });
  page.on('pageerror', (error) => console.error('page error:', error.message));
  await page.addInitScript(TAP);
  await page.addInitScript(CALLS);
  await page.goto(`${host.url}${baseline ? '#baseline' : ''}`);
  const table = page.locator('[role="table"][aria-label="Quotes"]');
  await table.locator('[role="row"][aria-rowindex="2"]').first().waitFor({ timeout: 60_000 });
  const cdp = await page.context().newCDPSession(page);
  let collected: TraceEvent[] = [];
  cdp.on('Tracing.dataCollected', (data) => collected.push(...(data.value as unknown as TraceEvent[])));
  if (cpuPath) {
    await cdp.send('Profiler.enable');
    await cdp.send('Profiler.setSamplingInterval', { interval: 100 });
    await cdp.send('Profiler.start');
  }
  const nameAt = async (rowIndex: number) => /[A-Z][a-z]+ localisation \d+/.exec(await table.locator(`[role="row"][aria-rowindex="${rowIndex}"]`).first().innerText())![0];
  const step = async (label: string, rowIndex: number, act: () => Promise<void>) => {
    const name = await nameAt(rowIndex);
    await page.evaluate('window.__calls = []');
    coreTimes.length = 0;
    loop.reset();
    loop.enable();
    await page.evaluate(`(${WAIT_SETTLED})(${JSON.stringify(name)})`);
    const events: TraceEvent[] = [];
    let traced: Promise<void> | null = null;
    if (tracing) {
      collected = events;
      traced = new Promise<void>((resolve) => cdp.once('Tracing.tracingComplete', () => resolve()));
      await cdp.send('Tracing.start', { categories: 'devtools.timeline,disabled-by-default-devtools.timeline,blink.user_timing', transferMode: 'ReportEvents' });
      await page.evaluate(`performance.mark('step')`);
    }
    await act();
    const ms = (await page.evaluate('window.__settled')) as number;
    if (tracing) {
      await cdp.send('Tracing.end');
      await traced;
      printMainThread(events);
    }
    await page.waitForTimeout(700);
    loop.disable();
    const calls = (await page.evaluate('window.__calls')) as Call[];
    console.log(`${label} row ${rowIndex}: settled ${ms.toFixed(1)} ms; core's loop stalled at most ${(loop.max / 1e6).toFixed(0)} ms`);
    for (const call of calls) console.log(`   ${call.sent.toFixed(1).padStart(7)} → ${call.answered === null ? '      -' : call.answered.toFixed(1).padStart(7)}  ${call.method}${call.lane ? ` [${call.lane}]` : ''}`);
    const byMethod = new Map<string, number[]>();
    for (const { method, ms: each } of coreTimes) byMethod.set(method, [...(byMethod.get(method) ?? []), each]);
    console.log(`   core: ${[...byMethod].map(([method, times]) => `${method} ${times.map((t) => t.toFixed(1)).join('/')}`).join(', ')}`);
  };
  await step('first open', 2, () => table.locator('[role="row"][aria-rowindex="2"]').first().click());
  for (const { click: start, js } of WALK) {
    await step('click', start, () => table.locator(`[role="row"][aria-rowindex="${start}"]`).first().click());
    for (let offset = 1; offset <= js; offset += 1) await step('j', start + offset, () => page.keyboard.press('j'));
  }
  if (cpuPath) {
    const { profile } = await cdp.send('Profiler.stop');
    await writeFile(cpuPath, JSON.stringify(profile));
  }
} finally {
  await browser.close();
  await host.close();
  await core.close();
  await service.close();
  await rm(dataDir, { recursive: true, force: true });
}

/** The page's main thread during a step: each task over 1 ms, with what it spent on script, style and layout. */
function printMainThread(events: TraceEvent[]): void {
  const mark = events.find((event) => event.name === 'step');
  if (!mark) {
    console.log(`     (no mark among ${events.length} trace events)`);
    return;
  }
  const main = events.filter((event) => event.pid === mark.pid && event.tid === mark.tid && event.ph === 'X' && event.ts >= mark.ts);
  const tasks = main.filter((event) => (event.name === 'RunTask' || event.name === 'ThreadControllerImpl::RunTask') && (event.dur ?? 0) > 1000);
  for (const task of tasks) {
    const inside = main.filter((event) => event.ts >= task.ts && event.ts + (event.dur ?? 0) <= task.ts + (task.dur ?? 0) && event !== task);
    const sum = (name: string) => inside.filter((event) => event.name === name).reduce((total, event) => total + (event.dur ?? 0), 0) / 1000;
    const calls = inside.filter((event) => event.name === 'FunctionCall' || event.name === 'EventDispatch' || event.name === 'TimerFire' || event.name === 'FireAnimationFrame' || event.name === 'RunMicrotasks');
    const what = calls.slice(0, 3).map((event) => `${event.name}${event.args?.data?.type ? `(${String(event.args.data.type)})` : ''}${event.args?.data?.functionName ? `(${String(event.args.data.functionName)})` : ''}`).join(' ');
    const layouts = inside.filter((event) => event.name === 'Layout').map((event) => (event.dur ?? 0) / 1000);
    // How many elements had their style recalculated: the whole list's rows, or only the pane's and two rows'.
    const styled = inside.filter((event) => event.name === 'UpdateLayoutTree').reduce((total, event) => total + (event.args?.elementCount ?? 0), 0);
    console.log(`     task @${((task.ts - mark.ts) / 1000).toFixed(1)} ${((task.dur ?? 0) / 1000).toFixed(1)} ms: style ${sum('UpdateLayoutTree').toFixed(1)} (${styled} elements), layout ${layouts.map((l) => l.toFixed(1)).join('+') || 0}, paint ${sum('Paint').toFixed(1)}, ${what}`);
  }
}

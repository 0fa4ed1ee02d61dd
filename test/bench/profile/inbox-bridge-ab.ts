// Two renderer builds against one core, alternated pass by pass in one process (the
// machine's load moves too much between runs to compare two runs of inbox-bridge.bench.ts):
// a search keystroke through the real bridge in Chromium, as that benchmark measures it.
//   npx tsx test/bench/profile/inbox-bridge-ab.ts BEFORE/out/renderer AFTER/out/renderer [quotes=2000] [passes=6]
// Prints per build the keys' p50/p95, the median of the passes' p95, until the query left
// the page and until its answer arrived, and the page's main thread per key by kind.
import { mkdtemp, rm } from 'node:fs/promises';
import { loadavg, tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { chromium } from 'playwright-core';
import type { Dispatcher } from '../../../main/core/bridge/dispatcher';
import { createSilentLogger } from '../../../main/core/log';
import { startWebHost } from '../../../main/web/server';
import { median, quantile } from '../harness/stats';
import { SEARCHES, measureRound, seededCore } from '../inbox-bridge.bench';
import type { Round } from '../inbox-bridge.bench';

const [beforeDir, afterDir] = process.argv.slice(2, 4).map((dir) => resolve(dir));
if (!beforeDir || !afterDir) throw new Error('usage: inbox-bridge-ab.ts BEFORE_RENDERER_DIR AFTER_RENDERER_DIR [quotes] [passes]');
const quotes = Number(process.argv[4] ?? 2_000);
const passes = Number(process.argv[5] ?? 6);

const load = () => loadavg().map((value) => value.toFixed(1)).join(' ');
console.log(`load average at the start: ${load()}`);
const dataDir = await mkdtemp(join(tmpdir(), 'quotedesk-profile-bridge-ab-'));
const core = await seededCore(dataDir, quotes);
const builds = { before: beforeDir, after: afterDir };
/** Per build, the ms the core took over each call (input check, handler, output check), by method. */
const hostMs: Record<string, Map<string, number[]>> = { before: new Map(), after: new Map() };
const timed = (name: string): Dispatcher => ({
  async dispatch(method, input) {
    const started = performance.now();
    const result = await core.dispatcher.dispatch(method, input);
    const times = hostMs[name]!.get(method) ?? [];
    times.push(performance.now() - started);
    hostMs[name]!.set(method, times);
    return result;
  },
});
const hosts = Object.fromEntries(
  await Promise.all(Object.entries(builds).map(async ([name, staticDir]) => [name, await startWebHost({ staticDir, dispatcher: timed(name), hub: core.hub, logger: createSilentLogger(), port: 0 })] as const)),
);
const browser = await chromium.launch({ executablePath: process.env.QUOTEDESK_CHROMIUM ?? '/usr/bin/chromium', args: ['--no-sandbox'] });
const rounds: Record<string, Round[]> = { before: [], after: [] };
try {
  for (const name of Object.keys(builds)) await measureRound(browser, hosts[name]!.url, SEARCHES.slice(0, 1));
  for (const times of Object.values(hostMs)) times.clear();
  for (let pass = 0; pass < passes; pass++) {
    const order = pass % 2 === 0 ? ['before', 'after'] : ['after', 'before'];
    for (const name of order) rounds[name]!.push(await measureRound(browser, hosts[name]!.url, SEARCHES));
    console.log(`pass ${pass + 1}/${passes} done, load ${load()}`);
  }
} finally {
  await browser.close();
  for (const host of Object.values(hosts)) await host.close();
  await core.close();
  await rm(dataDir, { recursive: true, force: true });
}

const at = (values: number[], q: number) => quantile([...values].sort((a, b) => a - b), q);
const summary: Record<string, Record<string, number>> = {};
for (const [name, runs] of Object.entries(rounds)) {
  const keys = runs.flatMap((round) => round.keystrokesMs);
  const answers = runs.flatMap((round) => round.answersMs);
  const sends = runs.flatMap((round) => round.sendsMs);
  summary[name] = {
    keys: keys.length,
    'p50 (ms)': at(keys, 0.5),
    'p95 (ms)': at(keys, 0.95),
    'median of the passes\' p95 (ms)': median(runs.map((round) => at(round.keystrokesMs, 0.95))),
    'p50 until sent (ms)': at(sends, 0.5),
    'p50 until the answer arrived (ms)': at(answers, 0.5),
    'p95 until the answer arrived (ms)': at(answers, 0.95),
    'main thread per key (ms)': median(runs.map((round) => round.mainThreadMsPerKey)),
    'inbox calls per key (with page loads)': ((hostMs[name]!.get('inbox.query')?.length ?? 0) + (hostMs[name]!.get('inbox.facets')?.length ?? 0)) / keys.length,
    'core per inbox.query, p50 (ms)': at(hostMs[name]!.get('inbox.query') ?? [0], 0.5),
    'core per inbox.facets, p50 (ms)': at(hostMs[name]!.get('inbox.facets') ?? [0], 0.5),
    ...Object.fromEntries(Object.keys(runs[0]!.mainThreadByKindMsPerKey).map((kind) => [`  ${kind} per key (ms)`, median(runs.map((round) => round.mainThreadByKindMsPerKey[kind]!))])),
  };
}
console.log(`${quotes} quotes, ${passes} alternated passes; load average at the end: ${load()}`);
for (const figure of Object.keys(summary.before!)) {
  const before = summary.before![figure]!;
  const after = summary.after![figure]!;
  console.log(`${figure.padEnd(40)} ${before.toFixed(2).padStart(9)} ${after.toFixed(2).padStart(9)}   after/before ${(after / before).toFixed(2)}`);
}

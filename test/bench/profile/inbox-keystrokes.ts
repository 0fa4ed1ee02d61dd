// Where the inbox index's keystroke time goes at one size: each keystroke's best time over
// several passes (as inbox-index.bench.ts takes it), the slowest first, with the matches
// each found. Run with --cpu-prof to see the functions.
//   node --import tsx --expose-gc test/bench/profile/inbox-keystrokes.ts [size] [passes]
// Before and after a change, on a loaded machine: copy the index as it was next to it
// (`git show BASE:main/core/cache/inbox/X.ts > main/core/cache/inbox-before/X.ts` for each
// file, left uncommitted) and give BEFORE=main/core/cache/inbox-before: both indexes are
// typed into pass by pass, alternating, and the two are reported side by side (with the
// CPU each pass of the keys took), so the load weighs on both alike.
import { resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { InboxIndex } from '../../../main/core/cache/inbox';
import { BENCH_NOW, inboxRows, keystrokes } from '../fixtures/inbox-rows';

const size = Number(process.argv[2] ?? 100_000);
const passes = Number(process.argv[3] ?? 7);
const WINDOW = { sort: 'newest', offset: 0, limit: 100, now: BENCH_NOW } as const;

type Index = Pick<InboxIndex, 'load' | 'query'>;

interface Version {
  name: string;
  index: Index;
  best: number[];
  /** Each keystroke's CPU time summed over the counted passes (less swayed by the other processes than the wall clock). */
  cpu: number[];
  totals: number[];
  passCpu: number[];
}

function versionOf(name: string, Index: new () => Index): Version {
  const index = new Index();
  index.load(inboxRows('bench', size, 17), new Map([['bench', 'internal']]), []);
  index.query(WINDOW);
  return { name, index, best: keys.map(() => Number.POSITIVE_INFINITY), cpu: keys.map(() => 0), totals: keys.map(() => 0), passCpu: [] };
}

/** One pass of every keystroke; the first (pass 0) warms up and is not counted. */
function typePass(version: Version, pass: number): void {
  const before = process.threadCpuUsage();
  keys.forEach((search, key) => {
    // The box emptied before each text, as after Escape: its first key searches the whole inbox.
    if (search.length === 1) version.index.query(WINDOW);
    const cpuBefore = process.threadCpuUsage();
    const start = performance.now();
    const window = version.index.query({ ...WINDOW, search });
    const ms = performance.now() - start;
    const cpu = process.threadCpuUsage(cpuBefore);
    version.totals[key] = window.total;
    if (pass === 0) return;
    version.best[key] = Math.min(version.best[key]!, ms);
    version.cpu[key]! += (cpu.user + cpu.system) / 1000;
  });
  const spent = process.threadCpuUsage(before);
  if (pass > 0) version.passCpu.push((spent.user + spent.system) / 1000);
}

const keys = keystrokes();
const versions = [versionOf('now', InboxIndex)];
if (process.env.BEFORE) {
  const module = (await import(pathToFileURL(resolve(process.env.BEFORE, 'index.ts')).href)) as { InboxIndex: new () => Index };
  versions.unshift(versionOf('before', module.InboxIndex));
}
for (let pass = 0; pass <= passes; pass += 1) for (const version of pass % 2 === 0 ? versions : [...versions].reverse()) typePass(version, pass);

const at = (values: number[], q: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil(q * sorted.length) - 1)]!;
};
for (const version of versions) {
  console.log(
    `${version.name}: ${size} quotes, ${keys.length} keystrokes: p50 ${at(version.best, 0.5).toFixed(3)} ms, p95 ${at(version.best, 0.95).toFixed(3)} ms, ` +
      `CPU per pass best ${Math.min(...version.passCpu).toFixed(0)} / median ${at(version.passCpu, 0.5).toFixed(0)} ms`,
  );
}
const now = versions.at(-1)!;
const before = versions.length > 1 ? versions[0]! : null;
const slowest = keys.map((key, n) => ({ key, n })).sort((a, b) => now.best[b.n]! - now.best[a.n]!);
const meanCpu = (version: Version, n: number) => (version.cpu[n]! / passes).toFixed(3);
console.log('best wall ms, mean CPU ms, matches, key');
for (const { key, n } of slowest.slice(0, Number(process.env.TOP ?? 12))) {
  const was = before ? `  (before ${before.best[n]!.toFixed(3)} / ${meanCpu(before, n)} ms${before.totals[n] === now.totals[n] ? '' : `, ${before.totals[n]} matches: DIFFERENT`})` : '';
  console.log(`${now.best[n]!.toFixed(3).padStart(8)} / ${meanCpu(now, n).padStart(6)} ms  ${String(now.totals[n]).padStart(6)} matches  "${key}"${was}`);
}

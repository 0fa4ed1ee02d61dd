// Where the inbox index's keystroke time goes at one size: each keystroke's best time over
// several passes (as inbox-index.bench.ts takes it), the slowest first, with the matches
// each found. Run with --cpu-prof to see the functions.
//   node --import tsx --expose-gc test/bench/profile/inbox-keystrokes.ts [size] [passes]
import { InboxIndex } from '../../../main/core/cache/inbox';
import { BENCH_NOW, inboxRows, keystrokes } from '../fixtures/inbox-rows';

const size = Number(process.argv[2] ?? 100_000);
const passes = Number(process.argv[3] ?? 7);
const WINDOW = { sort: 'newest', offset: 0, limit: 100, now: BENCH_NOW } as const;
const rows = inboxRows('bench', size, 17);
const index = new InboxIndex();
index.load(rows, new Map([['bench', 'internal']]), []);
index.query(WINDOW);
const keys = keystrokes();
const best = keys.map(() => Number.POSITIVE_INFINITY);
const totals = keys.map(() => 0);
for (let pass = 0; pass <= passes; pass += 1) {
  keys.forEach((search, key) => {
    if (search.length === 1) index.query(WINDOW);
    const start = performance.now();
    const window = index.query({ ...WINDOW, search });
    const ms = performance.now() - start;
    totals[key] = window.total;
    if (pass > 0) best[key] = Math.min(best[key]!, ms);
  });
}
const sorted = [...best].sort((a, b) => a - b);
const at = (q: number) => sorted[Math.min(sorted.length - 1, Math.ceil(q * sorted.length) - 1)]!;
console.log(`${size} quotes, ${keys.length} keystrokes: p50 ${at(0.5).toFixed(3)} ms, p95 ${at(0.95).toFixed(3)} ms`);
const slowest = keys.map((key, n) => ({ key, ms: best[n]!, total: totals[n]! })).sort((a, b) => b.ms - a.ms);
for (const { key, ms, total } of slowest.slice(0, Number(process.env.TOP ?? 12))) console.log(`${ms.toFixed(3).padStart(8)} ms  ${String(total).padStart(6)} matches  "${key}"`);

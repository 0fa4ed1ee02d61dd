// The Insights figures in the core (main/core/insights) over the inbox index at 100,000
// quotes of one account: a new range, split or facet (each one pass over the index's columns
// of the view's quotes), and the next read after one quote changed. The pass does not yield,
// so each sample is also how long the core is held: the inbox waits at most that long. And
// the first Insights after a start on a data folder of as many quotes (fixtures/insights-start.ts):
// the view waits for the history feed's first pass over every cached quote.
import { InboxIndex } from '../../main/core/cache/inbox';
import { readInsights } from '../../main/core/insights/read';
import { comparedWithHistory } from '../../main/core/insights/compare';
import { PriceHistory } from '../../main/core/insights/price-history';
import { DecisionTimes } from '../../main/core/insights/decision-times';
import { QuoteSlots } from '../../main/core/insights/quote-slots';
import { RevisionChanges } from '../../main/core/insights/revision-changes';
import { UnitPriceLines } from '../../main/core/insights/unit-price-lines';
import type { ItemsPricing } from '../../preload/contract';
import type { InsightsInput } from '../../preload/contract/bridge/insights';
import { InsightsInput as InsightsInputSchema } from '../../preload/contract/bridge/insights';
import { BENCH_NOW, COMPANIES, inboxRows } from './fixtures/inbox-rows';
import { insightsDataFolder } from './fixtures/insights-start';
import { median, quantile, round, spreadOf } from './harness/stats';
import type { Figure, Target } from './harness/types';
import { defineBenchmark } from './harness/types';

const VIEWS: InsightsInput[] = [
  { range: 'last-12-months' },
  { range: 'this-month' },
  { range: 'all-time' },
  { range: 'this-year', splitBy: 'serviceType' },
  { range: 'last-3-months', splitBy: 'targetMarket' },
  { range: 'last-12-months', companies: [COMPANIES[0]!, COMPANIES[1]!] },
  { range: 'all-time', currencies: ['EUR'] },
  { range: 'last-12-months', search: 'spring' },
];

const SERVICE_TYPES = ['TRANSLATION', 'REVIEW', 'SUBTITLING', 'DTP'];
const MARKETS = ['German (Germany)', 'French (France)', 'Spanish (Spain)', 'Japanese (Japan)', 'Arabic (Saudi Arabia)', 'Italian (Italy)', 'Dutch (Netherlands)', 'Polish (Poland)'];
const UNITS = ['word', 'minute', 'hour', 'page'];
const DAY_MS = 86_400_000;

/** A quote's pricing as the service sends it: one team (EUR, or USD for one in five), one to four lines of spread services, markets and units. */
function pricingOf(n: number): { quoteDate: string; itemsPricing: ItemsPricing } {
  const random = (salt: number) => ((n * 2_654_435_761 + salt * 40_503) >>> 0) / 4_294_967_296;
  const lines = 1 + Math.floor(random(1) * 4);
  const services = Array.from({ length: lines }, (_, line) => ({
    serviceName: 'Service',
    serviceType: SERVICE_TYPES[Math.floor(random(10 + line) * SERVICE_TYPES.length)]!,
    dueDate: null,
    notes: null,
    total: 0,
    targetMarkets: [
      {
        targetMarketId: '33333333-3333-4333-8333-333333333333',
        targetMarketLabel: MARKETS[Math.floor(random(20 + line) * MARKETS.length)]!,
        subTotal: 0,
        items: [{ itemName: 'Item', unit: UNITS[Math.floor(random(30 + line) * UNITS.length)]!, quantity: 100, unitPrice: Math.round(5 + random(40 + line) * 30) / 100, totalPrice: 0 }],
      },
    ],
  }));
  return {
    // Spread over the three years before BENCH_NOW.
    quoteDate: new Date(BENCH_NOW - Math.floor(random(2) * 3 * 365) * DAY_MS).toISOString(),
    itemsPricing: { total: 0, calculatedAt: null, teams: [{ teamName: 'Team', currency: n % 5 === 0 ? 'USD' : 'EUR', total: 0, clientServices: services }] },
  };
}

function figure(id: string, label: string, samples: readonly number[], target: Target | undefined, details: Record<string, string | number>): Figure {
  const sorted = [...samples].sort((a, b) => a - b);
  const spread = spreadOf(samples);
  return {
    id,
    label,
    unit: 'ms',
    value: round(quantile(sorted, 0.95)),
    spread: { min: round(spread.min), q1: round(spread.q1), q3: round(spread.q3), max: round(spread.max) },
    rounds: samples.length,
    target,
    details: { ...details, 'p50 (ms)': round(median(samples)) },
  };
}

export default defineBenchmark({
  name: 'insights',
  title: 'Insights figures in the core at 100k quotes: a new range, split or facet; the read after one quote changed; the first after a start',
  budgetMs: { full: 420_000, quick: 60_000 },
  async run(ctx) {
    const size = ctx.quick ? 2_000 : 100_000;
    const rows = inboxRows('acc', size, 29);
    const index = new InboxIndex();
    index.load(rows, new Map([['acc', 'internal' as const]]), []);
    const deps = {
      cache: { inboxSelected: index.selected.bind(index) },
      clock: { now: () => BENCH_NOW, sleep: () => Promise.resolve() },
      expiringSoonDays: 7,
    };
    // Every quote timed, one in ten revised and every quote's unit-priced lines held, as the history feed holds them.
    const slots = new QuoteSlots();
    const decisionTimes = new DecisionTimes(slots);
    const revisionChanges = new RevisionChanges(slots);
    const unitPriceLines = new UnitPriceLines(slots);
    rows.forEach((row, n) => {
      unitPriceLines.put('acc', row.quoteId, { quoteNumber: row.quoteNumber, ...pricingOf(n) });
      decisionTimes.put(row.quoteId, { at: BENCH_NOW - (n % 90) * 86_400_000, basis: n % 3 === 0 ? 'here' : 'service', reason: n % 7 === 0 ? `reason ${n % 5}` : null });
      if (n % 10 === 0) revisionChanges.set(row.quoteId, { versions: 2, byCurrency: [{ currency: row.currency ?? 'EUR', up: n % 20 === 0 ? 10 : 0, down: n % 20 === 0 ? 0 : 5 }] });
    });
    const facts = { decisionTimes, revisionChanges, unitPriceLines };
    // CPU time beside the wall clock: on the shared machine the wall clock also counts the turns other processes take.
    let cpu: number[] = [];
    const read = (view: InsightsInput) => {
      const cpuStart = process.cpuUsage();
      const start = performance.now();
      readInsights(deps, InsightsInputSchema.parse(view), facts);
      const elapsed = performance.now() - start;
      const used = process.cpuUsage(cpuStart);
      cpu.push((used.user + used.system) / 1000);
      return elapsed;
    };
    // Warm: each order is built at its first read, as the inbox builds it once.
    for (const view of VIEWS) read(view);
    cpu = [];
    const passes = ctx.quick ? 1 : 3;
    const fresh: number[] = [];
    for (let pass = 0; pass < passes && ctx.timeLeft() > 0; pass += 1) for (const view of VIEWS) fresh.push(read(view));
    const freshCpu = cpu;
    cpu = [];
    const changed: number[] = [];
    for (let n = 0; n < (ctx.quick ? 3 : 20) && ctx.timeLeft() > 0; n += 1) {
      const row = rows[(n * 4_999) % rows.length]!;
      index.put({ ...row, status: n % 2 === 0 ? 'ACCEPTED' : 'REJECTED', totalAmount: (row.totalAmount ?? 0) + 1 });
      changed.push(read(VIEWS[0]!));
    }
    const changedCpu = cpu;
    // "Compared with your history" for an open quote: every cached quote's lines held (built once, as the feed reads the cache), one quote's lines compared.
    const history = new PriceHistory();
    for (let n = 0; n < size; n += 1) history.put(`q${n}`, pricingOf(n));
    const compare = (open: number) => comparedWithHistory(history, `q${open}`, pricingOf(open), BENCH_NOW).length;
    for (let n = 0; n < 50; n += 1) compare(size - 1 - n);
    cpu = [];
    const compared: number[] = [];
    let comparedLines = 0;
    for (let n = 0; n < (ctx.quick ? 20 : 200) && ctx.timeLeft() > 0; n += 1) {
      const open = (n * 7_919) % size;
      const cpuStart = process.cpuUsage();
      const start = performance.now();
      comparedLines += compare(open);
      compared.push(performance.now() - start);
      const used = process.cpuUsage(cpuStart);
      cpu.push((used.user + used.system) / 1000);
    }
    // The first Insights after a start: each start on the same folder (made once: writing 100,000 quotes takes a while).
    const folder = insightsDataFolder(size);
    const starts: number[] = [];
    const startsCpu: number[] = [];
    try {
      for (let n = 0; n < (ctx.quick ? 1 : 3) && (n === 0 || ctx.timeLeft() > 0); n += 1) {
        const first = await folder.firstInsights();
        if (first.quotes !== size) throw new Error(`the first Insights counted ${first.quotes} quotes, not ${size}`);
        starts.push(first.ms);
        startsCpu.push(first.cpuMs);
      }
    } finally {
      folder.remove();
    }
    const full = !ctx.quick;
    const at = `${size.toLocaleString('en')} quotes`;
    return [
      figure('insights.new-view-p95', `Insights figures for a new range, split or facet, p95, ${at}`, fresh, full ? { op: '<=', value: 300 } : undefined, { views: VIEWS.length, passes, 'CPU p95 (ms)': round(quantile([...freshCpu].sort((a, b) => a - b), 0.95)) }),
      figure('insights.after-change-p95', `Insights figures after one quote changed, p95, ${at}`, changed, full ? { op: '<=', value: 20 } : undefined, {
        'CPU p95 (ms)': round(quantile([...changedCpu].sort((a, b) => a - b), 0.95)),
        note: 'one pass over the columns of the view; the unit prices kept (no lines changed)',
      }),
      figure('insights.history-compare-p95', `"Compared with your history" for an open quote, p95, ${at}`, compared, full ? { op: '<=', value: 10 } : undefined, {
        'quotes compared': compared.length,
        'CPU p95 (ms)': round(quantile([...cpu].sort((a, b) => a - b), 0.95)),
        'lines with 5 or more quotes to compare with': comparedLines,
      }),
      {
        ...figure('insights.first-after-start', `The first Insights after a start (data folder opened to the first answer), median, ${at}`, starts, undefined, {
          starts: starts.length,
          'CPU median (ms)': round(median(startsCpu)),
          note: 'list items only (no details): the feed reads every quote, but has no pricing to hold',
        }),
        value: round(median(starts)),
      },
    ];
  },
});

// The Insights figures from the inbox's rows: pure, so the core's handler and the renderer
// tests' fake bridge count alike. Amounts of different currencies are never added together.
import type { CurrencyTotal, InsightSplit, InsightsFigures } from '../../../preload/contract/bridge/insights';
import type { InboxRow } from '../../../preload/contract/bridge/inbox';
import type { QuoteStage } from '../../../preload/contract/plain/stages';
import { inRange } from './range';
import type { DayRange } from './range';

/** What the figures read of a quote: one row per quote, as the inbox index gives it (a quote two accounts see is one row). */
export type InsightRow = Pick<InboxRow, 'quoteId' | 'hasDetails' | 'stage' | 'totalAmount' | 'currency' | 'quoteDate' | 'validUntil' | 'companyName'>;

export const ACCEPTED_STAGES: readonly QuoteStage[] = ['accepted', 'in-project'];
export const WAITING_STAGES: readonly QuoteStage[] = ['awaiting-decision', 'revised'];
const DAY_MS = 86_400_000;
const EXPIRING_DAYS = 7;

export interface FiguresOptions {
  range: DayRange;
  now: number;
  splitBy: InsightSplit;
  /**
   * The service types or target markets of a quote (for those splits), null when its
   * details were never fetched: then it is left out of the split and counted as unknown.
   */
  splitKeys?: (row: InsightRow) => readonly string[] | null;
}

/** Sums per key and currency, kept apart per currency. */
class Sums {
  private readonly sums = new Map<string, CurrencyTotal & { key: string }>();

  add(key: string, currency: string, amount: number): void {
    const id = `${key}\u0000${currency}`;
    const sum = this.sums.get(id) ?? { key, currency, total: 0, count: 0 };
    sum.total += amount;
    sum.count += 1;
    this.sums.set(id, sum);
  }

  values(): (CurrencyTotal & { key: string })[] {
    return [...this.sums.values()].map((sum) => ({ ...sum, total: roundCents(sum.total) }));
  }
}

/** Sums of floating amounts drift (0.1 + 0.2): a total shown is rounded to a hundredth of its unit. */
const roundCents = (amount: number) => Math.round(amount * 100) / 100;
const byCurrency = (a: CurrencyTotal, b: CurrencyTotal) => (a.currency < b.currency ? -1 : a.currency > b.currency ? 1 : 0);
const withoutKey = ({ currency, total, count }: CurrencyTotal & { key: string }): CurrencyTotal => ({ currency, total, count });

export function figuresOf(rows: Iterable<InsightRow>, options: FiguresOptions): InsightsFigures {
  const { range, now, splitBy } = options;
  const accepted = new Set<QuoteStage>(ACCEPTED_STAGES);
  const waiting = new Set<QuoteStage>(WAITING_STAGES);
  const spendByCurrency = new Sums();
  const spendByMonth = new Sums();
  const spendBySplit = new Sums();
  const pipeline = new Sums();
  let quotes = 0;
  let undated = 0;
  let acceptedCount = 0;
  let declined = 0;
  let withoutTotal = 0;
  let splitKnown = 0;
  let waitingCount = 0;
  let expiring = 0;
  const expiringBy = now + EXPIRING_DAYS * DAY_MS;

  for (const row of rows) {
    const hasAmount = row.totalAmount !== null && row.currency !== null && row.currency !== '';
    if (waiting.has(row.stage)) {
      waitingCount += 1;
      if (hasAmount) pipeline.add('', row.currency!, row.totalAmount!);
      const validMs = row.validUntil === null ? Number.NaN : Date.parse(row.validUntil);
      if (validMs >= now && validMs <= expiringBy) expiring += 1;
    }
    if (!inRange(range, row.quoteDate)) continue;
    quotes += 1;
    if (row.quoteDate === null) undated += 1;
    if (row.stage === 'declined') declined += 1;
    if (!accepted.has(row.stage)) continue;
    acceptedCount += 1;
    const keys = splitBy === 'company' ? [row.companyName ?? 'No company'] : (options.splitKeys?.(row) ?? null);
    if (keys !== null) splitKnown += 1;
    if (!hasAmount) {
      withoutTotal += 1;
      continue;
    }
    const currency = row.currency!;
    const amount = row.totalAmount!;
    spendByCurrency.add('', currency, amount);
    if (row.quoteDate !== null) spendByMonth.add(row.quoteDate.slice(0, 7), currency, amount);
    for (const key of keys ?? []) spendBySplit.add(key, currency, amount);
  }

  const decided = acceptedCount + declined;
  return {
    range,
    quotes,
    undated,
    spend: {
      byCurrency: spendByCurrency.values().map(withoutKey).sort(byCurrency),
      byMonth: spendByMonth
        .values()
        .map(({ key, ...sum }) => ({ month: key, ...sum }))
        .sort((a, b) => (a.month < b.month ? -1 : a.month > b.month ? 1 : byCurrency(a, b))),
      splitBy,
      bySplit: spendBySplit
        .values()
        .map(({ key, ...sum }) => ({ value: key, ...sum }))
        .sort((a, b) => byCurrency(a, b) || b.total - a.total || (a.value < b.value ? -1 : 1)),
      splitKnown,
      accepted: acceptedCount,
      withoutTotal,
    },
    pipeline: { count: waitingCount, byCurrency: pipeline.values().map(withoutKey).sort(byCurrency), expiringWithin7Days: expiring },
    decisions: { accepted: acceptedCount, declined, acceptanceRate: decided === 0 ? null : acceptedCount / decided },
  };
}

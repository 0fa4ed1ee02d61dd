// Which status (and company) each seeded quote ends in. A demo must give every company
// something to work with, so before anything is left to chance each company is dealt a
// fixed hand: quotes it may accept or decline, quotes still in preparation, revised ones
// and a spread of finished ones. The rest is drawn by weight, and every status appears.
import { QUOTE_STATUSES } from '../../../preload/contract';
import type { QuoteStatus } from '../../../preload/contract';
import type { Random } from '../random';

const OPEN_WEIGHTS: [QuoteStatus, number][] = [
  ['PENDING', 3], ['SENT', 5], ['SENT_PENDING', 2], ['REVISED', 3], ['SENT_REVISED', 2], ['ACCEPTED', 1],
];
const CLOSED_WEIGHTS: [QuoteStatus, number][] = [
  ['CHANGED_TO_PROJECT', 8], ['REJECTED', 3], ['EXPIRED', 3], ['CANCELLED', 2], ['ACCEPTED', 1],
];
export const OPEN_STATUSES: ReadonlySet<QuoteStatus> = new Set(OPEN_WEIGHTS.map(([status]) => status));

/**
 * Each company's hand, most important first (a small world deals as many rounds as fit):
 * stored SENT and REVISED are what the service lets a client accept or decline (four per
 * company, two of them revised so a previous version exists), PENDING is in preparation,
 * and the finished ones cover each way a quote ends.
 */
export const COMPANY_HAND: readonly QuoteStatus[] = [
  'SENT', 'CHANGED_TO_PROJECT', 'PENDING', 'REJECTED', 'REVISED', 'EXPIRED', 'SENT', 'CANCELLED', 'PENDING', 'REVISED', 'PENDING',
];

export interface QuotePlan {
  /** By index, oldest first. */
  statuses: QuoteStatus[];
  /** Index into the companies, by quote index. */
  companies: number[];
  /** How many of the newest quotes hold the open statuses dealt above: they must be recent. */
  newestOpen: number;
}

/** Open hands take the newest slots and finished ones the oldest, so dates stay plausible. */
export function planQuotes(random: Random, count: number, companyCount: number): QuotePlan {
  const openFrom = Math.floor(count * 0.75);
  const statuses = Array.from({ length: count }, (_, index) => weighted(random, index >= openFrom ? OPEN_WEIGHTS : CLOSED_WEIGHTS));
  const companies = Array.from({ length: count }, () => random.int(0, companyCount - 1));
  const dealt = new Set<number>();
  let newest = count - 1;
  let oldest = 0;
  // Room is kept for one quote of every status, which is dealt after the hands.
  const room = count - QUOTE_STATUSES.length;
  for (const status of COMPANY_HAND) {
    if (dealt.size + companyCount > room) break;
    for (let company = 0; company < companyCount; company++) {
      const index = OPEN_STATUSES.has(status) ? newest-- : oldest++;
      statuses[index] = status;
      companies[index] = company;
      dealt.add(index);
    }
  }
  const free = Array.from({ length: count }, (_, index) => index).filter((index) => !dealt.has(index));
  const closed = QUOTE_STATUSES.filter((status) => !OPEN_STATUSES.has(status));
  closed.forEach((status, offset) => (statuses[free[offset] as number] = status));
  const open = [...OPEN_STATUSES];
  open.forEach((status, offset) => (statuses[free[free.length - 1 - offset] as number] = status));
  const lowestOpen = free[Math.max(0, free.length - open.length)] ?? newest + 1;
  return { statuses, companies, newestOpen: count - Math.min(lowestOpen, newest + 1) };
}

function weighted(random: Random, weights: [QuoteStatus, number][]): QuoteStatus {
  const total = weights.reduce((sum, [, weight]) => sum + weight, 0);
  let roll = random.next() * total;
  for (const [status, weight] of weights) {
    roll -= weight;
    if (roll < 0) return status;
  }
  return (weights.at(-1) as [QuoteStatus, number])[0];
}

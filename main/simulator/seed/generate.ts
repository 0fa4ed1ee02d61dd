// A seeded, realistic world: the same seed and day always give the same data.
import { QUOTE_STATUSES } from '../../../preload/contract';
import type { QuoteStatus } from '../../../preload/contract';
import type { CompanyRecord, Person, QuoteRecord, TargetMarket } from '../model';
import { DAY_MS } from '../model';
import { Random } from '../random';
import { discardEvents } from '../lifecycle/event';
import { addRevision, QUOTE_VALIDITY_MS } from '../lifecycle/quotes';
import { createProject } from '../lifecycle/projects';
import { recordQuotedRfq } from '../lifecycle/rfqs';
import { World } from '../world';
import { CLIENT_ROLES, COMPANY_POOL, FIRST_NAMES, LAST_NAMES, STAFF_ROLES, TARGET_MARKETS } from './catalog';
import { buildPendingQuote } from './quote-factory';

export const QUOTES_MIN = 20;
export const QUOTES_MAX = 10_000;
const HISTORY_DAYS = 540;

const OPEN_WEIGHTS: [QuoteStatus, number][] = [
  ['PENDING', 3], ['SENT', 5], ['SENT_PENDING', 2], ['REVISED', 3], ['SENT_REVISED', 2], ['ACCEPTED', 1],
];
const CLOSED_WEIGHTS: [QuoteStatus, number][] = [
  ['CHANGED_TO_PROJECT', 8], ['REJECTED', 3], ['EXPIRED', 3], ['CANCELLED', 2], ['ACCEPTED', 1],
];
const OPEN_STATUSES = new Set<QuoteStatus>(OPEN_WEIGHTS.map(([status]) => status));

export function generateWorld(seed: number, quoteCount: number, nowMs: number): World {
  if (!Number.isInteger(quoteCount) || quoteCount < QUOTES_MIN || quoteCount > QUOTES_MAX) {
    throw new RangeError(`quotes must be an integer from ${QUOTES_MIN} to ${QUOTES_MAX}, got ${quoteCount}`);
  }
  const random = new Random(seed);
  // Anchored to the start of the day so a seed gives the same data all day long.
  const anchor = Math.floor(nowMs / DAY_MS) * DAY_MS;
  const markets: TargetMarket[] = TARGET_MARKETS.map((market) => ({ id: random.uuid(), ...market }));
  const staff = people(random, 8, STAFF_ROLES, 'locaria-sim.example');
  const companies = pickCompanies(random).map((template): CompanyRecord => {
    const words = template.name.split(' ');
    return {
      id: random.uuid(),
      name: template.name,
      country: template.country,
      timezone: template.timezone,
      currency: template.currency,
      users: people(random, random.int(2, 4), CLIENT_ROLES, template.domain),
      team: { id: random.uuid(), name: `${words[0]} account team`, shortName: (words[0] ?? 'TEAM').slice(0, 4).toUpperCase() },
    };
  });
  const world = new World(random, companies, staff, markets);
  const statuses = statusPlan(random, quoteCount);
  // Ages shrink quadratically towards now: most quotes are recent, open ones the most.
  const createdTimes = Array.from({ length: quoteCount }, (_, index) => {
    const age = HISTORY_DAYS * ((quoteCount - 1 - index) / quoteCount) ** 2;
    return anchor - Math.round(age * DAY_MS) - random.int(1, 36) * 600_000;
  }).sort((a, b) => a - b);
  for (let index = 0; index < quoteCount; index++) {
    const createdAt = createdTimes[index] as number;
    const status = statuses[index] as QuoteStatus;
    const quote = buildPendingQuote(world, random, { company: random.pick(companies), createdAt, priced: status !== 'PENDING' || random.chance(0.6) });
    world.addQuote(quote);
    recordQuotedRfq(world, quote);
    settle(world, random, quote, status, anchor);
  }
  return world;
}

/** Three or four companies, at least one billing in each of EUR, GBP and USD. */
function pickCompanies(random: Random): (typeof COMPANY_POOL)[number][] {
  const perCurrency = ['EUR', 'GBP', 'USD'].map((currency) => random.pick(COMPANY_POOL.filter((company) => company.currency === currency)));
  const rest = COMPANY_POOL.filter((company) => !perCurrency.includes(company));
  return random.sample([...perCurrency, ...(random.chance(0.5) ? [random.pick(rest)] : [])], 4);
}

/** Every status appears at least once; the newest quarter are mostly still open. */
function statusPlan(random: Random, count: number): QuoteStatus[] {
  const openFrom = Math.floor(count * 0.75);
  const plan = Array.from({ length: count }, (_, index) => weighted(random, index >= openFrom ? OPEN_WEIGHTS : CLOSED_WEIGHTS));
  const closedSlots = QUOTE_STATUSES.filter((status) => !OPEN_STATUSES.has(status));
  closedSlots.forEach((status, offset) => (plan[offset * 2] = status));
  [...OPEN_STATUSES].forEach((status, offset) => (plan[count - 1 - offset * 2] = status));
  return plan;
}

/** Replays the quote's history up to its planned status, without raising events; nothing happens after `until`. */
function settle(world: World, random: Random, quote: QuoteRecord, status: QuoteStatus, until: number): void {
  if (status === 'PENDING') return;
  const room = until - quote.createdAt;
  const sentAt = quote.createdAt + Math.min(random.int(2, 48) * 3_600_000, Math.floor(room / 4));
  quote.quoteNumber = world.nextQuoteNumber(sentAt);
  quote.quoteDate = sentAt;
  quote.validUntil = sentAt + QUOTE_VALIDITY_MS;
  const revised = status === 'REVISED' || status === 'SENT_REVISED' || (!OPEN_STATUSES.has(status) && random.chance(0.3));
  if (revised) {
    const rounds = random.int(1, 2);
    const step = Math.min(random.int(1, 4) * DAY_MS, Math.floor((until - sentAt) / (rounds + 2)));
    for (let round = 1; round <= rounds; round++) addRevision(random, quote, sentAt + round * step);
  }
  quote.status = status;
  const lastChange = Math.max(quote.revisions.at(-1)?.at ?? sentAt, sentAt);
  quote.updatedAt = lastChange + Math.min(3_600_000, Math.floor((until - lastChange) / 2));
  if (status === 'REJECTED' && random.chance(0.5)) quote.declineReason = 'Budget was reallocated this quarter.';
  if (status === 'CHANGED_TO_PROJECT') createProject(world, quote, quote.updatedAt, discardEvents);
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

function people(random: Random, count: number, roles: readonly string[], domain: string): Person[] {
  return Array.from({ length: count }, () => {
    const first = random.pick(FIRST_NAMES);
    const last = random.pick(LAST_NAMES);
    return { id: random.uuid(), name: `${first} ${last}`, email: `${first}.${last}@${domain}`.toLowerCase(), role: random.pick(roles) };
  });
}

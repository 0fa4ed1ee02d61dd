// A seeded, realistic world: the same seed and day always give the same data.
import type { QuoteStatus } from '../../../preload/contract';
import type { CompanyRecord, Person, TargetMarket } from '../model';
import { DAY_MS } from '../model';
import { Random } from '../random';
import { discardEvents } from '../lifecycle/event';
import { QUOTE_VALIDITY_MS } from '../lifecycle/quotes';
import { createProject } from '../lifecycle/projects';
import { recordQuotedRfq } from '../lifecycle/rfqs';
import { World } from '../world';
import { CLIENT_ROLES, COMPANY_POOL, FIRST_NAMES, LAST_NAMES, STAFF_ROLES, TARGET_MARKETS } from './catalog';
import { buildPendingQuote } from './quote-factory';
import type { SeededQuote } from './quote-factory';
import { OPEN_STATUSES, planQuotes } from './status-plan';

export const QUOTES_MIN = 20;
export const QUOTES_MAX = 200_000;
const HISTORY_DAYS = 540;
/** The newest quotes dealt open statuses are created within this many days, so they are still valid. */
const OPEN_WITHIN_DAYS = 24;

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
  const plan = planQuotes(random, quoteCount, companies.length);
  // Ages shrink quadratically towards now: most quotes are recent, open ones the most. The
  // newest ones, holding the open statuses dealt by the plan, are squeezed into the last few weeks so they have not
  // passed their validity (the squeeze keeps the order of creation).
  const createdTimes = Array.from({ length: quoteCount }, (_, index) => {
    const fromNewest = quoteCount - 1 - index;
    const age = HISTORY_DAYS * (fromNewest / quoteCount) ** 2;
    const recent = fromNewest < plan.newestOpen ? OPEN_WITHIN_DAYS * (fromNewest / plan.newestOpen) : age;
    return anchor - Math.round(Math.min(age, recent) * DAY_MS) - random.int(1, 36) * 600_000;
  }).sort((a, b) => a - b);
  for (let index = 0; index < quoteCount; index++) {
    const createdAt = createdTimes[index] as number;
    const status = plan.statuses[index] as QuoteStatus;
    const company = companies[plan.companies[index] as number] as CompanyRecord;
    const quote = buildPendingQuote(world, random, { company, createdAt, priced: status !== 'PENDING' || random.chance(0.6) });
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

/** Replays the quote's history up to its planned status, without raising events; nothing happens after `until`. */
function settle(world: World, random: Random, quote: SeededQuote, status: QuoteStatus, until: number): void {
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
    for (let round = 1; round <= rounds; round++) quote.reviseInHistory(sentAt + round * step);
  }
  quote.status = status;
  const lastChange = Math.max(quote.updatedAt, sentAt);
  quote.updatedAt = lastChange + Math.min(3_600_000, Math.floor((until - lastChange) / 2));
  if (status === 'REJECTED' && random.chance(0.5)) quote.declineReason = 'Budget was reallocated this quarter.';
  if (status === 'CHANGED_TO_PROJECT') createProject(world, quote, quote.updatedAt, discardEvents);
}

function people(random: Random, count: number, roles: readonly string[], domain: string): Person[] {
  return Array.from({ length: count }, () => {
    const first = random.pick(FIRST_NAMES);
    const last = random.pick(LAST_NAMES);
    return { id: random.uuid(), name: `${first} ${last}`, email: `${first}.${last}@${domain}`.toLowerCase(), role: random.pick(roles) };
  });
}

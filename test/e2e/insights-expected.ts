// What the Insights view should show, counted here from the embedded service's own answers:
// its public list of quotes read with the demo's keys, as any client of the service reads it,
// and summed in plain code written from the service's interface (not the core's functions,
// whose results these check). A quote several keys see is one quote.
import type { DemoHost } from './demo-operator';

/** A quote list item as the service's interface defines it (only the fields counted). */
export interface ServiceQuote {
  id: string;
  quoteNumber: string | null;
  status: string;
  companyName: string | null;
  totalPrice: { amount: number; currency: string } | null;
  quoteDate: string | null;
  validUntil: string | null;
}

interface ServiceKeys {
  baseUrl: string;
  adminApiKey: string;
  companies: { id: string; name: string; apiKey: string }[];
}

const DAY_MS = 86_400_000;

/** Every quote one key sees, page by page (the service's limit is 100 a page). */
async function quotesSeenBy(baseUrl: string, apiKey: string): Promise<ServiceQuote[]> {
  const quotes: ServiceQuote[] = [];
  for (let page = 1; ; page += 1) {
    const response = await fetch(`${baseUrl}/api/public/v1/quotes?page=${page}&limit=100`, { headers: { 'Api-key': apiKey } });
    if (!response.ok) throw new Error(`Listing quotes (page ${page}) failed with HTTP ${response.status}`);
    const body = (await response.json()) as { data: ServiceQuote[]; pagination: { hasNextPage: boolean } };
    quotes.push(...body.data);
    if (!body.pagination.hasNextPage) return quotes;
  }
}

/**
 * The quotes of the demo's accounts as the service lists them: `companyId` given, that company's
 * client key alone; else every company's key and the internal (admin) key, each quote once.
 * `listed`: how many list items the keys returned together (a quote two keys see is two).
 */
export async function serviceQuotes(demo: DemoHost, companyId?: string): Promise<{ quotes: ServiceQuote[]; listed: number }> {
  const keys = await demo.operatorGet<ServiceKeys>('/credentials');
  const companies = keys.companies.filter((company) => companyId === undefined || company.id === companyId);
  if (companies.length === 0) throw new Error(`The demo has no company ${companyId}`);
  const apiKeys = [...companies.map((company) => company.apiKey), ...(companyId === undefined ? [keys.adminApiKey] : [])];
  const byId = new Map<string, ServiceQuote>();
  let listed = 0;
  for (const apiKey of apiKeys) {
    const seen = await quotesSeenBy(keys.baseUrl, apiKey);
    listed += seen.length;
    for (const quote of seen) byId.set(quote.id, quote);
  }
  return { quotes: [...byId.values()], listed };
}

/** The interface's statuses, sorted as the figures count them (a client key sees SENT as PENDING, with its number). */
const isAccepted = (quote: ServiceQuote) => quote.status === 'ACCEPTED' || quote.status === 'CHANGED_TO_PROJECT';
const isDeclined = (quote: ServiceQuote) => quote.status === 'REJECTED';
export const isWaiting = (quote: ServiceQuote) =>
  ['SENT', 'SENT_PENDING', 'REVISED', 'SENT_REVISED'].includes(quote.status) || (quote.status === 'PENDING' && quote.quoteNumber !== null);

export interface CurrencySum {
  total: number;
  count: number;
}

export interface ExpectedFigures {
  quotes: number;
  /** Accepted spend by currency (quotes without a total are in no sum). */
  spend: Record<string, CurrencySum>;
  /** Accepted spend by month of the quote date (UTC) and currency: "2026-11 EUR". */
  spendByMonth: Record<string, CurrencySum>;
  /** Accepted spend by company and currency: "Lumen Games Inc USD". */
  spendByCompany: Record<string, CurrencySum>;
  waiting: number;
  pipeline: Record<string, CurrencySum>;
  /** Accepted against accepted + declined, as a whole percentage; null without a decision. */
  acceptancePercent: number | null;
}

function addTo(sums: Record<string, CurrencySum>, key: string, amount: number): void {
  const sum = (sums[key] ??= { total: 0, count: 0 });
  sum.total += amount;
  sum.count += 1;
}

/** Totals to the cent, as shown. */
function toCents(sums: Record<string, CurrencySum>): Record<string, CurrencySum> {
  return Object.fromEntries(Object.entries(sums).map(([key, { total, count }]) => [key, { total: Math.round(total * 100) / 100, count }]));
}

/** All time: every quote counts, dated or not. */
export function expectedFigures(quotes: readonly ServiceQuote[]): ExpectedFigures {
  const spend: Record<string, CurrencySum> = {};
  const spendByMonth: Record<string, CurrencySum> = {};
  const spendByCompany: Record<string, CurrencySum> = {};
  const pipeline: Record<string, CurrencySum> = {};
  let waiting = 0;
  let accepted = 0;
  let declined = 0;
  for (const quote of quotes) {
    const price = quote.totalPrice;
    if (isWaiting(quote)) {
      waiting += 1;
      if (price) addTo(pipeline, price.currency, price.amount);
    }
    if (isDeclined(quote)) declined += 1;
    if (!isAccepted(quote)) continue;
    accepted += 1;
    if (!price) continue;
    addTo(spend, price.currency, price.amount);
    addTo(spendByCompany, `${quote.companyName ?? 'No company'} ${price.currency}`, price.amount);
    if (quote.quoteDate !== null) addTo(spendByMonth, `${new Date(quote.quoteDate).toISOString().slice(0, 7)} ${price.currency}`, price.amount);
  }
  return {
    quotes: quotes.length,
    spend: toCents(spend),
    spendByMonth: toCents(spendByMonth),
    spendByCompany: toCents(spendByCompany),
    waiting,
    pipeline: toCents(pipeline),
    acceptancePercent: accepted + declined === 0 ? null : Math.round((accepted / (accepted + declined)) * 100),
  };
}

/**
 * How many waiting quotes expire within the 7 days after the core's now, which fell between
 * `earliest` and `latest` (the test's clock before and after the figures were counted): those
 * whose moment lies within both windows surely count; those within one of them may.
 */
export function expiringWithin7Days(quotes: readonly ServiceQuote[], earliest: number, latest: number): { atLeast: number; atMost: number } {
  let atLeast = 0;
  let atMost = 0;
  for (const quote of quotes) {
    if (!isWaiting(quote) || quote.validUntil === null) continue;
    const validUntil = Date.parse(quote.validUntil);
    const within = (now: number) => validUntil >= now && validUntil <= now + 7 * DAY_MS;
    if (within(earliest) && within(latest)) atLeast += 1;
    if (within(earliest) || within(latest)) atMost += 1;
  }
  return { atLeast, atMost };
}

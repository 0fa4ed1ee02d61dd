import { z } from 'zod';
import { ExportDelivered, ExportFormat } from './export';
import { InboxFilterInput } from './inbox';

// The Insights view (issue #29): where the money goes and what waits, over the cache's inbox
// index with the inbox's own selection (account, search, stages, facets) applied.

export const INSIGHT_RANGES = ['this-month', 'last-3-months', 'last-12-months', 'this-year', 'all-time', 'custom'] as const;
export const InsightRangePreset = z.enum(INSIGHT_RANGES);
export type InsightRangePreset = z.infer<typeof InsightRangePreset>;

export const INSIGHT_SPLITS = ['company', 'serviceType', 'targetMarket'] as const;
export const InsightSplit = z.enum(INSIGHT_SPLITS);
export type InsightSplit = z.infer<typeof InsightSplit>;

const Day = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, 'A day is written YYYY-MM-DD.');

const InsightsView = InboxFilterInput.extend({
  range: InsightRangePreset.default('last-12-months'),
  /** With "custom": the first and last day (UTC), both included. */
  from: Day.optional(),
  to: Day.optional(),
  /** How accepted spend is split besides its months. */
  splitBy: InsightSplit.default('company'),
});
const customRangeIsOrdered = (input: { range: InsightRangePreset; from?: string; to?: string }) =>
  input.range !== 'custom' || (input.from !== undefined && input.to !== undefined && input.from <= input.to);
const CUSTOM_RANGE_REFUSED = { message: 'A custom range needs a first day on or before its last day.', path: ['from'] };

export const InsightsInput = InsightsView.refine(customRangeIsOrdered, CUSTOM_RANGE_REFUSED);
export type InsightsInput = z.input<typeof InsightsInput>;

/** The tables of the Insights view, each exported on its own. */
export const INSIGHT_TABLES = ['spend-by-currency', 'spend-by-month', 'spend-by-split', 'pipeline', 'decisions', 'declines-by-reason', 'revisions', 'unit-prices'] as const;
export const InsightTable = z.enum(INSIGHT_TABLES);
export type InsightTable = z.infer<typeof InsightTable>;

export const InsightsExportInput = InsightsView.extend({ table: InsightTable, format: ExportFormat }).refine(customRangeIsOrdered, CUSTOM_RANGE_REFUSED);
export type InsightsExportInput = z.input<typeof InsightsExportInput>;

/** An amount in one currency: amounts of different currencies are never added together. */
export const CurrencyTotal = z.object({ currency: z.string(), total: z.number(), count: z.number().int().nonnegative() });
export type CurrencyTotal = z.infer<typeof CurrencyTotal>;

/** The quotes behind a figure, for the inbox to open (at most 100, its limit); null when there are more. */
const FigureQuoteIds = z.array(z.string()).max(100).nullable();

/** The spread of the unit prices of one service type, language pair, unit and currency over the view's quotes dated in the range. */
export const UnitPriceRow = z.object({
  serviceType: z.string(),
  /** The target market's label: the language pair the lines are priced for. */
  market: z.string(),
  /** Trimmed, in lower case. */
  unit: z.string(),
  currency: z.string(),
  /** Quotes with a line here (a quote two accounts see once), and the lines (a quote may price two items by one unit). */
  quotes: z.number().int().positive(),
  lines: z.number().int().positive(),
  /** Of the lines' unit prices: the median and quartiles (interpolated between ranks), the lowest and highest. */
  median: z.number(),
  p25: z.number(),
  p75: z.number(),
  min: z.number(),
  max: z.number(),
  /** Lines beyond 1.5 interquartile ranges below the first quartile or above the third. */
  outliers: z.number().int().nonnegative(),
  /** The furthest of them from the median, with their quotes (at most 20). */
  outlierLines: z.array(z.object({ quoteId: z.string(), quoteNumber: z.string().nullable(), unitPrice: z.number() })),
  quoteIds: FigureQuoteIds,
});
export type UnitPriceRow = z.infer<typeof UnitPriceRow>;

export const InsightsFigures = z.object({
  /** The days the range covers (UTC, both included); `from` null for all time. */
  range: z.object({ from: Day.nullable(), to: Day }),
  /** Quotes of the selection dated in the range. */
  quotes: z.number().int().nonnegative(),
  /** Quotes of the selection without a quote date: in "all time" only. */
  undated: z.number().int().nonnegative(),
  spend: z.object({
    /** Accepted (or turned into a project) quotes dated in the range, per currency. */
    byCurrency: z.array(CurrencyTotal),
    /** The same per month of the quote's date (YYYY-MM), oldest first. */
    byMonth: z.array(CurrencyTotal.extend({ month: z.string() })),
    splitBy: InsightSplit,
    /** The same per company, service type or target market, largest first within a currency. A quote with several service types or markets counts under each. */
    bySplit: z.array(CurrencyTotal.extend({ value: z.string() })),
    /** Accepted quotes whose split is known (service types and markets come with the details), of `accepted`. */
    splitKnown: z.number().int().nonnegative(),
    accepted: z.number().int().nonnegative(),
    /** Accepted quotes without a total (not in any sum). */
    withoutTotal: z.number().int().nonnegative(),
  }),
  /** Quotes waiting for a decision now, whatever their date. */
  pipeline: z.object({
    count: z.number().int().nonnegative(),
    byCurrency: z.array(CurrencyTotal),
    /** Of them, those whose validity ends within the next 7 days. */
    expiringWithin7Days: z.number().int().nonnegative(),
  }),
  /** Quotes dated in the range whose details the cache kept in more than one version, and how their totals moved. */
  revisions: z.object({
    revised: z.number().int().nonnegative(),
    /** Per currency: the sums of the rises and of the falls of the total (both positive), over `count` revised quotes. */
    byCurrency: z.array(z.object({ currency: z.string(), up: z.number().nonnegative(), down: z.number().nonnegative(), count: z.number().int().positive(), quoteIds: FigureQuoteIds })),
  }),
  decisions: z.object({
    accepted: z.number().int().nonnegative(),
    declined: z.number().int().nonnegative(),
    /** accepted / (accepted + declined), null with no decision in the range. */
    acceptanceRate: z.number().min(0).max(1).nullable(),
    /** The median days from the quote's date to its decision (a tenth of a day), over the decided quotes whose decision time is known; null with none. */
    medianDaysToDecision: z.number().nonnegative().nullable(),
    /**
     * What the times of that median rest on, and for how many quotes: 'here' the receipt of a
     * decision made in Quotedesk; 'service' the service's last change of the decided quote;
     * 'stored' when Quotedesk stored the decided quote (the service gave no time).
     */
    timed: z.array(z.object({ basis: z.enum(['here', 'service', 'stored']), count: z.number().int().positive() })),
    /** Declined quotes by the reason given in Quotedesk's decline dialog; reason null: declined elsewhere or without one (not known). Most first, unknown last. */
    declinesByReason: z.array(z.object({ reason: z.string().nullable(), count: z.number().int().positive(), quoteIds: FigureQuoteIds })),
  }),
  /** Per service type, language pair, unit and currency, by service type first: lines with a unit price only. */
  unitPrices: z.array(UnitPriceRow),
});
export type InsightsFigures = z.infer<typeof InsightsFigures>;

export const PriceHistoryInput = z.object({ accountId: z.string().min(1), quoteId: z.string().min(1) });
export type PriceHistoryInput = z.input<typeof PriceHistoryInput>;

/** A pricing line of the open quote against the median unit price of the same service type, item, language, unit and currency over the last 12 months. */
export const PriceComparison = z.object({
  serviceName: z.string(),
  serviceType: z.string(),
  /** The target market's label: the language the line is priced for. */
  market: z.string(),
  itemName: z.string(),
  unit: z.string(),
  currency: z.string(),
  unitPrice: z.number(),
  median: z.number(),
  /** How many other quotes the median is taken over (at least 5). */
  quotes: z.number().int().positive(),
});
export type PriceComparison = z.infer<typeof PriceComparison>;

export const PriceHistoryAnswer = z.object({ lines: z.array(PriceComparison) });
export type PriceHistoryAnswer = z.infer<typeof PriceHistoryAnswer>;

export const insightsMethods = {
  /** The Insights view's figures for a range and the inbox's selection, from the cache (never the service). */
  'insights.figures': { input: InsightsInput, output: InsightsFigures },
  /** One table of the Insights view (as insights.figures counts it) as a CSV or XLSX file, through the export writers. */
  'insights.export': { input: InsightsExportInput, output: ExportDelivered },
  /** "Compared with your history": the open quote's lines that have at least 5 other quotes of the last 12 months to compare with, from the cache. */
  'insights.history': { input: PriceHistoryInput, output: PriceHistoryAnswer },
} as const satisfies Record<string, { input: z.ZodType; output: z.ZodType }>;

import { z } from 'zod';
import { InboxFilterInput, InboxSort, QuoteRefInput } from './inbox';
import { QuoteSelection } from './selection';

// Exporting what the person sees: the inbox's current view (the same selection inbox.query
// takes, so the file holds exactly the view's quotes) or a quote's pricing tree, to CSV or XLSX.

export const ExportFormat = z.enum(['csv', 'xlsx']);
export type ExportFormat = z.infer<typeof ExportFormat>;

/** The view to export: inbox.query's selection and order, without its window. */
export const InboxExportInput = InboxFilterInput.extend({
  sort: InboxSort.default('newest'),
  format: ExportFormat,
  /** Only the quotes selected in that view (in the view's order); the whole view when omitted. */
  selection: QuoteSelection.optional(),
});
export type InboxExportInput = z.input<typeof InboxExportInput>;

export const PricingExportInput = QuoteRefInput.extend({ format: ExportFormat });
export type PricingExportInput = z.input<typeof PricingExportInput>;

/**
 * 'saved': the host wrote the file where the person chose (Electron's save dialog).
 * 'cancelled': the person closed that dialog. 'download': browser mode; the page fetches
 * `url` (a one-time route of the web host) and saves it as `fileName`.
 */
export const ExportDelivered = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('saved'), rows: z.number().int().nonnegative(), fileName: z.string() }),
  z.object({ kind: z.literal('cancelled'), rows: z.number().int().nonnegative(), fileName: z.string() }),
  z.object({ kind: z.literal('download'), rows: z.number().int().nonnegative(), fileName: z.string(), url: z.string() }),
]);
export type ExportDelivered = z.infer<typeof ExportDelivered>;

export const exportMethods = {
  /** The inbox's view (filters, search, status and order applied) as a CSV or XLSX file, one row per quote. */
  'inbox.export': { input: InboxExportInput, output: ExportDelivered },
  /** One cached quote's pricing (teams, services, target markets, line items) as a CSV or XLSX file. */
  'quotes.exportPricing': { input: PricingExportInput, output: ExportDelivered },
} as const satisfies Record<string, { input: z.ZodType; output: z.ZodType }>;

import { z } from 'zod';
import { InboxFilterInput, InboxSort } from './inbox';
import { UnreadSummary } from './notifications';

// Several quotes picked in the inbox and what can be done to them at once: mark them read or
// unread, keep their PDFs offline, export them (inbox.export's `selection`). A selection is
// made in a view (the account, filters, search and order on screen) and travels with it, so
// the core finds the very rows the person sees, in their order, however many: "every quote
// of the view" (Ctrl/Cmd-A over 100,000 rows) is sent as that, not as 100,000 ids.

/** As many ids as the largest view the inbox is built for holds. */
export const SELECTION_MAX = 100_000;
const SelectedId = z.string().min(1).max(100);

/** The quotes named, or every quote of the view but the ones named. */
export const QuoteSelection = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('quotes'), quoteIds: z.array(SelectedId).min(1).max(SELECTION_MAX) }),
  z.object({ kind: z.literal('all'), except: z.array(SelectedId).max(SELECTION_MAX).default([]) }),
]);
export type QuoteSelection = z.input<typeof QuoteSelection>;

/** A selection and the view it was made in (inbox.query's filters and order, without its window). */
export const SelectionInput = InboxFilterInput.extend({ sort: InboxSort.default('newest'), selection: QuoteSelection });
export type SelectionInput = z.input<typeof SelectionInput>;

export const SelectionMarked = z.object({
  /** The selected quotes found in the view (and so marked). */
  quotes: z.number().int().nonnegative(),
  unread: UnreadSummary,
});
export type SelectionMarked = z.infer<typeof SelectionMarked>;

/** Quotes whose PDF is fetched per call: the renderer calls again for the next ones and shows the progress. */
export const KEEP_OFFLINE_BATCH_MAX = 50;

/** The PDFs of the selected quotes from `offset`, `limit` of them, kept offline. */
export const KeepOfflineInput = SelectionInput.extend({
  offset: z.number().int().nonnegative().default(0),
  limit: z.number().int().positive().max(KEEP_OFFLINE_BATCH_MAX).default(20),
});
export type KeepOfflineInput = z.input<typeof KeepOfflineInput>;

export const KeepOfflineFailure = z.object({
  accountId: z.string(),
  quoteId: z.string(),
  /** The quote number, or the project name, or null: how the person knows the quote. */
  label: z.string().nullable(),
  /** Why, in plain words. */
  reason: z.string(),
});
export type KeepOfflineFailure = z.infer<typeof KeepOfflineFailure>;

export const KeepOfflineBatch = z.object({
  /** Every selected quote (the calls go on until `offset` reaches it). */
  total: z.number().int().nonnegative(),
  offset: z.number().int().nonnegative(),
  /** Quotes of this batch: downloaded now, already offline (current copy), failed, not tried. */
  kept: z.number().int().nonnegative(),
  alreadyOffline: z.number().int().nonnegative(),
  failed: z.array(KeepOfflineFailure),
  /**
   * The service cannot be reached (offline, refused credentials, busy): the rest of the batch
   * was not tried, and the next batches would fail the same way.
   */
  notTried: z.number().int().nonnegative(),
});
export type KeepOfflineBatch = z.infer<typeof KeepOfflineBatch>;

export const selectionMethods = {
  /** The selected quotes marked read (in every account of their service, as opening them does). */
  'selection.markRead': { input: SelectionInput, output: SelectionMarked },
  /** The selected quotes marked unread, in the account each row is shown for. */
  'selection.markUnread': { input: SelectionInput, output: SelectionMarked },
  /** A batch of the selected quotes' PDFs downloaded and kept offline, a few at a time; failures keep any copy there was. */
  'selection.keepPdfsOffline': { input: KeepOfflineInput, output: KeepOfflineBatch },
} as const satisfies Record<string, { input: z.ZodType; output: z.ZodType }>;

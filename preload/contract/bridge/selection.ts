import { z } from 'zod';
import { InboxFilterInput, InboxSort } from './inbox';
import { UnreadSummary } from './notifications';

// Several quotes picked in the inbox and what can be done to them at once: mark them read or
// unread, keep their PDFs offline, export them (inbox.export's `selection`). A selection is
// made in a view (the account, filters, search and order on screen) and travels with it, so
// the core finds the very rows the person sees, in their order, however many, and the call
// stays small: "every quote of the view" (Ctrl/Cmd-A over 100,000 rows) is sent as that, and a
// Shift-click range as its first and last quote, never as the ids it spans.

/**
 * Quotes named one by one, at most: a list this long of the longest ids takes about 200 KB,
 * within one frame of browser mode's socket (MAX_MESSAGE_BYTES). More are selected as a range or as
 * "every quote but these".
 */
export const SELECTION_IDS_MAX = 2_000;
/** Shift-click ranges in one selection, at most. */
export const SELECTION_RANGES_MAX = 1_000;
const SelectedId = z.string().min(1).max(100);
const SelectedIds = z
  .array(SelectedId)
  .max(SELECTION_IDS_MAX, `At most ${SELECTION_IDS_MAX.toLocaleString('en')} quotes can be picked one by one: select a range with Shift-click, or every quote with Ctrl/Cmd-A.`);

/** The rows of the view from one quote to the other, both included (in either order). */
export const SelectedRange = z.object({ from: SelectedId, to: SelectedId });

/**
 * The quotes named; or every quote of the view but the ones named; or the rows of the view in
 * these ranges, and the quotes named in `quoteIds`, but those in `except`. A range whose first
 * or last quote has left the view keeps only its end still there.
 */
export const QuoteSelection = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('quotes'), quoteIds: SelectedIds.min(1) }),
  z.object({ kind: z.literal('all'), except: SelectedIds.default([]) }),
  z.object({
    kind: z.literal('ranges'),
    ranges: z.array(SelectedRange).min(1).max(SELECTION_RANGES_MAX, `At most ${SELECTION_RANGES_MAX.toLocaleString('en')} ranges can be selected at once.`),
    quoteIds: SelectedIds.default([]),
    except: SelectedIds.default([]),
  }),
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

export const KeepOfflineFailure = z.object({
  accountId: z.string(),
  quoteId: z.string(),
  /** The quote number, or the project name, or null: how the person knows the quote. */
  label: z.string().nullable(),
  /** Why, in plain words. */
  reason: z.string(),
});
export type KeepOfflineFailure = z.infer<typeof KeepOfflineFailure>;

/** Failures a job keeps by name (the count goes on beyond them). */
export const KEEP_OFFLINE_FAILURES_NAMED = 20;

/**
 * Keeping the selected quotes' PDFs offline: a job of the core, not of the page that started
 * it. It goes on when the page is closed, any page reads it (and hears its progress), and it
 * stops when asked to (or when Quotedesk quits): no download starts after that, the ones under
 * way are aborted (their partial files deleted), and the PDFs already kept stay kept.
 */
export const KeepOfflineJob = z.object({
  /** 'finished': every quote was tried, or the service could not be reached (see notTried). */
  state: z.enum(['running', 'stopping', 'finished', 'stopped', 'failed']),
  /** Every selected quote. */
  total: z.number().int().nonnegative(),
  /** Quotes tried so far: kept, already offline or failed. */
  done: z.number().int().nonnegative(),
  kept: z.number().int().nonnegative(),
  alreadyOffline: z.number().int().nonnegative(),
  /** The first failures, in the view's order; `failedCount` counts them all. */
  failed: z.array(KeepOfflineFailure).max(KEEP_OFFLINE_FAILURES_NAMED),
  failedCount: z.number().int().nonnegative(),
  /** Not tried: the service could not be reached, or the job was stopped. */
  notTried: z.number().int().nonnegative(),
  /** Why the job itself failed (reading the selection), in plain words. */
  error: z.string().nullable(),
  /** Seconds left at the rate measured lately, while running; null until there is enough to measure. */
  secondsLeft: z.number().nonnegative().nullable().default(null),
});
export type KeepOfflineJob = z.infer<typeof KeepOfflineJob>;

/** What keeping a selection offline would take, for the confirmation before a large one. */
export const KeepOfflinePlan = z.object({
  quotes: z.number().int().nonnegative(),
  /** The average size of the PDFs kept so far, or null when none is: a guess of the disk it takes. */
  averagePdfBytes: z.number().nonnegative().nullable(),
});
export type KeepOfflinePlan = z.infer<typeof KeepOfflinePlan>;

export const selectionEvents = {
  /** The keep-offline job moved (progress) or ended. */
  'selection.keepOfflineChanged': KeepOfflineJob,
} as const satisfies Record<string, z.ZodType>;

export const selectionMethods = {
  /** The selected quotes marked read (in every account of their service, as opening them does). */
  'selection.markRead': { input: SelectionInput, output: SelectionMarked },
  /** The selected quotes marked unread, in the account each row is shown for. */
  'selection.markUnread': { input: SelectionInput, output: SelectionMarked },
  /** Starts keeping the selected quotes' PDFs offline in the core (or answers the job already running). */
  'selection.keepPdfsOffline': { input: SelectionInput, output: KeepOfflineJob },
  /** How many PDFs a selection names and how large they may be. */
  'selection.keepOfflinePlan': { input: SelectionInput, output: KeepOfflinePlan },
  /** The keep-offline job running or last ended, or null: a page opened meanwhile shows it. */
  'selection.keepOfflineJob': { input: z.void(), output: KeepOfflineJob.nullable() },
  /** Stops the running job; answers once no download is under way any more. */
  'selection.stopKeepOffline': { input: z.void(), output: KeepOfflineJob.nullable() },
} as const satisfies Record<string, { input: z.ZodType; output: z.ZodType }>;

import { z } from 'zod';
import { DECLINE_REASON_MAX, QuoteDetails } from '../service/quote';
import { Money } from '../service/primitives';
import { QuoteDetailView } from './inbox';

// The bridge methods of a quote's decisions (the quote itself is 'quotes.detail', in inbox.ts,
// whose `version` the decisions send). Registered in contract.ts by name:
//   'decisions.accept'         AcceptInput             -> DecisionResult
//   'decisions.decline'        DeclineInput            -> DecisionResult
//   'decisions.checkAgain'     QuoteRefInput           -> CheckAgainResult
//   'decisions.receipts'       QuoteRefInput           -> DecisionReceipt[]
//   'decisions.savedReasons'   void                    -> SavedReasons
//   'decisions.saveReasons'    SavedReasons            -> SavedReasons
//   'decisions.outbox'         void                    -> OutboxEntry[]
//   'decisions.cancel'         OutboxRef               -> OutboxEntry[]
//   'decisions.settings'       void                    -> DecisionSettings
//   'decisions.setSettings'    DecisionSettings        -> DecisionSettings
//   'decisions.startReports'   void                    -> StartReport[]
//   'decisions.dismissStartReport'  StartReportRef     -> StartReport[]
//   'decisions.dismissStartReports' void               -> StartReport[]
// and its events 'decisions.outboxChanged' (OutboxEntry[]), 'decisions.sent' (SentDecision)
// and 'decisions.startReportsChanged' (StartReport[]).

const Id = z.string().trim().min(1).max(200);

export const QuoteRefInput = z.object({ accountId: Id, quoteId: Id });
export type QuoteRefInput = z.input<typeof QuoteRefInput>;

export const AcceptInput = QuoteRefInput.extend({
  /** The version of the quote the person saw (quotes.detail's `version`). */
  version: z.string().min(1).max(128).optional(),
});
export type AcceptInput = z.input<typeof AcceptInput>;

export const DeclineInput = AcceptInput.extend({
  reason: z
    .string()
    .trim()
    .max(DECLINE_REASON_MAX, `The reason may be at most ${DECLINE_REASON_MAX} characters long`)
    .optional(),
});
export type DeclineInput = z.input<typeof DeclineInput>;

export const Decision = z.enum(['accept', 'decline']);
export type Decision = z.infer<typeof Decision>;

/**
 * done: the service applied it. refused: the service (or the quote's status, re-read) does
 * not allow it. unknown: the answer was lost and re-reading could not tell.
 */
export const DecisionOutcomeKind = z.enum(['done', 'refused', 'unknown']);
export type DecisionOutcomeKind = z.infer<typeof DecisionOutcomeKind>;

/** The undo window's bounds and default, in seconds (Settings, decisions.setSettings). */
export const UNDO_SECONDS_MAX = 30;
export const UNDO_SECONDS_DEFAULT = 5;
export const DecisionSettings = z.object({ undoSeconds: z.number().int().min(0).max(UNDO_SECONDS_MAX) });
export type DecisionSettings = z.infer<typeof DecisionSettings>;

/**
 * A decision in the outbox, on disk until the service has it:
 * undo: inside its undo window (until `sendAt`); waiting: the service could not be reached,
 * sent when it can; sending: its POST may be on the wire (never cancellable); held: the quote
 * changed meanwhile (revised, expired, decided elsewhere), so it was not sent and the person
 * is asked again (`message` says why).
 */
export const OutboxState = z.enum(['undo', 'waiting', 'sending', 'held']);
export type OutboxState = z.infer<typeof OutboxState>;

export const OutboxEntry = z.object({
  id: z.string(),
  accountId: z.string(),
  accountName: z.string(),
  quoteId: z.string(),
  quoteNumber: z.string().nullable(),
  decision: Decision,
  reason: z.string().nullable(),
  /** The version of the quote the person decided on; a different current version sends nothing. */
  version: z.string(),
  /** ISO date-time the person decided. */
  decidedAt: z.string(),
  /** Epoch milliseconds the undo window ends: not sent before. */
  sendAt: z.number(),
  state: OutboxState,
  /** True once a POST may have left: the next try first re-reads the quote to learn whether it was applied. */
  attempted: z.boolean(),
  /** Why it waits or is held, in plain words; null in its undo window. */
  message: z.string().nullable(),
});
export type OutboxEntry = z.infer<typeof OutboxEntry>;

export const OutboxRef = z.object({ id: Id });
export type OutboxRef = z.input<typeof OutboxRef>;

/** What stays on this computer after each decision sent, listed on the quote. */
export const DecisionReceipt = z.object({
  id: z.string(),
  accountId: z.string(),
  accountName: z.string(),
  quoteId: z.string(),
  quoteNumber: z.string().nullable(),
  /** The version of the quote shown at the moment of deciding. */
  version: z.string(),
  /** The total shown at the moment of deciding. */
  total: Money.nullable(),
  decision: Decision,
  reason: z.string().nullable(),
  /** ISO date-time the decision was sent. */
  at: z.string(),
  pdfSha256: z.string().nullable(),
  outcome: DecisionOutcomeKind,
  /** The status the service reported or the re-read showed; null when it could not be read. */
  status: z.string().nullable(),
  /** For an unknown outcome: when it was checked again and what the quote showed then. */
  settled: z.object({ at: z.string(), status: z.string().nullable() }).nullable().default(null),
});
export type DecisionReceipt = z.infer<typeof DecisionReceipt>;

/**
 * The quote as the cache now holds it, as 'quotes.detail' would answer: the quote view shows
 * it as it is, without reading the quote again. Absent or null when the decision could not
 * have the quote (its re-read failed): then the view reads it.
 */
const ShownAfter = QuoteDetailView.nullable().optional();

export const DecisionResult = z.discriminatedUnion('outcome', [
  z.object({ outcome: z.literal('done'), message: z.string(), quote: QuoteDetails.nullable(), receipt: DecisionReceipt, view: ShownAfter }),
  z.object({ outcome: z.literal('refused'), message: z.string(), quote: QuoteDetails.nullable(), receipt: DecisionReceipt.nullable(), view: ShownAfter }),
  z.object({ outcome: z.literal('unknown'), message: z.string(), quote: QuoteDetails.nullable(), receipt: DecisionReceipt, view: ShownAfter }),
  /** Nothing was sent: the quote changed since the person saw it. */
  z.object({ outcome: z.literal('changed'), message: z.string(), quote: QuoteDetails, view: ShownAfter }),
  /** Not sent yet: in the outbox, in its undo window or waiting for the service (the entry says which). */
  z.object({ outcome: z.literal('waiting'), message: z.string(), quote: QuoteDetails.nullable(), entry: OutboxEntry, view: ShownAfter }),
]);
export type DecisionResult = z.infer<typeof DecisionResult>;

export const CheckAgainResult = z.object({
  quote: QuoteDetails,
  /** What the quote now says about the earlier decision, in plain words. */
  message: z.string(),
  /** True when a decision may be sent now (no unknown outcome is pending). */
  canDecide: z.boolean(),
});
export type CheckAgainResult = z.infer<typeof CheckAgainResult>;

export const SAVED_REASONS_MAX = 20;
export const SavedReasons = z
  .array(z.string().trim().min(1).max(DECLINE_REASON_MAX))
  .max(SAVED_REASONS_MAX, `At most ${SAVED_REASONS_MAX} reasons can be saved`);
export type SavedReasons = z.infer<typeof SavedReasons>;

/**
 * What became of a decision the last run left in the outbox (a quit or crash in its undo
 * window, or while the service could not be reached), told at this start: sent; refused (the
 * POST went out and the service said no); held (not sent: the quote changed meanwhile, or it
 * could not be sent, and the person is asked again); or sent with its answer lost. A code,
 * never words: each window and notification words it in the language it speaks then.
 */
export const StartReportOutcome = z.enum(['sent', 'refused', 'held', 'unknown']);
export type StartReportOutcome = z.infer<typeof StartReportOutcome>;

export const StartReport = z.object({
  entryId: z.string(),
  accountId: z.string(),
  accountName: z.string(),
  quoteId: z.string(),
  quoteNumber: z.string().nullable(),
  decision: Decision,
  outcome: StartReportOutcome,
  /** True when it could not be sent at start and went out later, once the service answered again. */
  waited: z.boolean(),
  /** Why it was not sent, or what is not known, as the service or the check said it (data, shown as is); null when it was sent. */
  detail: z.string().nullable(),
  /** ISO date-time it ended. */
  at: z.string(),
});
export type StartReport = z.infer<typeof StartReport>;

export const StartReportRef = z.object({ entryId: Id });
export type StartReportRef = z.input<typeof StartReportRef>;

export const decisionMethods = {
  /** Accepts the quote's version shown; answers the outcome and the quote as the cache now holds it. */
  'decisions.accept': { input: AcceptInput, output: DecisionResult },
  /** Declines the quote's version shown, with a reason; answers like decisions.accept. */
  'decisions.decline': { input: DeclineInput, output: DecisionResult },
  /** Asks the service what became of a decision whose outcome is unknown. */
  'decisions.checkAgain': { input: QuoteRefInput, output: CheckAgainResult },
  /** The receipts of the decisions sent from here on one quote. */
  'decisions.receipts': { input: QuoteRefInput, output: z.array(DecisionReceipt) },
  /** The decline reasons saved for reuse. */
  'decisions.savedReasons': { input: z.void(), output: SavedReasons },
  /** Replaces the saved decline reasons (a repeated one is kept once). */
  'decisions.saveReasons': { input: SavedReasons, output: SavedReasons },
  /** The decisions waiting to be sent (in their undo window, waiting for the service, or held), oldest first. */
  'decisions.outbox': { input: z.void(), output: z.array(OutboxEntry) },
  /** Undoes or cancels a waiting decision (refused while it is being sent); answers the outbox left. */
  'decisions.cancel': { input: OutboxRef, output: z.array(OutboxEntry) },
  /** The decision settings: how many seconds a decision can be undone before it is sent. */
  'decisions.settings': { input: z.void(), output: DecisionSettings },
  /** Changes the decision settings; answers them as saved. */
  'decisions.setSettings': { input: DecisionSettings, output: DecisionSettings },
  /** What became of the decisions a run left waiting, kept (across restarts) until the person dismisses them, oldest first. */
  'decisions.startReports': { input: z.void(), output: z.array(StartReport) },
  /** The person has read one start report: it is no longer kept; answers the reports left. */
  'decisions.dismissStartReport': { input: StartReportRef, output: z.array(StartReport) },
  /** The person has read them all: none is kept; answers the (empty) list. */
  'decisions.dismissStartReports': { input: z.void(), output: z.array(StartReport) },
} as const;

/** A decision of the outbox that reached its end: the service's answer, or held and asked again. */
export const SentDecision = z.object({ entryId: z.string(), accountId: z.string(), quoteId: z.string(), decision: Decision, result: DecisionResult });
export type SentDecision = z.infer<typeof SentDecision>;

export const decisionEvents = {
  /** The outbox changed: every decision waiting to be sent, oldest first. */
  'decisions.outboxChanged': z.object({ entries: z.array(OutboxEntry) }),
  /** A decision of the outbox ended: sent (its receipt), refused, or held because the quote changed. */
  'decisions.sent': SentDecision,
  /** A decision the last run left waiting ended in this run: every such report, oldest first. */
  'decisions.startReportsChanged': z.object({ reports: z.array(StartReport) }),
} as const;

import { z } from 'zod';
import { Money } from '../service/primitives';
import { KeyAccess, QuoteDetails, QuoteListItem, QuoteStatus } from '../service/quote';
import { AccountSyncState } from './sync';
import { INBOX_SORT_VALUES } from '../plain/inbox-sorts';
import { TEAM_INBOX_VIEWS } from '../plain/team-views';

// The inbox over the local cache, one quote's detail (cache first) with its revisions and
// diff, and the PDF cache. contract.ts spreads `inboxMethods` into the contract.

/** Client-facing stages: a client key's PENDING is "in preparation" (no number) or "awaiting your decision". */
export const InboxStage = z.enum(['in-preparation', 'awaiting-decision', 'revised', 'accepted', 'declined', 'expired', 'cancelled', 'in-project']);
export type InboxStage = z.infer<typeof InboxStage>;
/** An order and its direction in one value (plain/inbox-sorts.ts): 'newest' and 'oldest', 'value' and 'value-lowest', ... */
export const InboxSort = z.enum(INBOX_SORT_VALUES);
export type InboxSort = z.infer<typeof InboxSort>;
export const PdfBadge = z.enum(['none', 'cached', 'outdated']);

export const INBOX_WINDOW_MAX = 200;

/** Where a project's due date falls from today: overdue, within 7 or 30 days, later, or none given. */
export const DueRange = z.enum(['overdue', 'next-7-days', 'next-30-days', 'later', 'none']);
export type DueRange = z.infer<typeof DueRange>;
/** Where a quote's validity ends from now: ended, within 7 or 30 days, later, or none given. */
export const ValidityRange = z.enum(['ended', 'next-7-days', 'next-30-days', 'later', 'none']);
export type ValidityRange = z.infer<typeof ValidityRange>;

const facetValues = z.array(z.string().max(200)).max(100).optional();
/** The team desk's views of the inbox (plain/team-views.ts). */
export const TeamInboxView = z.enum(TEAM_INBOX_VIEWS);
export type TeamInboxView = z.infer<typeof TeamInboxView>;
/**
 * What selects quotes, for the inbox's window and its facet counts. The facet filters
 * (companies to validUntil) each keep quotes with any of the values given; every filter
 * given must hold.
 */
export const InboxFilterInput = z.object({
  /** One account, or all when omitted. */
  accountId: z.string().min(1).optional(),
  stages: z.array(InboxStage).max(InboxStage.options.length).optional(),
  needsAction: z.boolean().optional(),
  /** Quotes needing action whose validity ends within the coming days (7). */
  expiringSoon: z.boolean().optional(),
  search: z.string().max(200).optional(),
  /** Only these quotes (a notification's list). */
  quoteIds: z.array(z.string().min(1).max(100)).max(100).optional(),
  /** Only the quotes of one of the team desk's views (none when this folder is on no team). */
  team: TeamInboxView.optional(),
  /** The team desk's assignee facet: quotes assigned to one of these members (by e-mail), or to nobody (NOBODY_ASSIGNEE). */
  assignees: facetValues,
  companies: facetValues,
  currencies: facetValues,
  /** Service types of the quote's pricing (from its details: a quote whose details were never fetched has none). */
  serviceTypes: facetValues,
  /** Target market labels of the quote's pricing (from its details). */
  targetMarkets: facetValues,
  dueDate: z.array(DueRange).max(DueRange.options.length).optional(),
  validUntil: z.array(ValidityRange).max(ValidityRange.options.length).optional(),
});
export type InboxFilterInput = z.input<typeof InboxFilterInput>;

export { NOBODY_ASSIGNEE } from '../plain/assignee-facet';

export const InboxQueryInput = InboxFilterInput.extend({
  /** "expiry" (expiring first): quotes waiting for a decision by valid-until, then the rest. */
  sort: InboxSort.default('newest'),
  offset: z.number().int().nonnegative().default(0),
  limit: z.number().int().positive().max(INBOX_WINDOW_MAX).default(100),
});
export type InboxQueryInput = z.input<typeof InboxQueryInput>;

/** One account's view of a quote: a client key and the internal key see different statuses. */
export const InboxRowAccount = z.object({
  accountId: z.string(),
  status: QuoteStatus,
  stage: InboxStage,
  needsAction: z.boolean(),
});
export type InboxRowAccount = z.infer<typeof InboxRowAccount>;

/**
 * One quote, once however many accounts see it. `accountId`, `status`, `stage` and
 * `needsAction` are the view of the account queried, or across accounts of the account a
 * decision goes through by default (one that needs action, a client key first).
 */
export const InboxRow = z.object({
  accountId: z.string(),
  quoteId: z.string(),
  quoteNumber: z.string().nullable(),
  projectName: z.string().nullable(),
  companyName: z.string().nullable(),
  referenceNumber: z.string().nullable(),
  status: QuoteStatus,
  stage: InboxStage,
  needsAction: z.boolean(),
  totalAmount: z.number().nullable(),
  currency: z.string().nullable(),
  quoteDate: z.string().nullable(),
  deadlineForQuote: z.string().nullable(),
  projectDueDate: z.string().nullable(),
  validUntil: z.string().nullable(),
  hasDetails: z.boolean(),
  pdf: PdfBadge,
  /** Every account that sees this quote with its view of it, the row's account first. */
  accounts: z.array(InboxRowAccount).min(1),
});
export type InboxRow = z.infer<typeof InboxRow>;

export const InboxWindow = z.object({
  rows: z.array(InboxRow),
  /** Every matching quote (a quote seen by two accounts counts once), for the scrollbar of a virtualized list. */
  total: z.number().int().nonnegative(),
  offset: z.number().int().nonnegative(),
  /** Freshness of the accounts in view: last synced, offline since, syncing... */
  accounts: z.array(AccountSyncState),
});
export type InboxWindow = z.infer<typeof InboxWindow>;

const facetCounts = <T extends z.ZodType<string>>(value: T) => z.array(z.object({ value, count: z.number().int().nonnegative() }));
/**
 * Quotes per facet value for the filters given, each facet counted with every filter but
 * its own (a chosen company still shows the others' counts). Values with no quote are left
 * out unless chosen; values by count, most first.
 */
export const InboxFacets = z.object({
  /** Quotes matching every filter: inbox.query's total for the same input. */
  total: z.number().int().nonnegative(),
  stages: facetCounts(InboxStage),
  companies: facetCounts(z.string()),
  currencies: facetCounts(z.string()),
  serviceTypes: facetCounts(z.string()),
  targetMarkets: facetCounts(z.string()),
  dueDate: facetCounts(DueRange),
  validUntil: facetCounts(ValidityRange),
  /** The team desk's assignees (value: e-mail, or NOBODY_ASSIGNEE) with the member's name; absent or empty on no team. */
  assignees: z.array(z.object({ value: z.string(), name: z.string(), count: z.number().int().nonnegative() })).optional(),
  /**
   * Of the quotes counted (before the facet filters), those whose service types and target
   * markets are known (details read, or refused by the service): below `total`, the rest are
   * still being read in the background and those two facets are partial.
   */
  coverage: z.object({ known: z.number().int().nonnegative(), total: z.number().int().nonnegative() }),
});
export type InboxFacets = z.infer<typeof InboxFacets>;

export const QuoteRefInput = z.object({ accountId: z.string().min(1), quoteId: z.string().min(1).max(100) });
export type QuoteRefInput = z.infer<typeof QuoteRefInput>;

/** Opening one quote: from the cache, fetched when online and not fresh. */
export const QuoteDetailInput = QuoteRefInput.extend({
  /** Ask the service even when the cached copy is recent (the view's "Refresh"). */
  refresh: z.boolean().default(false),
  /** Answer from the cache alone, at once, whatever its age (the reading pane then asks again without it, in the background). */
  cached: z.boolean().default(false),
});
export type QuoteDetailInput = z.input<typeof QuoteDetailInput>;

const LinePlace = z.object({ team: z.string(), service: z.string(), targetMarket: z.string(), item: z.string(), unit: z.string() });
const LineFigures = z.object({ quantity: z.number(), unitPrice: z.number(), totalPrice: z.number() });
export const QuoteDiff = z.object({
  lines: z.array(
    z.discriminatedUnion('kind', [
      z.object({ kind: z.literal('added'), place: LinePlace, after: LineFigures }),
      z.object({ kind: z.literal('removed'), place: LinePlace, before: LineFigures }),
      z.object({ kind: z.literal('changed'), place: LinePlace, before: LineFigures, after: LineFigures, fields: z.array(z.enum(['quantity', 'unitPrice', 'totalPrice'])) }),
    ]),
  ),
  totals: z.array(z.object({ team: z.string().nullable(), currency: z.string().nullable(), before: z.number().nullable(), after: z.number().nullable() })),
  dates: z.array(z.object({ field: z.string(), before: z.string().nullable(), after: z.string().nullable() })),
  status: z.object({ before: QuoteStatus, after: QuoteStatus }).nullable(),
  po: z.array(z.object({ field: z.string(), before: z.union([z.string(), z.boolean()]).nullable(), after: z.union([z.string(), z.boolean()]).nullable() })),
  changed: z.boolean(),
});
export type QuoteDiff = z.infer<typeof QuoteDiff>;

export const PdfStatus = z.object({
  cached: z.boolean(),
  outdated: z.boolean(),
  bytes: z.number().int().nonnegative().nullable(),
  fetchedAt: z.number().nullable(),
  downloading: z.boolean(),
});
export type PdfStatus = z.infer<typeof PdfStatus>;

/**
 * Whether Accept and Decline are offered for a quote, as the core judges it from every key it
 * holds (a client key beside an internal key of the same service is told the stored status).
 * `reason`: why they are not offered; `note`: offered, but what may still stop them.
 */
export const Decidable = z.object({
  accept: z.boolean(),
  decline: z.boolean(),
  reason: z.string().optional(),
  note: z.string().optional(),
});
export type Decidable = z.infer<typeof Decidable>;

export const QuoteDetailView = z.object({
  accountId: z.string(),
  quoteId: z.string(),
  list: QuoteListItem.nullable(),
  details: QuoteDetails.nullable(),
  /** 'service' when fetched for this call; 'cache' when served from the cache (offline, or fresh enough). */
  source: z.enum(['service', 'cache']),
  /** When the details shown were fetched (ms since the epoch). */
  fetchedAt: z.number().nullable(),
  /** The list moved since these details were fetched and they could not be refreshed. */
  stale: z.boolean(),
  /** Why fresh details could not be had, in plain words; null when they were. */
  notice: z.string().nullable(),
  revisions: z.array(z.object({ revision: z.number().int().positive(), firstSeenAt: z.number(), total: Money.nullable() })),
  /** Between the last two revisions; null with fewer than two. */
  diff: QuoteDiff.nullable(),
  pdf: PdfStatus,
  /** The account's key kind: which statuses it sees and which quotes it may decide. */
  access: KeyAccess,
  /** A hash of `details` (null without details): decisions.accept/decline send it, and nothing is sent if the quote changed meanwhile. */
  version: z.string().nullable(),
  /** When the details shown were stored (ISO date-time): the "cached at T" note. */
  cachedAt: z.string().nullable(),
  /** Which decisions the service will take on this quote, from the stored status where a key of the same service sees it. */
  decidable: Decidable,
});
export type QuoteDetailView = z.infer<typeof QuoteDetailView>;

/** One person of the project team users endpoint, as far as its answer is recognisable. */
export const ExtraPerson = z.object({ name: z.string(), email: z.string().nullable(), role: z.string().nullable(), isOwner: z.boolean() });
export type ExtraPerson = z.infer<typeof ExtraPerson>;
/** The enhanced summary's recognisable facts. */
export const SummaryFacts = z.object({
  revision: z.number().nullable(),
  lineItemCount: z.number().nullable(),
  teams: z.array(z.object({ name: z.string(), total: z.number().nullable(), markets: z.array(z.string()) })),
});
export type SummaryFacts = z.infer<typeof SummaryFacts>;
/**
 * What the project-team-users and summary endpoints add to the detail, read live (they are
 * not cached): empty when the service is out of reach or answers something unrecognisable.
 */
export const QuoteExtras = z.object({ people: z.array(ExtraPerson), summary: SummaryFacts.nullable() });
export type QuoteExtras = z.infer<typeof QuoteExtras>;

/** The company's logo as a data: URL (the renderer loads no image from the network), or null. */
export const QuoteLogo = z.object({ src: z.string().regex(/^data:image\/(png|jpeg|gif|webp|svg\+xml);base64,[A-Za-z0-9+/]*=*$/).nullable() });
export type QuoteLogo = z.infer<typeof QuoteLogo>;

export const CachedPdfView = z.object({
  /** The local file (main opens it; the renderer never reads it directly). */
  path: z.string(),
  bytes: z.number().int().nonnegative(),
  outdated: z.boolean(),
  fromCache: z.boolean(),
});
export type CachedPdfView = z.infer<typeof CachedPdfView>;

/** How to open or save a quote's PDF. */
export const PdfOpenInput = QuoteRefInput.extend({ mode: z.enum(['open', 'save']).default('open') });
export type PdfOpenInput = z.input<typeof PdfOpenInput>;

/**
 * 'opened': the host handed the file to the system (Electron's opener). 'download': the
 * renderer downloads `url` (browser mode: a one-time route of the web host), named `fileName`.
 */
export const PdfOpened = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('opened'), outdated: z.boolean(), fromCache: z.boolean() }),
  z.object({ kind: z.literal('download'), url: z.string(), fileName: z.string(), outdated: z.boolean(), fromCache: z.boolean() }),
]);
export type PdfOpened = z.infer<typeof PdfOpened>;

export const inboxMethods = {
  /** A window of the inbox over the cache, with the accounts' freshness. */
  'inbox.query': { input: InboxQueryInput, output: InboxWindow },
  /** Counts per company, currency, service type, target market and date range, from the cache. */
  'inbox.facets': { input: InboxFilterInput, output: InboxFacets },
  /** One quote: cached first, fetched when online and stale; its revisions and their diff. */
  'quotes.detail': { input: QuoteDetailInput, output: QuoteDetailView },
  /** Reads these quotes (the rows around the one shown) into the cache in the background, at low priority; a newer call replaces the rows not started yet. */
  'quotes.readAhead': { input: z.object({ quotes: z.array(QuoteRefInput).max(8) }), output: z.void() },
  /** The project team users and the enhanced summary, when the service can be asked. */
  'quotes.extras': { input: QuoteRefInput, output: QuoteExtras },
  /** The quote's PDF, from the cache or downloaded now. */
  'pdfs.get': { input: QuoteRefInput, output: CachedPdfView },
  /** Whether the quote's PDF is cached, outdated or downloading, and its size. */
  'pdfs.status': { input: QuoteRefInput, output: PdfStatus },
  /** The quote's PDF (cached, or downloaded now) opened or saved the host's way. */
  'pdfs.open': { input: PdfOpenInput, output: PdfOpened },
} as const satisfies Record<string, { input: z.ZodType; output: z.ZodType }>;

/** Apart from the inbox's methods: logos have their own small cache in the core (main/core/logos). */
export const logoMethods = {
  /** The company logo of a cached quote, fetched once by the core and kept for offline use. */
  'quotes.logo': { input: QuoteRefInput, output: QuoteLogo },
} as const satisfies Record<string, { input: z.ZodType; output: z.ZodType }>;

/** The approval of a quote's current revision, as the row marks it: asked, approved or refused. */
export const TeamRowApproval = z.enum(['requested', 'approved', 'refused']);
export type TeamRowApproval = z.infer<typeof TeamRowApproval>;

/** What a row of the inbox shows of the team desk: the assignee and the current revision's approval. */
export const TeamRowMark = z.object({
  quoteId: z.string(),
  assignee: z.object({ name: z.string(), email: z.string() }).nullable(),
  /** Null when nobody asked for an approval of the revision this computer has. */
  approval: TeamRowApproval.nullable(),
});
export type TeamRowMark = z.infer<typeof TeamRowMark>;

/** The team desk's marks of the inbox's rows, read for a window of rows at once (main/core/inbox/team-marks.ts). */
export const inboxTeamMethods = {
  /** The assignee and approval of each quote named (a window of rows); no marks when this folder is on no team. */
  'inbox.teamMarks': { input: z.object({ quotes: z.array(QuoteRefInput).max(INBOX_WINDOW_MAX) }), output: z.object({ marks: z.array(TeamRowMark) }) },
} as const satisfies Record<string, { input: z.ZodType; output: z.ZodType }>;

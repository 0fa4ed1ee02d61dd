import { z } from 'zod';
import { DueRange, InboxFilterInput, InboxSort, InboxStage, TeamInboxView, ValidityRange } from './inbox';
import { VIEW_NAME_MAX } from '../plain/view-limits';

// Saved views of the inbox (the sidebar's "Saved views", the palette) and the last view the
// person left, so it comes back after a restart. Both live in main's settings store: the
// renderer's own storage does not survive browser mode's new port at each launch.

const facetValues = z.array(z.string().max(200)).max(100).default([]);

/** The facet filters as the filter bar holds them: within a facet any value, across facets all. */
export const ViewFilters = z.object({
  companies: facetValues,
  currencies: facetValues,
  serviceTypes: facetValues,
  targetMarkets: facetValues,
  dueDate: z.array(DueRange).max(DueRange.options.length).default([]),
  validUntil: z.array(ValidityRange).max(ValidityRange.options.length).default([]),
  /** The team desk's assignees by e-mail, or NOBODY_ASSIGNEE (views saved before the facet have none). */
  assignees: facetValues,
});
export type ViewFilters = z.infer<typeof ViewFilters>;

/** What a view shows: one account (or All accounts with null), the search, the status, the filters and the order. */
export const ViewQuery = z.object({
  accountId: z.string().min(1).max(200).nullable(),
  /** One of the team desk's views, across accounts (views saved before it have none). */
  team: TeamInboxView.nullable().default(null),
  search: z.string().max(200).default(''),
  stages: z.array(InboxStage).max(InboxStage.options.length).default([]),
  needsAction: z.boolean().default(false),
  expiringSoon: z.boolean().default(false),
  sort: InboxSort.default('newest'),
  filters: ViewFilters.default(ViewFilters.parse({})),
});
export type ViewQuery = z.infer<typeof ViewQuery>;
export type ViewQueryInput = z.input<typeof ViewQuery>;

export const ViewName = z
  .string()
  .trim()
  .min(1, 'Give the view a name.')
  .max(VIEW_NAME_MAX, `A view's name has at most ${VIEW_NAME_MAX} characters.`);

export const SavedView = z.object({
  id: z.string().min(1).max(100),
  name: ViewName,
  query: ViewQuery,
});
export type SavedView = z.infer<typeof SavedView>;

export const SavedViews = z.object({
  /** In the order they were saved. */
  views: z.array(SavedView),
  /** The view the person was on when the app last ran, or null (never, or unreadable). */
  last: ViewQuery.nullable(),
});
export type SavedViews = z.infer<typeof SavedViews>;

/** At most this many selections are counted in one views.counts (a saved view each, with room to spare). */
export const VIEW_COUNTS_MAX = 100;

/** The saved views' selections (what inbox.query would be asked for each), counted together. */
export const ViewCountsInput = z.object({ selections: z.array(InboxFilterInput).max(VIEW_COUNTS_MAX) });
export type ViewCountsInput = z.input<typeof ViewCountsInput>;
/** One count per selection, in their order: inbox.query's total for it. */
export const ViewCounts = z.object({ counts: z.array(z.number().int().nonnegative()) });
export type ViewCounts = z.infer<typeof ViewCounts>;

export const viewMethods = {
  /** The saved views and the view left last. */
  'views.list': { input: z.void(), output: SavedViews },
  /** Saves the view under a new name; a name already used (any case) is refused. */
  'views.save': { input: z.object({ name: ViewName, query: ViewQuery }), output: z.array(SavedView) },
  /** Renames a saved view; a name already used is refused. */
  'views.rename': { input: z.object({ id: z.string().min(1).max(100), name: ViewName }), output: z.array(SavedView) },
  /** Deletes a saved view. */
  'views.remove': { input: z.object({ id: z.string().min(1).max(100) }), output: z.array(SavedView) },
  /** The view on screen now, to come back to at the next start. */
  'views.remember': { input: ViewQuery, output: z.void() },
  /** How many quotes each selection holds now, in one call for every saved view (answered by the inbox, over the cache). */
  'views.counts': { input: ViewCountsInput, output: ViewCounts },
} as const satisfies Record<string, { input: z.ZodType; output: z.ZodType }>;

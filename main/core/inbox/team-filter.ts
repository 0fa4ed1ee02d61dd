// The team desk as filters of the inbox: its views ('Assigned to me', 'Waiting for my approval',
// 'My requests') and its assignee facet. The bridge names a view or assignees, the team's state
// gives their quotes, and every reading of a selection (its rows, facet counts, the sidebar's
// count, a selection in it, an export) narrows to them here, so they all count the same quotes.
import type { InboxFacets, InboxFilterInput, TeamInboxView } from '../../../preload/contract/bridge/inbox';
import { NOBODY_ASSIGNEE } from '../../../preload/contract/bridge/inbox';
import type { InboxFacetQuery, QuoteCache } from '../cache';
import { selectionOf } from '../cache/inbox';

/** A quote's assignee, as the team's per-quote state has it. */
export interface QuoteAssignee {
  name: string;
  email: string;
}

/**
 * The quote ids in one of my team views now (an empty set when this folder is on no team), and
 * each assigned quote's assignee (the team's cached per-quote state; absent: nobody is assigned).
 */
export type TeamQuotes = ((view: TeamInboxView) => ReadonlySet<string>) & { assigneeOf?: () => ReadonlyMap<string, QuoteAssignee> };

export interface TeamSelectionOptions {
  expiringSoonDays: number;
  now: number;
  hidden?: ReadonlySet<string>;
  /** Absent: no team desk in this core, so a team view holds nothing and nobody is assigned. */
  teamQuotes?: TeamQuotes;
}

const within = (named: readonly string[] | undefined, ids: Iterable<string>, has: (id: string) => boolean) => (named ? named.filter(has) : [...ids]);

/** The cache's filters for a bridge input: a team view read as the quotes it holds, the chosen assignees as theirs. */
export function teamSelectionOf(input: InboxFilterInput, options: TeamSelectionOptions): InboxFacetQuery {
  const { team, assignees, ...rest } = input;
  const filters = selectionOf(rest, options);
  if (team !== undefined) {
    const inView = options.teamQuotes?.(team) ?? new Set<string>();
    filters.quoteIds = within(rest.quoteIds, inView, (id) => inView.has(id));
  }
  if (assignees && assignees.length > 0) narrowToAssignees(filters, new Set(assignees), options.teamQuotes?.assigneeOf?.() ?? new Map());
  return filters;
}

function narrowToAssignees(filters: InboxFacetQuery, chosen: ReadonlySet<string>, assigneeOf: ReadonlyMap<string, QuoteAssignee>): void {
  if (chosen.has(NOBODY_ASSIGNEE)) {
    // Nobody's quotes are every quote but the assigned: leave out those assigned to a member not chosen.
    const left = new Set(filters.hidden ?? []);
    for (const [quoteId, assignee] of assigneeOf) if (!chosen.has(assignee.email)) left.add(quoteId);
    filters.hidden = left;
    return;
  }
  const theirs = new Set([...assigneeOf].filter(([, assignee]) => chosen.has(assignee.email)).map(([quoteId]) => quoteId));
  filters.quoteIds = within(filters.quoteIds, theirs, (id) => theirs.has(id));
}

/**
 * The assignee facet: quotes per assignee over the selection without its own choice (a chosen
 * member still shows the others' counts), and nobody (its name left to the window's language) for the rest. None on no team or when
 * nobody was ever assigned and nothing is chosen; members by count, most first, then nobody; a chosen value kept.
 */
export function assigneeFacet(cache: Pick<QuoteCache, 'inbox'>, input: InboxFilterInput, options: TeamSelectionOptions): NonNullable<InboxFacets['assignees']> {
  const assigneeOf = options.teamQuotes?.assigneeOf?.() ?? new Map<string, QuoteAssignee>();
  const chosen = new Set(input.assignees ?? []);
  if (assigneeOf.size === 0 && chosen.size === 0) return [];
  const base = teamSelectionOf({ ...input, assignees: undefined }, options);
  const count = (filters: InboxFacetQuery) => cache.inbox({ ...filters, sort: 'newest', offset: 0, limit: 1 }).total;
  const members = new Map<string, { name: string; ids: string[] }>();
  for (const [quoteId, assignee] of assigneeOf) {
    const member = members.get(assignee.email) ?? { name: assignee.name, ids: [] };
    member.ids.push(quoteId);
    members.set(assignee.email, member);
  }
  const counts = [...members].map(([email, member]) => {
    const ids = new Set(member.ids);
    return { value: email, name: member.name, count: count({ ...base, quoteIds: within(base.quoteIds, ids, (id) => ids.has(id)) }) };
  });
  const assigned = counts.reduce((sum, item) => sum + item.count, 0);
  const nobody = { value: NOBODY_ASSIGNEE, name: '', count: count(base) - assigned };
  // Members by count (most first), nobody last: it is the rest, not a person.
  return [...counts.sort((a, b) => b.count - a.count || a.name.localeCompare(b.name)), nobody].filter((item) => item.count > 0 || chosen.has(item.value));
}

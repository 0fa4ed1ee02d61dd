// Which saved view an export holds: the one whose query the exported view is, as the sidebar
// marks a saved view current (same account, team view, search, stages, filters and order; the order of
// chosen values aside). Its own name then names the file, rather than words for its filters.
import type { SavedView, ViewQuery } from '../../../preload/contract';
import type { ViewInput } from '../inbox/selected-rows';

const sorted = <T extends string>(values: readonly T[] | undefined): T[] => [...(values ?? [])].sort();

/** One text per view query, whatever the order of its chosen values and the spaces around its search. */
function keyOf(query: ViewQuery): string {
  const { filters } = query;
  return JSON.stringify([
    query.accountId,
    query.team,
    query.search.trim(),
    sorted(query.stages),
    query.needsAction,
    query.expiringSoon,
    query.sort,
    sorted(filters.companies),
    sorted(filters.currencies),
    sorted(filters.serviceTypes),
    sorted(filters.targetMarkets),
    sorted(filters.dueDate),
    sorted(filters.validUntil),
    sorted(filters.assignees),
  ]);
}

/** The saved view the exported view shows, or null (none matches, or the view is a notification's few quotes). */
export function savedViewShown(views: readonly SavedView[], view: ViewInput): SavedView | null {
  if ((view.quoteIds?.length ?? 0) > 0 || views.length === 0) return null;
  const shown = keyOf({
    accountId: view.accountId ?? null,
    team: view.team ?? null,
    search: view.search ?? '',
    stages: view.stages ?? [],
    needsAction: view.needsAction ?? false,
    expiringSoon: view.expiringSoon ?? false,
    sort: view.sort,
    filters: {
      companies: view.companies ?? [],
      currencies: view.currencies ?? [],
      serviceTypes: view.serviceTypes ?? [],
      targetMarkets: view.targetMarkets ?? [],
      dueDate: view.dueDate ?? [],
      validUntil: view.validUntil ?? [],
      assignees: view.assignees ?? [],
    },
  });
  return views.find((saved) => keyOf(saved.query) === shown) ?? null;
}

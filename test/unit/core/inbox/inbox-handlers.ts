// The inbox's query, facets and view counts over a cache, called as the dispatcher calls them
// (each input parsed by the contract): what the team views' and the assignee facet's tests read.
import { createInboxHandlers } from '../../../../main/core/inbox/bridge';
import type { TeamQuotes } from '../../../../main/core/inbox/team-filter';
import { createViewCountHandlers } from '../../../../main/core/inbox/view-counts';
import { methods } from '../../../../preload/contract';
import type { CacheRig } from '../cache/helpers';

export function inboxHandlersOver(rig: CacheRig, now: number, teamQuotes: TeamQuotes | undefined, hidden?: () => ReadonlySet<string>) {
  const deps = { cache: rig.cache, clock: { now: () => now } as never, teamQuotes, ...(hidden ? { hidden } : {}) };
  const inbox = createInboxHandlers({ ...deps, sync: { state: () => ({}) as never, fetchDetails: async () => undefined as never }, pdfs: {} as never, accounts: { list: async () => [] } });
  const counts = createViewCountHandlers({ ...deps, expiringSoonDays: 7 });
  return {
    query: (input: unknown) => inbox['inbox.query'](methods['inbox.query'].input.parse(input)),
    facets: (input: unknown) => inbox['inbox.facets'](methods['inbox.facets'].input.parse(input)),
    counts: async (selections: unknown[]) => (await counts['views.counts'](methods['views.counts'].input.parse({ selections }))).counts,
  };
}

// An export of a saved view is named after the view, as the sidebar marks it current: the
// same quotes in the same order, however the chosen values are ordered or the search spaced.
import { describe, expect, it } from 'vitest';
import { savedViewShown } from '../../../../main/core/export/saved-view-shown';
import { viewName } from '../../../../main/core/export';
import { SavedView } from '../../../../preload/contract';
import type { ViewInput } from '../../../../main/core/inbox/selected-rows';

const bigDeals = SavedView.parse({
  id: 'v1',
  name: 'Big EUR deals',
  query: { accountId: 'acme', search: 'annual', stages: ['accepted', 'awaiting-decision'], sort: 'value', filters: { currencies: ['EUR'], companies: ['Initech', 'Acme'] } },
});
const everything = SavedView.parse({ id: 'v2', name: 'Everything', query: { accountId: null } });
const shownAsSaved: ViewInput = { accountId: 'acme', search: '  annual ', stages: ['awaiting-decision', 'accepted'], sort: 'value', currencies: ['EUR'], companies: ['Acme', 'Initech'] };

describe('the saved view an export shows', () => {
  it('is the one whose query the view is, the order of chosen values and the spaces of the search aside', () => {
    expect(savedViewShown([everything, bigDeals], shownAsSaved)?.name).toBe('Big EUR deals');
    expect(savedViewShown([everything, bigDeals], { sort: 'newest' })?.name).toBe('Everything');
  });

  it('is none when anything differs: the order, one filter more, another account, a notification\'s quotes', () => {
    expect(savedViewShown([bigDeals], { ...shownAsSaved, sort: 'newest' })).toBeNull();
    expect(savedViewShown([bigDeals], { ...shownAsSaved, serviceTypes: ['Translation'] })).toBeNull();
    expect(savedViewShown([bigDeals], { ...shownAsSaved, accountId: undefined })).toBeNull();
    expect(savedViewShown([bigDeals], { ...shownAsSaved, needsAction: true })).toBeNull();
    expect(savedViewShown([bigDeals], { ...shownAsSaved, assignees: ['ada@example.com'] })).toBeNull();
    expect(savedViewShown([everything], { sort: 'newest', quoteIds: ['q-1'] })).toBeNull();
    expect(savedViewShown([], { sort: 'newest' })).toBeNull();
  });

  it("tells one assignee's saved view from another's and from none (issue 26), in any order of the chosen", () => {
    const adas = SavedView.parse({ id: 'v3', name: "Ada's", query: { accountId: null, filters: { assignees: ['ada@example.com', 'nobody'] } } });
    expect(savedViewShown([everything, adas], { sort: 'newest', assignees: ['nobody', 'ada@example.com'] })?.name).toBe("Ada's");
    expect(savedViewShown([everything, adas], { sort: 'newest', assignees: ['ada@example.com'] })).toBeNull();
    expect(savedViewShown([adas, everything], { sort: 'newest' })?.name).toBe('Everything');
  });
});

describe("a view's name for its file", () => {
  it("is the saved view's own name, in a selection's words when only some of its quotes are selected", () => {
    const words = { accountName: 'acme', stages: ['accepted' as const], search: 'annual', filtered: true, selection: false };
    expect(viewName({ ...words, savedViewName: 'Big EUR deals' })).toBe('Big EUR deals');
    expect(viewName({ ...words, savedViewName: 'Big EUR deals', selection: true })).toBe('Selected quotes (Big EUR deals)');
    // Without a saved view, the view's own words.
    expect(viewName({ ...words, savedViewName: null })).toBe('acme, Accepted, search annual, filtered');
  });
});

// The team desk's assignee facet in the filter bar (issue 26): shown only on a team, its members
// by name with their counts and "Nobody" for the rest; a pick filters the rows and shows a chip
// like the other facets, and the choice goes wherever the other facets go: the last view kept
// by main, a saved view (marked current in the sidebar), and back after a restart.
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/svelte';
import { describe, expect, it } from 'vitest';
import { NOBODY_ASSIGNEE, ViewQuery } from '../../preload/contract';
import type { QuoteListItem, ViewQueryInput } from '../../preload/contract';
import type { InboxQueryInput } from '../../renderer/src/lib/inbox-bridge';
import { facetInput, facetValueLabel, noFacetFilters, toggledFacet } from '../../renderer/src/lib/inbox-filters';
import { describeView, isCut, sameQuery, viewSelection } from '../../renderer/src/lib/state/views.svelte';
import { FakeBridge } from './fake-bridge';
import { makeAccount, makeQuote, quoteId } from './fixtures';
import { renderApp } from './render-app';

const ADA = { name: 'Ada Lovelace', email: 'ada@example.com' };
const BOB = { name: 'Bob Byrne', email: 'bob@example.com' };

/** Six quotes: Ada has 1, 2 and 3, Bob 4, nobody 5 and 6. */
function quotes(): QuoteListItem[] {
  return [1, 2, 3, 4, 5, 6].map((n) => makeQuote({ id: quoteId(n), quoteNumber: `Q-2026-000${n}`, projectName: `Project ${n}`, companyName: n % 2 === 0 ? 'Globex' : 'Initech' }));
}

function fake({ team = true } = {}) {
  const bridge = new FakeBridge({ accounts: [makeAccount({ id: 'acc-1', access: 'internal' })], quotes: { 'acc-1': quotes() } });
  if (team) {
    for (const n of [1, 2, 3]) bridge.assignees.set(quoteId(n), ADA);
    bridge.assignees.set(quoteId(4), BOB);
  }
  return bridge;
}

const view = (input: Partial<ViewQueryInput> = {}) => ViewQuery.parse({ accountId: null, ...input });
const lastQuery = (bridge: FakeBridge) => bridge.callsOf('inbox.query').at(-1) as InboxQueryInput;
const picker = () => screen.getByRole('combobox', { name: 'Add a filter by assignee' });
const options = (select: HTMLElement) =>
  within(select)
    .getAllByRole('option')
    .map((option) => option.textContent?.trim() ?? '');

async function expectCount(text: string) {
  await waitFor(() => expect(screen.getByTestId('quote-count').textContent).toBe(text));
}

async function openFilters() {
  await fireEvent.click(await screen.findByRole('button', { name: 'Filters' }));
}

describe('the assignee picker', () => {
  it('is not offered when no team is set up', async () => {
    renderApp(fake({ team: false }));
    await expectCount('6 quotes');
    await openFilters();
    await screen.findByRole('combobox', { name: 'Add a filter by company' });
    expect(screen.queryByRole('combobox', { name: 'Add a filter by assignee' })).toBeNull();
  });

  it('lists the members by name with their counts and Nobody, and a pick filters to their quotes with a chip', async () => {
    const bridge = fake();
    renderApp(bridge);
    await expectCount('6 quotes');
    await openFilters();
    await waitFor(() => expect(options(picker())).toEqual(['Assignee', 'Ada Lovelace (3)', 'Bob Byrne (1)', 'Nobody (2)']));

    await fireEvent.change(picker(), { target: { value: ADA.email } });
    await expectCount('3 quotes');
    expect(lastQuery(bridge).assignees).toEqual([ADA.email]);
    const chip = await screen.findByRole('button', { name: 'Remove filter: Assignee Ada Lovelace (3)' });
    // The others are still offered with what they would add.
    await waitFor(() => expect(options(picker())).toEqual(['Assignee', 'Bob Byrne (1)', 'Nobody (2)']));

    // Another facet narrows Ada's quotes, and her count follows.
    await fireEvent.change(screen.getByRole('combobox', { name: 'Add a filter by company' }), { target: { value: 'Globex' } });
    await expectCount('1 quote');
    await screen.findByRole('button', { name: 'Remove filter: Assignee Ada Lovelace (1)' });

    await fireEvent.click(screen.getByRole('button', { name: /^Remove filter: Company Globex/ }));
    await fireEvent.click(await screen.findByRole('button', { name: 'Remove filter: Assignee Ada Lovelace (3)' }));
    expect(chip.isConnected).toBe(false);
    await expectCount('6 quotes');
    await waitFor(() => expect(options(picker())).toContain('Nobody (2)'));
    await fireEvent.change(picker(), { target: { value: NOBODY_ASSIGNEE } });
    await expectCount('2 quotes');
    expect(lastQuery(bridge).assignees).toEqual([NOBODY_ASSIGNEE]);
    expect(await screen.findByRole('button', { name: 'Remove filter: Assignee Nobody (2)' })).toBeTruthy();
  });
});

describe('the assignee in views', () => {
  it('is remembered by main, comes back after a restart, and is kept by a saved view', async () => {
    const bridge = fake();
    renderApp(bridge);
    await expectCount('6 quotes');
    await openFilters();
    await waitFor(() => expect(options(picker())).toContain('Bob Byrne (1)'));
    await fireEvent.change(picker(), { target: { value: BOB.email } });
    await expectCount('1 quote');
    await waitFor(() => expect(bridge.views.last()).toEqual(view({ accountId: 'acc-1', filters: { assignees: [BOB.email] } })), { timeout: 4000 });

    await fireEvent.click(screen.getByRole('button', { name: 'Save view' }));
    const name = within(await screen.findByRole('dialog', { name: 'Save view' })).getByRole<HTMLInputElement>('textbox', { name: 'Name' });
    await fireEvent.input(name, { target: { value: "Bob's" } });
    await fireEvent.submit(name.form!);
    await waitFor(() => expect(bridge.views.list().map((saved) => saved.query)).toEqual([view({ accountId: 'acc-1', filters: { assignees: [BOB.email] } })]));

    // A restart: a new window, its storage empty; main still has the view.
    cleanup();
    renderApp(bridge);
    await expectCount('1 quote');
    expect(await screen.findByRole('button', { name: 'Remove filter: Assignee Bob Byrne (1)' })).toBeTruthy();
    // The saved view is the one on screen.
    await waitFor(() => expect(document.querySelector('button[data-view-id]')?.getAttribute('aria-current')).toBe('true'));

    // A teammate hands Bob another quote: no cached quote changed, yet the saved view's count follows.
    const savedCount = () => document.querySelector('button[data-view-id] .view-count [aria-hidden="true"]')?.textContent;
    await waitFor(() => expect(savedCount()).toBe('1'));
    bridge.assignees.set(quoteId(5), BOB);
    bridge.emit('team.quotesChanged', { quoteIds: [quoteId(5)] });
    await waitFor(() => expect(savedCount()).toBe('2'), { timeout: 4000 });
  });

  it('is part of what a view is: its selection, its sameness, its cut and its description', () => {
    const bob = view({ filters: { assignees: [BOB.email, NOBODY_ASSIGNEE] } });
    expect(viewSelection(bob, () => true)).toEqual({ assignees: [BOB.email, NOBODY_ASSIGNEE] });
    expect(isCut(bob)).toBe(true);
    expect(sameQuery(bob, view({ filters: { assignees: [NOBODY_ASSIGNEE, BOB.email] } }))).toBe(true);
    expect(sameQuery(bob, view({ filters: { assignees: [BOB.email] } }))).toBe(false);
    // A saved view knows the e-mail only: the description says it, and Nobody in words.
    expect(describeView(bob, () => null)).toBe(`All accounts · Assignee ${BOB.email} · Assignee Nobody · Newest first`);
    expect(facetValueLabel('assignees', ADA.email, ADA.name)).toBe('Ada Lovelace');
    expect(facetInput(toggledFacet(noFacetFilters(), 'assignees', ADA.email))).toEqual({ assignees: [ADA.email] });
    expect(facetInput(noFacetFilters())).toEqual({});
  });
});

import { fireEvent, screen, waitFor, within } from '@testing-library/svelte';
import { describe, expect, it } from 'vitest';
import type { QuoteListItem } from '../../preload/contract';
import type { InboxQueryInput } from '../../renderer/src/lib/inbox-bridge';
import { InboxState } from '../../renderer/src/lib/state/inbox.svelte';
import { FakeBridge } from './fake-bridge';
import { makeAccount, makeQuote, quoteId } from './fixtures';
import { renderApp } from './render-app';

const NOW = Date.parse('2026-01-10T12:00:00Z');
const DAY = 86_400_000;

/**
 * Twelve quotes of an internal key: Acme 6 (4 in EUR), Globex 4, Initech 2; the first three
 * Acme quotes' validity ends within a week, the others' ended.
 */
function quotes(): QuoteListItem[] {
  const companies = ['Acme Corp', 'Acme Corp', 'Acme Corp', 'Acme Corp', 'Acme Corp', 'Acme Corp', 'Globex', 'Globex', 'Globex', 'Globex', 'Initech', 'Initech'];
  return companies.map((companyName, index) =>
    makeQuote({
      id: quoteId(index + 1),
      quoteNumber: `Q-2026-${String(index + 1).padStart(4, '0')}`,
      projectName: index % 2 === 0 ? `Website ${index + 1}` : `Catalogue ${index + 1}`,
      companyName,
      status: 'SENT',
      totalPrice: { amount: 100 * (index + 1), currency: index < 4 ? 'EUR' : 'USD' },
      quoteDate: new Date(NOW - (index + 1) * DAY).toISOString(),
      validUntil: new Date(index < 3 ? NOW + 3 * DAY : NOW - 3 * DAY).toISOString(),
    }),
  );
}

function fake() {
  return new FakeBridge({ accounts: [makeAccount({ id: 'acc-1', access: 'internal' })], quotes: { 'acc-1': quotes() }, now: NOW });
}

function lastQuery(bridge: FakeBridge): InboxQueryInput {
  return bridge.callsOf('inbox.query').at(-1) as InboxQueryInput;
}

/** The toolbar's "Filters" button shows the pickers. */
async function openFilters() {
  await fireEvent.click(await screen.findByRole('button', { name: 'Filters' }));
}

async function expectCount(text: string) {
  await waitFor(() => expect(screen.getByTestId('quote-count').textContent).toBe(text));
}

function options(select: HTMLElement): string[] {
  return within(select)
    .getAllByRole('option')
    .map((option) => option.textContent?.trim() ?? '');
}

describe('inbox filters from the index facets', () => {
  it('offers each facet with its counts, filters by a pick shown as a removable chip, combined with search', async () => {
    const bridge = fake();
    renderApp(bridge);
    await expectCount('12 quotes');
    expect(screen.queryByRole('combobox', { name: 'Add a filter by company' })).toBeNull();
    await openFilters();
    expect(screen.getByRole('button', { name: 'Filters' }).getAttribute('aria-expanded')).toBe('true');
    const company = await screen.findByRole('combobox', { name: 'Add a filter by company' });
    expect(options(company)).toEqual(['Company', 'Acme Corp (6)', 'Globex (4)', 'Initech (2)']);
    expect(options(screen.getByRole('combobox', { name: 'Add a filter by currency' }))).toEqual(['Currency', 'USD (8)', 'EUR (4)']);
    // No quote's details were fetched: no service type to offer; a range no quote falls in is not offered.
    expect(screen.queryByRole('combobox', { name: 'Add a filter by service type' })).toBeNull();

    await fireEvent.change(company, { target: { value: 'Acme Corp' } });
    await expectCount('6 quotes');
    expect(lastQuery(bridge).companies).toEqual(['Acme Corp']);
    const chip = screen.getByRole('button', { name: 'Remove filter: Company Acme Corp (6)' });
    // The picker is back on its name, and offers the other companies with what they would add.
    await waitFor(() => expect(options(screen.getByRole('combobox', { name: 'Add a filter by company' }))).toEqual(['Company', 'Globex (4)', 'Initech (2)']));
    expect(options(screen.getByRole('combobox', { name: 'Add a filter by company' }))).toEqual(['Company', 'Globex (4)', 'Initech (2)']);
    // The currencies are counted within Acme's quotes now (the counts follow the rows).
    await waitFor(() => expect(options(screen.getByRole('combobox', { name: 'Add a filter by currency' }))).toEqual(['Currency', 'EUR (4)', 'USD (2)']));

    await fireEvent.input(screen.getByRole('searchbox', { name: 'Search quotes' }), { target: { value: 'website' } });
    await expectCount('3 quotes');
    expect(lastQuery(bridge)).toMatchObject({ companies: ['Acme Corp'], search: 'website' });

    await fireEvent.change(screen.getByRole('combobox', { name: 'Add a filter by currency' }), { target: { value: 'USD' } });
    await expectCount('1 quote');
    expect(lastQuery(bridge)).toMatchObject({ companies: ['Acme Corp'], currencies: ['USD'], search: 'website' });

    // The pickers folded away, the chosen values still show and still remove.
    await openFilters();
    expect(screen.queryByRole('combobox', { name: 'Add a filter by company' })).toBeNull();
    await fireEvent.click(chip);
    await expectCount('4 quotes');
    expect(lastQuery(bridge).companies).toBeUndefined();
    expect(screen.queryByRole('button', { name: /^Remove filter: Company/ })).toBeNull();
    expect(await screen.findByRole('button', { name: 'Remove filter: Currency USD (4)' })).toBeTruthy();
  });

  it('filters by validity range in words, and "No quotes match" clears the chips too', async () => {
    const bridge = fake();
    renderApp(bridge);
    await expectCount('12 quotes');
    await openFilters();
    const validity = await screen.findByRole('combobox', { name: 'Add a filter by valid-until date' });
    expect(options(validity)).toEqual(['Valid until', 'ended (9)', 'ends in the next 7 days (3)']);
    await fireEvent.change(validity, { target: { value: 'next-7-days' } });
    await expectCount('3 quotes');
    expect(screen.getByRole('button', { name: 'Remove filter: Valid until ends in the next 7 days (3)' })).toBeTruthy();

    // Within them only Acme's quotes: one company to pick would narrow nothing, so none is offered
    // (once the counts, which follow the rows, are in).
    await waitFor(() => expect(screen.queryByRole('combobox', { name: 'Add a filter by company' })).toBeNull());
    expect(screen.getByRole('combobox', { name: 'Add a filter by due date' })).toBeTruthy();
    await fireEvent.input(screen.getByRole('searchbox', { name: 'Search quotes' }), { target: { value: 'catalogue' } });
    await expectCount('1 quote');
    await fireEvent.input(screen.getByRole('searchbox', { name: 'Search quotes' }), { target: { value: 'globex' } });
    await screen.findByRole('heading', { name: 'No quotes match' });
    await fireEvent.click(screen.getByRole('button', { name: 'Clear filters' }));
    await expectCount('12 quotes');
    expect(screen.queryByRole('button', { name: /^Remove filter:/ })).toBeNull();
  });

  it('removes every chip at once, keeping the search', async () => {
    const bridge = fake();
    renderApp(bridge);
    await expectCount('12 quotes');
    await fireEvent.input(screen.getByRole('searchbox', { name: 'Search quotes' }), { target: { value: 'catalogue' } });
    await expectCount('6 quotes');
    await openFilters();
    await fireEvent.change(await screen.findByRole('combobox', { name: 'Add a filter by company' }), { target: { value: 'Globex' } });
    await expectCount('2 quotes');
    await fireEvent.change(screen.getByRole('combobox', { name: 'Add a filter by currency' }), { target: { value: 'USD' } });
    await fireEvent.click(await screen.findByRole('button', { name: 'Remove all filters' }));
    await expectCount('6 quotes');
    expect(lastQuery(bridge).search).toBe('catalogue');
    expect(lastQuery(bridge).companies).toBeUndefined();
  });
});

describe('the facet counts in the inbox state', () => {
  it('drops a late answer for an older selection', async () => {
    const bridge = fake();
    const inbox = new InboxState(bridge.api);
    const releaseFirst = bridge.holdNext('inbox.facets');
    inbox.open(null);
    // The counts are asked once the rows are in.
    await expect.poll(() => bridge.callsOf('inbox.facets').length).toBe(1);
    inbox.toggleFacet('companies', 'Globex');
    await expect.poll(() => inbox.facets?.total).toBe(4);
    releaseFirst();
    await new Promise((resolve) => setTimeout(resolve, 10));
    expect(inbox.facets?.total).toBe(4);
  });

  it('counts a notification\'s quotes only, and the facets follow the cache when it changes', async () => {
    const bridge = fake();
    const inbox = new InboxState(bridge.api);
    inbox.listen();
    inbox.showQuotes(null, [quoteId(1), quoteId(7)]);
    await expect.poll(() => inbox.facets?.companies).toEqual([
      { value: 'Acme Corp', count: 1 },
      { value: 'Globex', count: 1 },
    ]);
    inbox.open(null);
    await expect.poll(() => inbox.facets?.total).toBe(12);
    bridge.changeQuotes('acc-1', quotes().slice(0, 5));
    await expect.poll(() => inbox.facets?.total).toBe(5);
    inbox.dispose();
  });
});

// While quotes' details are still being read in the background, the filter bar says the
// service-type and target-market counts are partial, and stops saying so once all are read.
import { fireEvent, screen, waitFor } from '@testing-library/svelte';
import { describe, expect, it } from 'vitest';
import { facetCoverageNote } from '../../renderer/src/lib/inbox-filters';
import { FakeBridge } from './fake-bridge';
import { makeAccount, makeQuote, quoteId } from './fixtures';
import { makeDetails } from './quote/pricing-fixtures';
import { renderApp } from './render-app';

const NOW = Date.parse('2026-01-10T12:00:00Z');

describe('the facet coverage note', () => {
  it('says how many quotes the service types come from, in the person’s numbers, until all are known', () => {
    expect(facetCoverageNote({ known: 18_804, total: 100_000 }, 'en-US')).toBe('Service types and target markets from 18,804 of 100,000 quotes; the rest are being read.');
    expect(facetCoverageNote({ known: 0, total: 3 }, 'en-US')).toBe('Service types and target markets from 0 of 3 quotes; the rest are being read.');
    expect(facetCoverageNote({ known: 3, total: 3 }, 'en-US')).toBeNull();
    expect(facetCoverageNote({ known: 0, total: 0 }, 'en-US')).toBeNull();
    expect(facetCoverageNote(undefined, 'en-US')).toBeNull();
  });

  it('shows beside the pickers while details are pending and goes once they are all read', async () => {
    const quotes = [1, 2, 3].map((n) => makeQuote({ id: quoteId(n), quoteNumber: `Q-${n}`, companyName: n === 1 ? 'Acme' : 'Globex', quoteDate: new Date(NOW - n * 86_400_000).toISOString() }));
    const detailsOf = (n: number) => makeDetails({ id: quoteId(n), quoteNumber: `Q-${n}` });
    const bridge = new FakeBridge({ accounts: [makeAccount({ id: 'acc-1', access: 'internal' })], quotes: { 'acc-1': quotes }, details: { [quoteId(1)]: detailsOf(1) }, now: NOW });
    renderApp(bridge);
    await waitFor(() => expect(screen.getByTestId('quote-count').textContent).toBe('3 quotes'));
    // Folded pickers, no service type chosen: nothing to say yet.
    expect(screen.getByTestId('facet-coverage').textContent).toBe('');
    await fireEvent.click(await screen.findByRole('button', { name: 'Filters' }));
    await waitFor(() => expect(screen.getByTestId('facet-coverage').textContent).toBe('Service types and target markets from 1 of 3 quotes; the rest are being read.'));
    expect(screen.getByRole('group', { name: 'Filters' }).hidden).toBe(false);

    bridge.describeQuotes('acc-1', [detailsOf(2)]);
    await waitFor(() => expect(screen.getByTestId('facet-coverage').textContent).toBe('Service types and target markets from 2 of 3 quotes; the rest are being read.'));
    bridge.describeQuotes('acc-1', [detailsOf(3)]);
    await waitFor(() => expect(screen.getByTestId('facet-coverage').textContent).toBe(''));
    // The service types of all three are offered, counted exactly.
    expect(screen.getByRole('combobox', { name: 'Add a filter by service type' })).toBeTruthy();
  });

  it('reads only the counts again when details arrive, and the rows too when they are chosen by a service type', async () => {
    const quotes = [1, 2].map((n) => makeQuote({ id: quoteId(n), quoteNumber: `Q-${n}`, quoteDate: new Date(NOW - n * 86_400_000).toISOString() }));
    const detailsOf = (n: number) => makeDetails({ id: quoteId(n), quoteNumber: `Q-${n}` });
    const bridge = new FakeBridge({ accounts: [makeAccount({ id: 'acc-1', access: 'internal' })], quotes: { 'acc-1': quotes }, details: { [quoteId(1)]: detailsOf(1) }, now: NOW });
    renderApp(bridge);
    await waitFor(() => expect(screen.getByTestId('quote-count').textContent).toBe('2 quotes'));
    await waitFor(() => expect(bridge.callsOf('inbox.facets').length).toBeGreaterThan(0));
    const queries = bridge.callsOf('inbox.query').length;
    const facets = bridge.callsOf('inbox.facets').length;
    bridge.describeQuotes('acc-1', [detailsOf(2)]);
    await waitFor(() => expect(bridge.callsOf('inbox.facets').length).toBe(facets + 1));
    // No row moved: the list is not read again.
    await new Promise((settle) => setTimeout(settle, 400));
    expect(bridge.callsOf('inbox.query').length).toBe(queries);

    // Filtered by a service type: a quote newly described may now belong in the list.
    await fireEvent.click(await screen.findByRole('button', { name: 'Filters' }));
    const picker = await screen.findByRole('combobox', { name: 'Add a filter by service type' });
    const option = [...picker.querySelectorAll('option')].find((each) => each.value !== '');
    await fireEvent.change(picker, { target: { value: option!.value } });
    await waitFor(() => expect(bridge.callsOf('inbox.query').length).toBeGreaterThan(queries));
    const filtered = bridge.callsOf('inbox.query').length;
    bridge.describeQuotes('acc-1', [detailsOf(2)]);
    await waitFor(() => expect(bridge.callsOf('inbox.query').length).toBeGreaterThan(filtered));
  });
});

// Issue 27: the reading pane shows what the cache holds at once and asks the service again in
// the background; a newer copy says "Updated", a failed read keeps what is shown.
import { fireEvent, screen, waitFor, within } from '@testing-library/svelte';
import { describe, expect, it } from 'vitest';
import { FakeBridge } from './fake-bridge';
import { makeAccount, makeQuote, quoteId } from './fixtures';
import { makeDetails } from './quote/pricing-fixtures';
import { renderApp } from './render-app';
import { settledQuoteRows } from './quote-table-rows';

const NAMES = ['Website relaunch', 'App store texts'];

function fake(withDetails = true) {
  const quotes = NAMES.map((projectName, index) => makeQuote({ id: quoteId(index + 1), projectName, quoteDate: `2025-05-0${3 - index}T09:00:00Z` }));
  return new FakeBridge({
    accounts: [makeAccount({ id: 'acme', name: 'Acme Localisation' })],
    quotes: { acme: quotes },
    details: withDetails ? Object.fromEntries(quotes.map((quote) => [quote.id, makeDetails({ id: quote.id, projectName: quote.projectName })])) : {},
  });
}

const pane = () => screen.getByRole('region', { name: 'Selected quote' });
const freshness = () => pane().querySelector('[data-quote-freshness]')!;

/** Clicks the first row and waits for the pane's first look at it; the background read is then held. */
async function openFirstHeld(bridge: FakeBridge): Promise<() => void> {
  renderApp(bridge, { width: 1280 });
  const [first] = await settledQuoteRows();
  await fireEvent.click(first!);
  await waitFor(() => expect(bridge.callsOf('quotes.detail')).toHaveLength(1));
  return bridge.holdNext('quotes.detail');
}

describe('the reading pane reads the cache first', () => {
  it('shows the cached quote with its pricing while the service is asked, then says "Updated" when its copy moved', async () => {
    const bridge = fake();
    const release = await openFirstHeld(bridge);
    expect(await within(pane()).findByRole('heading', { level: 2, name: NAMES[0] })).toBeTruthy();
    expect(within(pane()).getByRole('heading', { name: 'Pricing' })).toBeTruthy();
    expect(bridge.callsOf('quotes.detail')[0]).toEqual({ accountId: 'acme', quoteId: quoteId(1), cached: true });
    // The service's read is on its way (held): what is shown does not wait for it.
    await waitFor(() => expect(bridge.callsOf('quotes.detail')).toHaveLength(2));
    expect(bridge.callsOf('quotes.detail')[1]).toEqual({ accountId: 'acme', quoteId: quoteId(1) });
    expect(freshness().textContent).toBe('');

    // The service's copy is another revision: it replaces the cached one, said in a polite live region.
    bridge.details = { ...bridge.details, [quoteId(1)]: makeDetails({ id: quoteId(1), projectName: 'Website relaunch, revised' }) };
    release();
    expect(await within(pane()).findByRole('heading', { level: 2, name: 'Website relaunch, revised' })).toBeTruthy();
    expect(freshness().getAttribute('role')).toBe('status');
    expect(freshness().textContent).toBe('Updated');
  });

  it('says nothing when the service\'s copy is the one shown', async () => {
    const bridge = fake();
    const release = await openFirstHeld(bridge);
    await waitFor(() => expect(bridge.callsOf('quotes.detail')).toHaveLength(2));
    release();
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(within(pane()).getByRole('heading', { level: 2, name: NAMES[0] })).toBeTruthy();
    expect(freshness().textContent).toBe('');
  });

  it('keeps the cached quote when the service fails, saying quietly when it was cached', async () => {
    const bridge = fake();
    const release = await openFirstHeld(bridge);
    bridge.failNext('quotes.detail', { code: 'network', message: 'The service did not answer' });
    await waitFor(() => expect(bridge.callsOf('quotes.detail')).toHaveLength(2));
    release();
    await waitFor(() => expect(pane().textContent).toMatch(/Could not refresh \(.+\)\. Showing the copy cached at/));
    expect(within(pane()).getByRole('heading', { level: 2, name: NAMES[0] })).toBeTruthy();
    expect(within(pane()).getByRole('heading', { name: 'Pricing' })).toBeTruthy();
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('shows the row of a quote never read in detail at once, with a progress mark until its pricing comes', async () => {
    const bridge = fake(false);
    const release = await openFirstHeld(bridge);
    expect(await within(pane()).findByRole('heading', { level: 2, name: NAMES[0] })).toBeTruthy();
    await waitFor(() => expect(bridge.callsOf('quotes.detail')).toHaveLength(2));
    expect(within(pane()).getByText(/Reading the pricing and details from the service/)).toBeTruthy();
    expect(within(pane()).queryByRole('heading', { name: 'Pricing' })).toBeNull();

    bridge.details = { [quoteId(1)]: makeDetails({ id: quoteId(1), projectName: NAMES[0] }) };
    release();
    expect(await within(pane()).findByRole('heading', { name: 'Pricing' })).toBeTruthy();
    expect(within(pane()).queryByText(/Reading the pricing/)).toBeNull();
  });
});

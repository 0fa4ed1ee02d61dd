import { fireEvent, screen, waitFor, within } from '@testing-library/svelte';
import { describe, expect, it } from 'vitest';
import { FakeBridge } from './fake-bridge';
import { makeAccount, makeQuote, quoteId } from './fixtures';
import { makeDetails } from './quote/pricing-fixtures';
import { memoryPreferences, renderApp } from './render-app';
import { settledQuoteRows } from './quote-table-rows';

const acme = makeAccount({ id: 'acme', name: 'Acme Localisation' });
const north = makeAccount({ id: 'north', name: 'Northwind' });
const NAMES = ['Website relaunch', 'App store texts', 'Safety sheets'];

function fake() {
  const quotes = NAMES.map((projectName, index) => makeQuote({ id: quoteId(index + 1), projectName, quoteDate: `2025-05-0${3 - index}T09:00:00Z` }));
  return new FakeBridge({
    accounts: [acme, north],
    quotes: { acme: quotes, north: [makeQuote({ id: quoteId(50), projectName: 'Northern lights' })] },
    details: Object.fromEntries(quotes.map((quote) => [quote.id, makeDetails({ id: quote.id, projectName: quote.projectName })])),
  });
}

const rows = settledQuoteRows;

const pane = () => screen.getByRole('region', { name: 'Selected quote' });

describe('the reading pane', () => {
  it('shows the clicked row beside the list, follows j/k, and marks what it shows read', async () => {
    const bridge = fake();
    bridge.unread = { acme: [quoteId(2)] };
    renderApp(bridge, { width: 1280 });
    const [first] = await rows();
    expect(pane().textContent).toContain('No quote selected');

    await fireEvent.click(first!);
    await waitFor(() => expect(within(pane()).getByRole('heading', { level: 2, name: NAMES[0] })).toBeTruthy());
    // Still the inbox: the list is there and the row is the current one.
    expect(first!.getAttribute('aria-current')).toBe('true');
    expect(screen.getByRole('table', { name: 'Quotes' })).toBeTruthy();

    await fireEvent.keyDown(first!, { key: 'j' });
    await waitFor(() => expect(within(pane()).getByRole('heading', { level: 2, name: NAMES[1] })).toBeTruthy());
    await waitFor(() => expect(bridge.calls.some((call) => call.method === 'notifications.markRead')).toBe(true));
  });

  it('opens the full view on a double-click or the pane\'s button, and comes back to the pane', async () => {
    renderApp(fake(), { width: 1280 });
    const [, second] = await rows();
    // As a browser does: the clicks of a double-click come first.
    await fireEvent.click(second!);
    await fireEvent.dblClick(second!);
    const full = await screen.findByRole('region', { name: 'Quote' });
    await waitFor(() => expect(within(full).getByRole('heading', { level: 2, name: NAMES[1] })).toBeTruthy());
    expect(screen.queryByRole('table', { name: 'Quotes' })).toBeNull();
    await fireEvent.click(screen.getByRole('button', { name: 'Inbox' }));
    await waitFor(() => expect(within(pane()).getByRole('heading', { level: 2, name: NAMES[1] })).toBeTruthy());

    await fireEvent.click(within(pane()).getByRole('button', { name: 'Open full view' }));
    expect(await screen.findByRole('region', { name: 'Quote' })).toBeTruthy();
  });

  it('stays as it is when the same account is chosen again, marking nothing read behind the person\'s back', async () => {
    const bridge = fake();
    renderApp(bridge, { width: 1280 });
    const [first] = await rows();
    await fireEvent.click(first!);
    await waitFor(() => expect(within(pane()).getByRole('heading', { level: 2, name: NAMES[0] })).toBeTruthy());
    // Shown from the cache at once, then asked of the service in the background: settled once both were read.
    const readsOfIt = () => bridge.callsOf('quotes.detail').filter((call) => (call as { quoteId: string }).quoteId === quoteId(1));
    await waitFor(() => expect(readsOfIt()).toHaveLength(2));
    const reads = readsOfIt().length;
    // The quote turns unread meanwhile (a revision): choosing its account again must not read it.
    bridge.unread = { acme: [quoteId(1)] };
    await fireEvent.click(screen.getByRole('navigation', { name: 'Accounts' }).querySelector('button[data-account-id="acme"]')!);
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(within(pane()).getByRole('heading', { level: 2, name: NAMES[0] })).toBeTruthy();
    expect(readsOfIt()).toHaveLength(reads);
    expect(bridge.callsOf('notifications.markRead')).toEqual([]);
  });

  it('is not there in a narrow window: a click opens the full view as before', async () => {
    renderApp(fake(), { width: 1000 });
    const [first] = await rows();
    expect(screen.queryByRole('region', { name: 'Selected quote' })).toBeNull();
    await fireEvent.click(first!);
    const full = await screen.findByRole('region', { name: 'Quote' });
    await waitFor(() => expect(within(full).getByRole('heading', { level: 2, name: NAMES[0] })).toBeTruthy());
  });

  it('empties when another account is chosen instead of showing a quote of the list before', async () => {
    renderApp(fake(), { width: 1280 });
    const [first] = await rows();
    await fireEvent.click(first!);
    await waitFor(() => expect(within(pane()).getByRole('heading', { level: 2, name: NAMES[0] })).toBeTruthy());
    await fireEvent.click(screen.getByRole('navigation', { name: 'Accounts' }).querySelector('button[data-account-id="north"]')!);
    await waitFor(() => expect(pane().textContent).toContain('No quote selected'));
  });
});

describe('layout choices that are remembered', () => {
  it('compact rows, the reading pane off, All accounts and the view come back as they were left', async () => {
    const preferences = memoryPreferences();
    const first = renderApp(fake(), { width: 1280, preferences });
    await rows();
    await fireEvent.click(screen.getByRole('button', { name: 'Compact rows' }));
    await fireEvent.click(screen.getByRole('button', { name: 'Reading pane' }));
    await fireEvent.click(screen.getByRole('button', { name: /^All accounts/ }));
    await waitFor(() => expect(screen.getByRole('heading', { level: 1, name: 'All accounts' })).toBeTruthy());
    expect(preferences.value).toEqual({ density: 'compact', readingPane: false, allAccounts: true, view: 'inbox' });
    first.unmount();

    renderApp(fake(), { width: 1280, preferences });
    await rows();
    expect(screen.getByRole('heading', { level: 1, name: 'All accounts' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Compact rows' }).getAttribute('aria-pressed')).toBe('true');
    expect(screen.getByRole('button', { name: 'Reading pane' }).getAttribute('aria-pressed')).toBe('false');
    expect(screen.queryByRole('region', { name: 'Selected quote' })).toBeNull();
  });

  it('comes back to Settings when that is where the person was', async () => {
    renderApp(fake(), { preferences: memoryPreferences({ view: 'settings' }) });
    expect(await screen.findByRole('heading', { name: /^Settings$/ })).toBeTruthy();
  });
});

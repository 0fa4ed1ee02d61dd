// Issue 27: a move in the reading pane (a click, j/k) costs one bridge call, or none onto a
// neighbour read beforehand; what is shown beside the quote (receipts, the accounts that see
// it, the extras, the logo) waits for the person to stop on it.
import { fireEvent, screen, waitFor, within } from '@testing-library/svelte';
import { describe, expect, it } from 'vitest';
import { FakeBridge } from './fake-bridge';
import { makeAccount, makeQuote, quoteId } from './fixtures';
import { makeDetails } from './quote/pricing-fixtures';
import { renderApp } from './render-app';
import { settledQuoteRows } from './quote-table-rows';

const NAMES = ['Website relaunch', 'App store texts', 'Safety sheets', 'Annual report'];

function fake() {
  const quotes = NAMES.map((projectName, index) => makeQuote({ id: quoteId(index + 1), projectName, quoteDate: `2025-05-0${5 - index}T09:00:00Z` }));
  return new FakeBridge({
    accounts: [makeAccount({ id: 'acme', name: 'Acme Localisation' })],
    quotes: { acme: quotes },
    details: Object.fromEntries(quotes.map((quote) => [quote.id, makeDetails({ id: quote.id, projectName: quote.projectName })])),
  });
}

const pane = () => screen.getByRole('region', { name: 'Selected quote' });
const detailReadsOf = (bridge: FakeBridge, id: string) => bridge.callsOf('quotes.detail').filter((call) => (call as { quoteId: string }).quoteId === id);

/** Opens the first row and waits until the pane settled on it: its neighbour read ahead and its cached view read. */
async function settledOnFirst(bridge: FakeBridge): Promise<HTMLElement[]> {
  renderApp(bridge, { width: 1280 });
  const rows = await settledQuoteRows();
  await fireEvent.click(rows[0]!);
  await waitFor(() => expect(bridge.callsOf('quotes.readAhead')).toHaveLength(1));
  await waitFor(() => expect(detailReadsOf(bridge, quoteId(2))).toHaveLength(1));
  await waitFor(() => expect(bridge.callsOf('decisions.receipts')).toHaveLength(1));
  return rows;
}

describe('a move in the reading pane', () => {
  it('costs one call, the cached quote; the rest waits until the person stops on it', async () => {
    const bridge = fake();
    const rows = await settledOnFirst(bridge);
    const before = bridge.calls.length;
    const paneCalls = () => bridge.calls.slice(before).filter(({ method }) => method.startsWith('quotes.') || method.startsWith('decisions.') || method === 'inbox.query');
    // Row 3 is no neighbour of row 1: its quote is read from the cache, and nothing else until the pause.
    await fireEvent.click(rows[2]!);
    await waitFor(() => expect(within(pane()).getByRole('heading', { level: 2, name: NAMES[2] })).toBeTruthy());
    const cachedRead = { method: 'quotes.detail', input: { accountId: 'acme', quoteId: quoteId(3), cached: true } };
    expect(paneCalls()).toEqual([cachedRead]);
    await waitFor(() => expect(bridge.callsOf('decisions.receipts')).toHaveLength(2));
    const paused = paneCalls().findIndex(({ method }) => method === 'decisions.receipts');
    expect(paneCalls().slice(0, paused)).toEqual([cachedRead]);

    // Stopped on it: its receipts, accounts, extras and logo, and the service's copy, are read once.
    const methods = paneCalls().map((call) => call.method);
    for (const method of ['decisions.receipts', 'inbox.query', 'quotes.extras', 'quotes.logo'] as const) expect(methods.filter((each) => each === method)).toHaveLength(1);
    await waitFor(() => expect(detailReadsOf(bridge, quoteId(3))).toEqual([{ accountId: 'acme', quoteId: quoteId(3), cached: true }, { accountId: 'acme', quoteId: quoteId(3) }]));
  });

  it('onto a neighbour read beforehand shows it with its pricing at once, with no call', async () => {
    const bridge = fake();
    const rows = await settledOnFirst(bridge);
    const reads = detailReadsOf(bridge, quoteId(2)).length;
    // Were the pane to ask the core, the answer would not come.
    bridge.holdNext('quotes.detail');
    await fireEvent.keyDown(rows[0]!, { key: 'j' });
    expect(within(pane()).getByRole('heading', { level: 2, name: NAMES[1] })).toBeTruthy();
    expect(within(pane()).getByRole('heading', { name: 'Pricing' })).toBeTruthy();
    expect(detailReadsOf(bridge, quoteId(2))).toHaveLength(reads);
  });

  it('onto a neighbour that moved since it was read shows the cache\'s newer copy', async () => {
    const bridge = fake();
    const rows = await settledOnFirst(bridge);
    // The read ahead brought a new revision of the neighbour into the cache: the change names its new version.
    bridge.details = { ...bridge.details, [quoteId(2)]: makeDetails({ id: quoteId(2), projectName: 'App store texts, revised' }) };
    bridge.emit('inbox.changed', { cacheVersion: 1000, accountIds: ['acme'], quotes: [{ accountId: 'acme', quoteId: quoteId(2), version: 'revised' }] });
    await waitFor(() => expect(detailReadsOf(bridge, quoteId(2))).toHaveLength(2));
    await new Promise((resolve) => setTimeout(resolve, 0));
    bridge.holdNext('quotes.detail');
    await fireEvent.keyDown(rows[0]!, { key: 'j' });
    expect(within(pane()).getByRole('heading', { level: 2, name: 'App store texts, revised' })).toBeTruthy();
  });
});

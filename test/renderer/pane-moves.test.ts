// Issue 27: a move in the reading pane (a click, j/k) costs one bridge call, or none onto a
// neighbour or a row on screen read beforehand; what is shown beside the quote (receipts, the accounts that see
// it, the extras, the logo) waits for the person to stop on it.
import { fireEvent, screen, waitFor, within } from '@testing-library/svelte';
import { describe, expect, it } from 'vitest';
import { FakeBridge } from './fake-bridge';
import { makeAccount, makeQuote, quoteId } from './fixtures';
import { makeDetails } from './quote/pricing-fixtures';
import { renderApp } from './render-app';
import { settledQuoteRows } from './quote-table-rows';

/**
 * The list shows 12 rows and a half without layout (jsdom); the 3 below them (EDGE_ROWS_READ)
 * are read as on screen too; the last ones are built below the view, and not read.
 */
const LAST_READ = 16;
const NAMES = ['Website relaunch', 'App store texts', 'Safety sheets', 'Annual report', ...Array.from({ length: 16 }, (_, index) => `Manual part ${index + 1}`)];
const BELOW_VIEW = 18;

function fake() {
  const quotes = NAMES.map((projectName, index) => makeQuote({ id: quoteId(index + 1), projectName, quoteDate: new Date(Date.UTC(2025, 4, 30 - index, 9)).toISOString() }));
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
    // The rows on screen were read ahead meanwhile (the last of them too).
    await waitFor(() => expect(detailReadsOf(bridge, quoteId(LAST_READ))).toHaveLength(1));
    const before = bridge.calls.length;
    const paneCalls = () => bridge.calls.slice(before).filter(({ method }) => method.startsWith('quotes.') || method.startsWith('decisions.') || method === 'inbox.query');
    // This row is no neighbour of row 1, nor on screen: its quote is read from the cache, and nothing else until the pause.
    await fireEvent.click(rows[BELOW_VIEW]!);
    await waitFor(() => expect(within(pane()).getByRole('heading', { level: 2, name: NAMES[BELOW_VIEW] })).toBeTruthy());
    const cachedRead = { method: 'quotes.detail', input: { accountId: 'acme', quoteId: quoteId(BELOW_VIEW + 1), cached: true } };
    expect(paneCalls()).toEqual([cachedRead]);
    await waitFor(() => expect(bridge.callsOf('decisions.receipts')).toHaveLength(2));
    const paused = paneCalls().findIndex(({ method }) => method === 'decisions.receipts');
    expect(paneCalls().slice(0, paused)).toEqual([cachedRead]);

    // Stopped on it: its receipts, accounts, extras and logo, and the service's copy, are read once.
    const methods = paneCalls().map((call) => call.method);
    for (const method of ['decisions.receipts', 'inbox.query', 'quotes.extras', 'quotes.logo'] as const) expect(methods.filter((each) => each === method)).toHaveLength(1);
    await waitFor(() => expect(detailReadsOf(bridge, quoteId(BELOW_VIEW + 1))).toEqual([{ accountId: 'acme', quoteId: quoteId(BELOW_VIEW + 1), cached: true }, { accountId: 'acme', quoteId: quoteId(BELOW_VIEW + 1) }]));
  });

  it('onto a row on screen, once the pane settled, shows it with its pricing at once, with no call', async () => {
    const bridge = fake();
    const rows = await settledOnFirst(bridge);
    // The rows on screen (and just past its edge) are read in the page's idle time, each once; those further below are not.
    await waitFor(() => expect(detailReadsOf(bridge, quoteId(LAST_READ))).toHaveLength(1));
    expect(detailReadsOf(bridge, quoteId(LAST_READ + 1))).toHaveLength(0);
    expect(detailReadsOf(bridge, quoteId(BELOW_VIEW + 1))).toHaveLength(0);
    expect(detailReadsOf(bridge, quoteId(4))).toEqual([{ accountId: 'acme', quoteId: quoteId(4), cached: true }]);
    bridge.holdNext('quotes.detail');
    await fireEvent.click(rows[3]!);
    expect(within(pane()).getByRole('heading', { level: 2, name: NAMES[3] })).toBeTruthy();
    expect(within(pane()).getByRole('heading', { name: 'Pricing' })).toBeTruthy();
    expect(detailReadsOf(bridge, quoteId(4))).toHaveLength(1);
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

  it('onto a row whose view is not in the page keeps the quote left hidden and inert until the answer, then fills the same detail in place', async () => {
    const bridge = fake();
    const rows = await settledOnFirst(bridge);
    // The rows on screen read (the last of them too): the next read held is the click's own.
    await waitFor(() => expect(detailReadsOf(bridge, quoteId(LAST_READ)).length).toBeGreaterThan(0));
    const heading = within(pane()).getByRole('heading', { level: 2, name: NAMES[0] });
    const historyAsked = bridge.callsOf('insights.history').length;
    const release = bridge.holdNext('quotes.detail');
    await fireEvent.click(rows[BELOW_VIEW]!);
    // On its way: the quote left is still laid out, but no one can see, read out or act on it as the new one.
    const body = heading.closest('.body')!;
    await waitFor(() => expect(body.classList.contains('holding')).toBe(true));
    // Svelte sets the property (jsdom knows no inert, Chromium does): it stops clicks and keys there.
    expect((body as HTMLElement & { inert: unknown }).inert).toBe(true);
    expect(within(pane()).queryByRole('button', { name: 'Accept…' })).toBeNull();
    release();
    await waitFor(() => expect(heading.textContent).toBe(NAMES[BELOW_VIEW]));
    // The same heading: the detail was updated, not built again.
    expect(within(pane()).getByRole('heading', { level: 2, name: NAMES[BELOW_VIEW] })).toBe(heading);
    expect((body as HTMLElement & { inert: unknown }).inert).toBe(false);
    expect(body.classList.contains('holding')).toBe(false);
    // The price comparison waits for the person to stop on the quote, as the receipts do.
    expect(bridge.callsOf('insights.history')).toHaveLength(historyAsked);
    await waitFor(() => expect(bridge.callsOf('decisions.receipts')).toHaveLength(2));
    await waitFor(() => expect(bridge.callsOf('insights.history')).toHaveLength(historyAsked + 1));
  });
});

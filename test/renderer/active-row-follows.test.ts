// The active row is held by its quote (#27): quotes arriving above it (the demo issuing quotes,
// a webhook, the list read again) leave the highlight and the reading pane on the same quote,
// and `j` goes on to the quote that was below it. A quote leaving the view hands its place to
// the quote below it.
import { fireEvent, screen, waitFor, within } from '@testing-library/svelte';
import { describe, expect, it } from 'vitest';
import type { QuoteListItem } from '../../preload/contract';
import { FakeBridge } from './fake-bridge';
import { makeAccount, makeQuote, quoteId } from './fixtures';
import { makeDetails } from './quote/pricing-fixtures';
import { renderApp } from './render-app';
import { settledQuoteRows } from './quote-table-rows';

const acme = makeAccount({ id: 'acme', name: 'Acme Localisation', access: 'client' });
const NAMES = ['Website relaunch', 'App store texts', 'Safety sheets', 'Annual report', 'Press kit'];

/** Newest first: quote n of `names`, dated so that the first is on top. */
function quotesNamed(names: readonly string[], firstId: number, day: number): QuoteListItem[] {
  return names.map((projectName, index) =>
    makeQuote({ id: quoteId(firstId + index), projectName, status: 'REVISED', quoteDate: `2025-05-${String(day - index).padStart(2, '0')}T09:00:00Z` }),
  );
}

function fake(quotes: QuoteListItem[]) {
  return new FakeBridge({
    accounts: [acme],
    quotes: { acme: quotes },
    details: Object.fromEntries(quotes.map((quote) => [quote.id, makeDetails({ id: quote.id, projectName: quote.projectName, status: 'REVISED' })])),
  });
}

/** Quotes newer than every other arrive (stored as a sync or a webhook stores them): they sort above. */
function arriveAbove(bridge: FakeBridge, names: readonly string[]) {
  const fresh = quotesNamed(names, 100, 28);
  bridge.details = { ...bridge.details, ...Object.fromEntries(fresh.map((quote) => [quote.id, makeDetails({ id: quote.id, projectName: quote.projectName, status: 'REVISED' })])) };
  bridge.changeQuotes('acme', [...fresh, ...bridge.quotes.acme!]);
}

const pane = () => screen.getByRole('region', { name: 'Selected quote' });
const paneShows = (name: string) => waitFor(() => expect(within(pane()).getByRole('heading', { level: 2, name })).toBeTruthy(), { timeout: 4000 });
const activeRowText = () => document.querySelector('[data-quote-table] [aria-current="true"]')?.textContent ?? '';
const rowCount = () => document.querySelectorAll('[data-quote-table] [data-row-index]').length;

describe('the active row follows its quote when the list is read again', () => {
  it('quotes arriving above it leave the highlight and the pane on the same quote, and j goes to the quote that was below it', async () => {
    const bridge = fake(quotesNamed(NAMES, 1, 20));
    renderApp(bridge, { width: 1280 });
    const rows = await settledQuoteRows();
    await fireEvent.click(rows[1]!);
    await paneShows(NAMES[1]!);
    expect(activeRowText()).toContain(NAMES[1]);

    arriveAbove(bridge, ['Brand new quote', 'Another new quote']);
    await waitFor(() => expect(rowCount()).toBe(NAMES.length + 2), { timeout: 4000 });
    await settledQuoteRows();
    // The highlight moved down with its quote; the pane did not switch.
    expect(activeRowText()).toContain(NAMES[1]);
    expect(document.querySelector('[data-quote-table] [aria-current="true"]')?.getAttribute('data-row-index')).toBe('3');
    await paneShows(NAMES[1]!);

    await fireEvent.keyDown(document.activeElement!, { key: 'j' });
    await paneShows(NAMES[2]!);
    expect(activeRowText()).toContain(NAMES[2]);
    await fireEvent.keyDown(document.activeElement!, { key: 'k' });
    await paneShows(NAMES[1]!);
  });

  it('when its quote leaves the view the quote below takes its place, and the pane keeps what it showed', async () => {
    const bridge = fake(quotesNamed(NAMES, 1, 20));
    renderApp(bridge, { width: 1280 });
    const rows = await settledQuoteRows();
    await fireEvent.click(rows[2]!);
    await paneShows(NAMES[2]!);

    // In one reading: a quote arrives above, and the active one leaves the view (taken out of the cache).
    const [, second, third, ...rest] = bridge.quotes.acme!;
    const fresh = quotesNamed(['Brand new quote'], 100, 28);
    bridge.details = { ...bridge.details, [fresh[0]!.id]: makeDetails({ id: fresh[0]!.id, projectName: 'Brand new quote', status: 'REVISED' }) };
    bridge.changeQuotes('acme', [...fresh, bridge.quotes.acme![0]!, second!, ...rest]);
    expect(third!.projectName).toBe(NAMES[2]);
    await waitFor(() => expect(activeRowText()).toContain(NAMES[3]), { timeout: 4000 });
    // A refresh never switches the pane: it still shows the quote the person chose.
    await paneShows(NAMES[2]!);

    await fireEvent.keyDown(document.activeElement!, { key: 'j' });
    await paneShows(NAMES[4]!);
  });
});

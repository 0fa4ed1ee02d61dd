// After deciding in the reading pane, focus lands on the quote's heading (read out by name),
// not on <body>: the Accept… button that opened the dialog is gone once the quote is decided.
// j/k go on from there without a click.
import { fireEvent, screen, waitFor, within } from '@testing-library/svelte';
import { describe, expect, it } from 'vitest';
import { cachedDetailView } from '../quote/detail-view';
import { FakeBridge } from '../fake-bridge';
import { makeAccount, makeQuote, quoteId } from '../fixtures';
import { makeDetails } from '../quote/pricing-fixtures';
import { renderApp } from '../render-app';
import { settledQuoteRows } from '../quote-table-rows';

const NAMES = ['Website relaunch', 'App store texts'];


function setup() {
  const quotes = NAMES.map((projectName, index) => makeQuote({ id: quoteId(index + 1), projectName, status: 'REVISED', quoteDate: `2025-05-0${3 - index}T09:00:00Z` }));
  const details = Object.fromEntries(quotes.map((quote) => [quote.id, makeDetails({ id: quote.id, projectName: quote.projectName, status: 'REVISED' })]));
  const fake = new FakeBridge({ accounts: [makeAccount()], quotes: { 'acc-1': quotes } });
  fake.arrange('quotes.detail', ({ quoteId: id }) => cachedDetailView(details[id]!));
  fake.arrange('decisions.accept', ({ quoteId: id }) => {
    const decided = { ...details[id]!, status: 'CHANGED_TO_PROJECT' as const };
    const receipt = {
      id: `r-${id}`, accountId: 'acc-1', accountName: 'Acme', quoteId: id, quoteNumber: decided.quoteNumber, version: 'v', total: null,
      decision: 'accept' as const, reason: null, at: '2026-03-01T10:00:00Z', pdfSha256: null, outcome: 'done' as const, status: 'CHANGED_TO_PROJECT', settled: null,
    };
    return { outcome: 'done', message: 'The quote was accepted.', quote: decided, receipt, view: cachedDetailView(decided) };
  });
  return { fake };
}

const pane = () => screen.getByRole('region', { name: 'Selected quote' });

/** Shows the first quote in the pane, once the list has loaded. */
async function showFirst() {
  await fireEvent.click((await settledQuoteRows())[0]!);
  await waitFor(() => expect(within(pane()).getByRole('heading', { level: 2, name: NAMES[0] })).toBeTruthy());
}

describe('focus after a decision in the reading pane', () => {
  it('goes to the quote heading when the dialog closes, and j moves on from there', async () => {
    const { fake } = setup();
    renderApp(fake, { width: 1280 });
    await showFirst();
    // As a click in a browser does, the button takes the focus (the dialog gives it back there).
    const accept = await within(pane()).findByRole('button', { name: 'Accept…' });
    accept.focus();
    await fireEvent.click(accept);
    const dialog = await screen.findByRole('dialog', { name: 'Accept this quote?' });
    await fireEvent.click(within(dialog).getByRole('button', { name: 'Accept quote' }));
    await fireEvent.click(await within(dialog).findByRole('button', { name: 'Done' }));

    const heading = within(pane()).getByRole('heading', { level: 2, name: NAMES[0] });
    await waitFor(() => expect(document.activeElement).toBe(heading));
    expect(within(pane()).queryByRole('button', { name: 'Accept…' })).toBeNull();

    await fireEvent.keyDown(document.activeElement!, { key: 'j' });
    await waitFor(() => expect(within(pane()).getByRole('heading', { level: 2, name: NAMES[1] })).toBeTruthy());
  });

  it('leaves focus on Accept… when the dialog is cancelled', async () => {
    const { fake } = setup();
    renderApp(fake, { width: 1280 });
    await showFirst();
    const accept = await within(pane()).findByRole('button', { name: 'Accept…' });
    accept.focus();
    await fireEvent.click(accept);
    const dialog = await screen.findByRole('dialog', { name: 'Accept this quote?' });
    await fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    await waitFor(() => expect(document.activeElement).toBe(within(pane()).getByRole('button', { name: 'Accept…' })));
  });
});

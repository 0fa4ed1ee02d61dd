// A triage beside the reading pane (#27): `a` keeps the pane (no full view behind the dialog),
// and after a decision in a filtered view the next quote is the active row, in the pane and
// announced, so `j` goes on from it instead of skipping it.
import { fireEvent, screen, waitFor, within } from '@testing-library/svelte';
import { describe, expect, it } from 'vitest';
import type { QuoteListItem } from '../../preload/contract';
import { FakeBridge } from './fake-bridge';
import { makeAccount, makeQuote, quoteId } from './fixtures';
import { makeDetails } from './quote/pricing-fixtures';
import { renderApp } from './render-app';
import { settledQuoteRows } from './quote-table-rows';

const acme = makeAccount({ id: 'acme', name: 'Acme Localisation', access: 'client' });
const NAMES = ['Website relaunch', 'App store texts', 'Safety sheets', 'Annual report'];

function fake() {
  const quotes: QuoteListItem[] = NAMES.map((projectName, index) =>
    makeQuote({ id: quoteId(index + 1), projectName, status: 'REVISED', quoteDate: `2025-05-0${5 - index}T09:00:00Z` }),
  );
  const bridge = new FakeBridge({
    accounts: [acme],
    quotes: { acme: quotes },
    details: Object.fromEntries(quotes.map((quote) => [quote.id, makeDetails({ id: quote.id, projectName: quote.projectName, status: 'REVISED' })])),
  });
  // As the core does: the decided quote is stored (the inbox hears of it), then the answer comes.
  bridge.arrange('decisions.accept', ({ quoteId: decided }) => {
    bridge.changeQuotes('acme', bridge.quotes.acme!.map((quote) => (quote.id === decided ? { ...quote, status: 'ACCEPTED' } : quote)));
    const receipt = {
      id: `r-${decided}`, accountId: 'acme', accountName: acme.name, quoteId: decided, quoteNumber: null, version: 'v', total: null,
      decision: 'accept' as const, reason: null, at: '2026-03-01T10:00:00Z', pdfSha256: null, outcome: 'done' as const, status: 'ACCEPTED', settled: null,
    };
    return { outcome: 'done', message: 'The quote was accepted.', quote: makeDetails({ id: decided, status: 'ACCEPTED' }), receipt };
  });
  return bridge;
}

const pane = () => screen.getByRole('region', { name: 'Selected quote' });
const paneShows = (name: string) => waitFor(() => expect(within(pane()).getByRole('heading', { level: 2, name })).toBeTruthy(), { timeout: 4000 });
const activeRowText = () => document.querySelector('[data-quote-table] [aria-current="true"]')?.textContent ?? '';

describe('the triage loop beside the reading pane', () => {
  it('after an accept in "Needs action" the next quote is in the pane, active and announced, and j goes on from it', async () => {
    renderApp(fake(), { width: 1280 });
    await settledQuoteRows();
    await fireEvent.click(screen.getByRole('checkbox', { name: 'Needs action' }));
    const [first] = await settledQuoteRows();
    await fireEvent.click(first!);
    await paneShows(NAMES[0]!);

    await fireEvent.keyDown(first!, { key: 'a' });
    const dialog = await screen.findByRole('dialog', { name: 'Accept this quote?' });
    // The pane stays: no full view opened behind the dialog.
    expect(screen.getByRole('table', { name: 'Quotes' })).toBeTruthy();
    expect(screen.queryByRole('region', { name: 'Quote' })).toBeNull();
    expect(document.activeElement).toBe(within(dialog).getByRole('button', { name: 'Accept quote' }));
    await fireEvent.click(within(dialog).getByRole('button', { name: 'Accept quote' }));
    expect((await within(dialog).findByRole('status')).textContent).toContain('The quote was accepted.');

    // The result closes by itself; the next quote comes forward.
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull(), { timeout: 4000 });
    await paneShows(NAMES[1]!);
    await waitFor(() => expect(activeRowText()).toContain(NAMES[1]));
    expect(document.querySelector("[data-triage-announcement]")?.textContent).toBe(`Quote accepted. Next: Q-2025-${activeRowText().match(/Q-2025-(\d{4})/)![1]}, ${NAMES[1]}.`);

    await fireEvent.keyDown(document.activeElement!, { key: 'j' });
    await paneShows(NAMES[2]!);
    expect(activeRowText()).toContain(NAMES[2]);
  });
});
